// What a metric measures: a target is one tracked-domain filter value (registrable domain, host, or host with a
// path prefix) or a domain group, the union of its members (DESIGN §3, Host match). A result matching several
// members of a group still counts once.
import { matchesAnyHostFilter, parseHostFilter, type HostFilter, type UrlParts } from '../host-match';

export interface Target {
  /** The filter value, or the domain group's id; keys the outputs. */
  key: string;
  filters: readonly HostFilter[];
  /** True for a domain group: it is shown beside the domains, never added to their sum (shareDenominator). */
  group?: boolean;
}

/**
 * The denominator of share of visibility over a selection (DESIGN §3, issue 26 item 1): Σ VS of the selected
 * domains, so that they add up to 100 %. Domain groups overlap their members, so a group is shown beside
 * them with its share of the same denominator and never adds to it; only when no domain is selected do the
 * groups make the denominator.
 */
export function shareDenominator(scores: readonly number[], isGroup: readonly boolean[]): number {
  const domains = isGroup.some((g) => !g);
  let sum = 0;
  scores.forEach((v, i) => {
    if (isGroup[i] === !domains) sum += v;
  });
  return sum;
}

function parse(value: string): HostFilter {
  const f = parseHostFilter(value);
  if (f === null) throw new RangeError(`not a domain, host or host with path: ${JSON.stringify(value)}`);
  return f;
}

/** A single tracked domain, host or host+path; keyed by its canonical value. */
export function domainTarget(value: string): Target {
  const f = parse(value);
  return { key: f.value, filters: [f] };
}

/** A domain group: every member value, matched as a union. */
export function groupTarget(key: string, members: readonly string[]): Target {
  return { key, filters: members.map(parse), group: true };
}

export function matchesTarget(target: Target, url: UrlParts): boolean {
  return matchesAnyHostFilter(target.filters, url);
}

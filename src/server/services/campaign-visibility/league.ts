// Competitors league and visibility score lost/gained, both between the first and last point of the range
// (DESIGN §3): the league ranks registrable domains by VS over the campaign's keywords at the end, ties by
// name, with share of every domain's VS, delta and rank change; lost/gained sums per-keyword drops and rises.
import type { CvCompetitorsResponse, CvVisibilityScoreLostResponse } from '@contracts/campaign-visibility';
import { parseHostFilter } from '@core/host-match';
import { deltas, percentOf } from '@core/metrics';
import type { CvKeywordChange } from '@storage/campaign-visibility-reads';
import type { CvRequest } from './request';

/** League rows shown when the request names no limit. */
export const DEFAULT_LEAGUE_SIZE = 20;
/** Keywords listed per target and direction when the request names no number. */
export const DEFAULT_TOP_KEYWORDS = 10;

/** Domains with VS > 0 by VS descending, ties by name; value = 1-based rank. */
function ranks(scores: ReadonlyMap<string, number>): Map<string, number> {
  const order = [...scores]
    .filter(([, v]) => v > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(order.map(([domain], i) => [domain, i + 1]));
}

export async function competitors(
  req: CvRequest,
  limit = DEFAULT_LEAGUE_SIZE,
): Promise<CvCompetitorsResponse> {
  const dates = await req.reads.pointDates(req.scope, req.span);
  const start = dates[0] ?? null;
  const end = dates[dates.length - 1] ?? null;
  if (start === null || end === null) return { startDate: start, endDate: end, total: 0, items: [] };
  const rows = await req.reads.domainScores(req.scope, [start, end]);
  const at = (d: string) =>
    new Map(rows.filter((r) => r.date === d).map((r) => [r.domain, r.visibilityScore]));
  const atStart = at(start);
  const atEnd = at(end);
  const startRanks = ranks(atStart);
  const endRanks = [...ranks(atEnd)];
  let total = 0;
  for (const v of atEnd.values()) total += v;
  const trackedOn = (domain: string) => {
    const t = req.tracked.find((d) => parseHostFilter(d.value)?.domain === domain);
    return t === undefined ? null : { key: t.value, kind: 'domain' as const, label: t.label, color: t.color };
  };
  return {
    startDate: start,
    endDate: end,
    total: endRanks.length,
    items: endRanks.slice(0, limit).map(([domain, rank]) => {
      const vs = atEnd.get(domain)!;
      const before = startRanks.get(domain);
      return {
        domain,
        rank,
        visibilityScore: vs,
        share: percentOf(vs, total),
        visibilityScoreDeltas: deltas(atStart.get(domain) ?? 0, vs),
        rankChange: before === undefined ? null : before - rank,
        tracked: trackedOn(domain),
      };
    }),
  };
}

const change = (c: CvKeywordChange) => ({ ...c, change: c.end - c.start });

export async function visibilityScoreLost(
  req: CvRequest,
  top = DEFAULT_TOP_KEYWORDS,
): Promise<CvVisibilityScoreLostResponse> {
  const result = await req.reads.keywordChanges(
    req.scope,
    req.targets.map((t) => t.target),
    req.span,
    top,
  );
  return {
    startDate: result.start,
    endDate: result.end,
    items: req.targets.map((t, i) => {
      const r = result.targets[i]!;
      return {
        ...t.ref,
        lost: r.lost,
        gained: r.gained,
        lostKeywords: r.lostKeywords.map(change),
        gainedKeywords: r.gainedKeywords.map(change),
      };
    }),
  };
}

// Derived views of the filter state (spec §3–§4): active domains, active values of a list filter, whether a
// filter is active, and the URL filter's colour looked up among the active domains and domain groups.
import { matchesHostFilter, parseHostFilter, parseUrlParts } from '../host-match';
import type {
  DomainEntry,
  DomainGroupEntry,
  FilterEntry,
  FilterState,
  UrlFilterValue,
  ValueFilter,
} from './types';

/** Spec §4: active domains are selected domains that are also active. */
export function activeDomains(state: FilterState): DomainEntry[] {
  return state.filters.domains.filter((d) => d.selected && d.active);
}

export function selectedDomains(state: FilterState): DomainEntry[] {
  return state.filters.domains.filter((d) => d.selected);
}

export function activeValues(entries: readonly FilterEntry[]): string[] {
  return entries.filter((e) => e.active).map((e) => e.value);
}

/** Spec §3: a list-valued filter is active when at least one item is active. */
export function isFilterActive(filter: readonly FilterEntry[] | ValueFilter<unknown>): boolean {
  return Array.isArray(filter) ? filter.some((e) => e.active) : (filter as ValueFilter<unknown>).active;
}

/** The host part of a URL without scheme, lower case (`https://www.a.com/x` → `www.a.com`); null if no URL. */
export function urlFilterDomain(url: string): string | null {
  return parseUrlParts(url)?.host ?? null;
}

function matches(value: string, url: UrlFilterValue): boolean {
  const filter = parseHostFilter(value);
  const parts = parseUrlParts(url.url);
  return filter !== null && parts !== null && matchesHostFilter(filter, parts);
}

/**
 * The entry a URL filter belongs to, among active domains, then active domain groups: the one whose value
 * is exactly the URL's domain, else the first whose host filter matches the URL; null when none does.
 */
export function urlFilterOwner(state: FilterState): DomainEntry | DomainGroupEntry | null {
  const url = state.filters.url.value;
  if (url === null) return null;
  const groups = state.filters.domainGroups.filter((g) => g.active);
  const domains = activeDomains(state);
  return (
    domains.find((d) => d.value === url.domain) ??
    domains.find((d) => matches(d.value, url)) ??
    groups.find((g) => g.members.some((m) => m === url.domain || matches(m, url))) ??
    null
  );
}

/** Spec §3: the URL filter's colour, looked up by its domain among active domains or domain groups. */
export function urlFilterColour(state: FilterState): string | null {
  return urlFilterOwner(state)?.color ?? null;
}

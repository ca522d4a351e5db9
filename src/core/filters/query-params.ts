// The query parameters of spec §7, built from the filter state: campaign ranking data, keyword/market ranking,
// the third view, campaign view data, result-type prominence, VE/CV/keyword queries, domain summaries, the
// ranking payload (at most one domain) and ranking-table requests (sort and column filters). List filters
// contribute their active values; domains their active domains (selected and active).
import { matchesHostFilter, parseHostFilter, parseUrlParts } from '../host-match';
import { activeDomains, activeValues, selectedDomains } from './selectors';
import type { FilterState } from './types';

export type QueryValue = string | number | boolean | null | string[];
export type QueryParams = Record<string, QueryValue>;

export interface QueryContext {
  campaign?: number | string | null;
  market?: string | null;
  /** End date of the date range (`YYYY-MM-DD`). */
  date?: string | null;
}

const domainValues = (s: FilterState) => activeDomains(s).map((d) => d.value);
const tags = (s: FilterState) => activeValues(s.filters.keywordTags);
const groups = (s: FilterState) => activeValues(s.filters.keywordGroup);
const domainGroups = (s: FilterState) => activeValues(s.filters.domainGroups);
const keywords = (s: FilterState) => activeValues(s.filters.keywords);
const resultTypes = (s: FilterState) => activeValues(s.filters.resultTypes);
const useWholeMarket = (s: FilterState) => s.filters.useWholeMarket.active && s.filters.useWholeMarket.value;

/** `{[name]: value}` when the list is non-empty, `{}` otherwise. */
function ifAny(name: string, values: string[]): QueryParams {
  return values.length > 0 ? { [name]: values } : {};
}

/** Tags, with the AND flag the server needs to combine them (spec §4: AND when more than one tag). */
function tagParams(s: FilterState): QueryParams {
  const t = tags(s);
  return t.length > 0 ? { tags: t, isAndFilter: s.isAndFilter } : {};
}

/** The chart's point date when the date filter is active, otherwise the range's end date. */
export function dateParam(s: FilterState, ctx: QueryContext): string | null {
  const f = s.filters.date;
  return f.active && f.value !== null ? f.value : (ctx.date ?? null);
}

function ifDate(s: FilterState, ctx: QueryContext): QueryParams {
  const d = dateParam(s, ctx);
  return d === null ? {} : { date: d };
}

/**
 * Spec §7 sortKey: the position of the URL filter's domain among the selected domains — the domain whose
 * value is the URL's host, else the first whose host filter matches the URL; null when none.
 */
export function urlSortKey(s: FilterState): number | null {
  const url = s.filters.url.value;
  if (url === null) return null;
  const selected = selectedDomains(s);
  const exact = selected.findIndex((d) => d.value === url.domain);
  if (exact >= 0) return exact;
  const parts = parseUrlParts(url.url);
  const i = selected.findIndex((d) => {
    const f = parseHostFilter(d.value);
    return f !== null && parts !== null && matchesHostFilter(f, parts);
  });
  return i >= 0 ? i : null;
}

/** The URL filter's parameters and sortKey when the filter is set and active. */
export function urlFilterParams(s: FilterState): QueryParams {
  const f = s.filters.url;
  if (!f.active || f.value === null) return {};
  const key = urlSortKey(s);
  return { url: f.value.url, ...(key === null ? {} : { sortKey: key }) };
}

/**
 * Campaign ranking data: campaign; domains, domainGroups, groups, tags when non-empty; date; URL filter; and
 * keywords when the Keywords filter holds any (issue 26 item 3: the chip must narrow every widget and table).
 */
export function campaignRankingParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    campaign: ctx.campaign ?? null,
    ...ifAny('domains', domainValues(s)),
    ...ifAny('domainGroups', domainGroups(s)),
    ...ifAny('groups', groups(s)),
    ...ifAny('keywords', keywords(s)),
    ...tagParams(s),
    ...ifDate(s, ctx),
    ...urlFilterParams(s),
  };
}

/** Keyword/market ranking: market; keywords, domains, date when present; URL filter. */
export function marketRankingParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    market: ctx.market ?? null,
    ...ifAny('keywords', keywords(s)),
    ...ifAny('domains', domainValues(s)),
    ...ifDate(s, ctx),
    ...urlFilterParams(s),
  };
}

/** Third view: always campaign, domains, domainGroups (possibly empty); result types and date if set; tags. */
export function thirdViewParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    campaign: ctx.campaign ?? null,
    domains: domainValues(s),
    domainGroups: domainGroups(s),
    ...ifAny('kwResultTypes', resultTypes(s)),
    ...ifDate(s, ctx),
    ...tagParams(s),
  };
}

/** Campaign view data: campaign, optional groups, tags, date. */
export function campaignViewParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    campaign: ctx.campaign ?? null,
    ...ifAny('groups', groups(s)),
    ...tagParams(s),
    ...ifDate(s, ctx),
  };
}

/** VE result-type prominence: domains, date, market, keywords. */
export function veResultTypeProminenceParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    domains: domainValues(s),
    date: dateParam(s, ctx),
    market: ctx.market ?? null,
    keywords: keywords(s),
  };
}

/** Campaign result-type prominence: domains, tags, groups, domainGroups, date, campaign. */
export function cvResultTypeProminenceParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    domains: domainValues(s),
    tags: tags(s),
    isAndFilter: s.isAndFilter,
    groups: groups(s),
    domainGroups: domainGroups(s),
    date: dateParam(s, ctx),
    campaign: ctx.campaign ?? null,
  };
}

/** VE query: market, domains (active values), optional date. */
export function veQueryParams(s: FilterState, ctx: QueryContext): QueryParams {
  return { market: ctx.market ?? null, domains: domainValues(s), ...ifDate(s, ctx) };
}

/** CV query: campaign ('-' when absent), domains, useWholeMarket (default false), domainGroups if non-empty. */
export function cvQueryParams(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    campaign: ctx.campaign ?? '-',
    domains: domainValues(s),
    useWholeMarket: useWholeMarket(s),
    ...ifAny('domainGroups', domainGroups(s)),
  };
}

/** Keyword query: market, domains, keywords. */
export function keywordQueryParams(s: FilterState, ctx: QueryContext): QueryParams {
  return { market: ctx.market ?? null, domains: domainValues(s), keywords: keywords(s) };
}

export type SummaryParams = { ok: true; params: QueryParams } | { ok: false; missing: string[] };

/**
 * Domain summary: domains (array), tags, groups, domainGroups; the explorer adds keywords; both add date,
 * kwResultTypes and useWholeMarket. Spec §5: a summary requires campaign (campaign view), market and domains.
 */
export function summaryParams(
  s: FilterState,
  ctx: QueryContext,
  view: 'campaign' | 'explorer',
): SummaryParams {
  const domains = domainValues(s);
  const missing = [
    ...(view === 'campaign' && (ctx.campaign ?? null) === null ? ['campaign'] : []),
    ...((ctx.market ?? '') === '' ? ['market'] : []),
    ...(domains.length === 0 ? ['domains'] : []),
  ];
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    params: {
      ...(view === 'campaign' ? { campaign: ctx.campaign ?? null } : {}),
      market: ctx.market ?? null,
      domains,
      tags: tags(s),
      isAndFilter: s.isAndFilter,
      groups: groups(s),
      domainGroups: domainGroups(s),
      // The campaign view narrows by the Keywords filter too, when it holds any (issue 26 item 3).
      ...(view === 'explorer' ? { keywords: keywords(s) } : ifAny('keywords', keywords(s))),
      date: dateParam(s, ctx),
      kwResultTypes: resultTypes(s),
      useWholeMarket: useWholeMarket(s),
    },
  };
}

/** Spec §5/§9: a ranking query uses at most the first active domain. Payload: domains, campaign, tags, groups. */
export function rankingPayload(s: FilterState, ctx: QueryContext): QueryParams {
  return {
    domains: domainValues(s).slice(0, 1),
    campaign: ctx.campaign ?? null,
    ...tagParams(s),
    ...ifAny('groups', groups(s)),
  };
}

/** A ranking-table field id: `field`, `field|domainIndex` (grouped), each optionally `.delta`/`.percentageDelta`. */
export interface FieldId {
  field: string;
  domainIndex: number | null;
  display: 'delta' | 'percentageDelta' | null;
}

/** Spec §3 field conventions: separator '|' before the domain index, suffix 'Deltas' with a display. */
export function formatFieldId(id: FieldId): string {
  const grouped = id.domainIndex === null ? id.field : `${id.field}|${id.domainIndex}`;
  return id.display === null ? grouped : `${grouped}.${id.display}`;
}

export function parseFieldId(text: string): FieldId | null {
  const m = /^([A-Za-z][A-Za-z0-9_]*)(?:\|(\d+))?(?:\.(delta|percentageDelta))?$/u.exec(text);
  if (m === null) return null;
  const field = m[1]!;
  const display = (m[3] as FieldId['display'] | undefined) ?? null;
  if (display !== null && !field.endsWith('Deltas')) return null;
  return { field, domainIndex: m[2] === undefined ? null : Number(m[2]), display };
}

/** Spec §7: a filter name containing a pipe has its dots encoded, so query parsers do not nest on them. */
export function encodeFilterName(name: string): string {
  return name.includes('|') ? name.replaceAll('.', '%2E') : name;
}

export function decodeFilterName(name: string): string {
  return name.includes('|') ? name.replaceAll('%2E', '.') : name;
}

export interface RankingRequest {
  sortField: string;
  sortDirection: 'asc' | 'desc';
  /** Domain index of a grouped sort field or the URL filter's domain. */
  sortKey?: number | null;
  /** Column filters by field id. */
  filters?: Record<string, QueryValue>;
}

/** Ranking-table query: sortField, sortDirection, sortKey plus the column filters with encoded names. */
export function rankingRequestParams(req: RankingRequest): QueryParams {
  const out: QueryParams = { sortField: req.sortField, sortDirection: req.sortDirection };
  if (req.sortKey !== undefined && req.sortKey !== null) out.sortKey = req.sortKey;
  for (const [name, value] of Object.entries(req.filters ?? {})) out[encodeFilterName(name)] = value;
  return out;
}

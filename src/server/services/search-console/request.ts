// Turns a Search Console request into store queries (issue 30): the organisation's property of the named site
// (another organisation's rows, and sites without rows, answer 404), the stored table that answers (core
// tables.ts), the periods, the parsed text filters and the sort. Bad parameters answer 400 saying what to fix.
import type { GscFilterQuery } from '@contracts/search-console';
import { gscMetrics, type GscMetrics, type GscSums } from '@core/search-console/metrics';
import { parseTextFilter, type GscTextFilter } from '@core/search-console/filters';
import { chooseTable, tableDimensions, type GscDimension, type GscTable } from '@core/search-console/tables';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { GscAggregateQuery, GscDateRange, GscSortField } from '@storage/search-console-reads';
import { badRequest, notFound } from '../../http/errors';
import { rankProperty } from '../market-keys';
import type { Actor } from '../campaign-setup/context';

/** A site's stored tables, as the organisation sees them. */
export interface GscSite {
  site: string;
  property: string;
  tables: GscTable[];
}

/** The organisation's site with its stored tables (none when the organisation has no rows of it). */
export async function siteTables(
  meta: MetaStore,
  rank: RankStore,
  org: number,
  site: string,
): Promise<GscSite> {
  const property = await rankProperty(meta, org, site.trim().toLowerCase());
  return { site, property, tables: await rank.searchConsole.tables(property) };
}

/** The organisation's site, 404 when it has no Search Console rows of it. */
export async function siteOf(meta: MetaStore, rank: RankStore, auth: Actor, site: string): Promise<GscSite> {
  const found = await siteTables(meta, rank, auth.user.organisationId, site);
  if (found.tables.length === 0) throw notFound(`Search Console data of site ${site}`);
  return found;
}

/** What every query of one request shares: the filters, parsed. */
export interface GscFilters {
  query: GscTextFilter[];
  page: GscTextFilter[];
  countries: string[];
  devices: string[];
  searchAppearances: string[];
  /** Dimensions the filters need the table to hold. */
  dims: GscDimension[];
}

function textFilters(values: readonly string[] | undefined, name: string): GscTextFilter[] {
  return (values ?? []).map((raw) => {
    const f = parseTextFilter(raw);
    if (typeof f === 'string') throw badRequest(`${name}: ${f}`, { field: name, value: raw });
    return f;
  });
}

export function parseFilters(q: GscFilterQuery): GscFilters {
  const query = textFilters(q.queryFilter, 'queryFilter');
  const page = textFilters(q.pageFilter, 'pageFilter');
  const countries = (q.country ?? []).map((c) => c.trim().toLowerCase());
  const devices = (q.device ?? []).map((d) => d.trim().toLowerCase());
  const searchAppearances = q.searchAppearance ?? [];
  const dims: GscDimension[] = [];
  if (query.length > 0) dims.push('query');
  if (page.length > 0) dims.push('page');
  if (countries.length > 0) dims.push('country');
  if (devices.length > 0) dims.push('device');
  if (searchAppearances.length > 0) dims.push('searchAppearance');
  return { query, page, countries, devices, searchAppearances, dims };
}

/** The table holding `needed`, or 400 naming what was imported. */
export function tableFor(
  site: GscSite,
  searchType: string,
  needed: readonly GscDimension[],
  wantDates = true,
): GscTable {
  const t = chooseTable(site.tables, searchType, [...new Set(needed)], wantDates);
  if (t !== null) return t;
  const have = site.tables.map((x) => `${x.searchType}: ${x.dimensions}${x.period ? ` (${x.period})` : ''}`);
  throw badRequest(
    `no imported Search Console table of ${site.site} holds ${needed.join(' × ') || 'any row'} for search type ` +
      `${searchType}: import rows with those dimensions (the API export has date × page × query) or ask for ` +
      `fewer; imported: ${have.join('; ')}`,
    { needed, searchType },
  );
}

/** The periods of a request on a table: dated tables default to their whole span; undated ones have none. */
export function periodsOf(
  q: Pick<GscFilterQuery, 'startDate' | 'endDate' | 'compareStartDate' | 'compareEndDate'>,
  t: GscTable,
): { current: GscDateRange | null; previous: GscDateRange | null } {
  if ((q.compareStartDate === undefined) !== (q.compareEndDate === undefined)) {
    throw badRequest('give both compareStartDate and compareEndDate, or neither');
  }
  for (const [a, b, what] of [
    [q.startDate, q.endDate, 'startDate'],
    [q.compareStartDate, q.compareEndDate, 'compareStartDate'],
  ] as const) {
    if (a !== undefined && b !== undefined && a > b) throw badRequest(`${what} ${a} is after its end ${b}`);
  }
  if (t.firstDate === null || t.lastDate === null) return { current: null, previous: null };
  const current = { start: q.startDate ?? t.firstDate, end: q.endDate ?? t.lastDate };
  if (current.start > current.end) {
    throw badRequest(`the period ${current.start} – ${current.end} is empty: choose a start before its end`);
  }
  const previous =
    q.compareStartDate !== undefined && q.compareEndDate !== undefined
      ? { start: q.compareStartDate, end: q.compareEndDate }
      : null;
  return { current, previous };
}

const METRIC_SORTS = ['clicks', 'impressions', 'ctr', 'position', 'clicksChange'] as const;

export function sortOf(
  q: GscFilterQuery,
  groupBy: readonly GscDimension[],
  fallback: GscSortField = 'clicks',
): GscAggregateQuery['sort'] {
  const field = (q.sortField ?? fallback) as GscSortField;
  const ok =
    (METRIC_SORTS as readonly string[]).includes(field) || (groupBy as readonly string[]).includes(field);
  if (!ok) {
    throw badRequest(
      `cannot sort by ${JSON.stringify(q.sortField)}: use ${[...METRIC_SORTS, ...groupBy].join(', ')}`,
      { field: 'sortField' },
    );
  }
  const textual = (groupBy as readonly string[]).includes(field) || field === 'position';
  return { field, direction: q.sortDirection ?? (textual ? 'asc' : 'desc') };
}

/** A store query on table `t` with the request's filters. */
export function storeQuery(
  site: GscSite,
  t: GscTable,
  f: GscFilters,
  rest: Pick<GscAggregateQuery, 'groupBy' | 'current' | 'previous' | 'sort' | 'offset' | 'limit'> &
    Partial<GscAggregateQuery>,
): GscAggregateQuery {
  return {
    property: site.property,
    searchType: t.searchType,
    period: t.period,
    dimensions: t.dimensions,
    query: f.query,
    page: f.page,
    countries: f.countries,
    devices: f.devices,
    searchAppearances: f.searchAppearances,
    ...rest,
  };
}

/** The response's description of the table read. */
export function sourceOf(
  site: GscSite,
  t: GscTable,
  periods: { current: GscDateRange | null; previous: GscDateRange | null },
) {
  return {
    site: site.site,
    searchType: t.searchType,
    dimensions: tableDimensions(t),
    period: t.period,
    dated: t.firstDate !== null,
    firstDate: t.firstDate,
    lastDate: t.lastDate,
    current: periods.current,
    previous: periods.previous,
  };
}

export const metricsOf = (s: GscSums | null): GscMetrics | null => (s === null ? null : gscMetrics(s));

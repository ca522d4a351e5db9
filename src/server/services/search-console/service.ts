// Search Console analysis (issue 30 items 2–4): Raw Search Analytics (any dimensions, filters, two periods,
// totals and a daily chart), Keyword-to-Page (each query's pages, split queries flagged with each page's share
// of clicks), Page-to-Keyword (each page's queries; decaying pages) and striking-distance queries ranked by
// the clicks a position-3 ranking would add under a CTR model. Reads go through the organisation's property
// (request.ts); figures are folded from store sums by src/core/search-console/metrics.ts.
import type { z } from 'zod';
import type {
  GscAnalyticsQuery,
  GscAnalyticsResponse,
  GscFilterQuery,
  GscKeywordPagesResponse,
  GscPageKeywordsResponse,
  GscSitesResponse,
  GscStrikingResponse,
  gscPageKeywordsQuery,
  gscStrikingQuery,
} from '@contracts/search-console';
import { ctrAt, DEFAULT_CTR_MODEL, type CtrModel } from '@core/metrics/ctr-model';
import { gscMetrics } from '@core/search-console/metrics';
import { dayOffset, precedingRange } from '@core/search-console/periods';
import { chooseTable, tableDimensions, type GscDimension } from '@core/search-console/tables';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { GscGroup } from '@storage/search-console-reads';
import { operatorOrganisationId } from '../market-keys';
import type { Actor } from '../campaign-setup/context';
import type { CsvExport } from '../campaign-visibility/csv';
import { analyticsCsv, CSV_ROWS, keywordPagesCsv, pageKeywordsCsv, strikingCsv } from './csv';
import {
  type GscFilters,
  type GscSite,
  metricsOf,
  parseFilters,
  periodsOf,
  siteOf,
  siteTables,
  sortOf,
  sourceOf,
  storeQuery,
  tableFor,
} from './request';
import { trackedPositions } from './tracked';

/** Striking-distance candidates ranked per request (the most impressions first). */
export const STRIKING_CANDIDATES = 5_000;
/** Position a striking-distance query is assumed to reach: the last of the top 3. */
const TARGET_POSITION = 3;

/** Finds a CTR model of the organisation by id (default: the default curve). */
export type CtrModelLookup = (auth: Actor, id: string) => Promise<CtrModel>;

/** The paging of an export: every row up to CSV_ROWS. */
const EVERY_ROW = { page: 1, pageSize: CSV_ROWS };

/**
 * The table of a query × page screen: one holding both when imported, else (web exports, one dimension per
 * table) the one holding `main`, whose rows are then listed without their pages or queries.
 */
function pairTable(site: GscSite, searchType: string, main: 'query' | 'page', dims: GscDimension[]) {
  return (
    chooseTable(site.tables, searchType, [...new Set<GscDimension>(['query', 'page', ...dims])], true) ??
    tableFor(site, searchType, [main, ...dims])
  );
}

const offsetOf = (q: GscFilterQuery) => (q.page - 1) * q.pageSize;

export class SearchConsoleService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly models: CtrModelLookup = async () => DEFAULT_CTR_MODEL,
  ) {}

  /** Whether the organisation has Search Console rows of the site. */
  async hasSite(organisationId: number, site: string): Promise<boolean> {
    return (await siteTables(this.meta, this.rank, organisationId, site)).tables.length > 0;
  }

  /** The organisation's sites with Search Console rows, and their tables. */
  async sites(auth: Actor): Promise<GscSitesResponse> {
    const org = auth.user.organisationId;
    const operator = (await operatorOrganisationId(this.meta)) === org;
    const suffix = `~o${org}`;
    const items = [];
    for (const p of await this.rank.searchConsole.properties()) {
      const own = operator ? !p.property.includes('~o') : p.property.endsWith(suffix);
      if (!own) continue;
      const tables = await this.rank.searchConsole.tables(p.property);
      items.push({
        site: operator ? p.property : p.property.slice(0, -suffix.length),
        rows: p.rows,
        tables: tables.map((t) => ({ ...t, dimensions: tableDimensions(t) })),
      });
    }
    return { items };
  }

  async analytics(auth: Actor, q: GscAnalyticsQuery): Promise<GscAnalyticsResponse> {
    const site = await siteOf(this.meta, this.rank, auth, q.site);
    const f = parseFilters(q);
    const groupBy = [...new Set(q.dimensions)];
    const t = tableFor(site, q.searchType, [...groupBy, ...f.dims]);
    const periods = periodsOf(q, t);
    const reads = this.rank.searchConsole;
    const page = await reads.aggregate(
      storeQuery(site, t, f, {
        groupBy,
        ...periods,
        sort: sortOf(q, groupBy),
        offset: offsetOf(q),
        limit: q.pageSize,
      }),
    );
    // Totals and the chart come from the coarsest dated table the filters allow: the most complete sums.
    const overview = tableFor(site, q.searchType, f.dims);
    const op = periodsOf(q, overview);
    const totals = (
      await reads.aggregate(
        storeQuery(site, overview, f, {
          groupBy: [],
          ...op,
          sort: { field: 'clicks', direction: 'desc' },
          offset: 0,
          limit: 1,
        }),
      )
    ).groups[0]!;
    const daily = op.current === null ? [] : await this.daily(site, f, op.current, op.previous, q.searchType);
    return {
      source: sourceOf(site, t, periods),
      totals: { ...gscMetrics(totals.current), previous: metricsOf(totals.previous) },
      daily,
      rows: page.groups.map((g) => ({
        keys: g.keys,
        ...gscMetrics(g.current),
        previous: metricsOf(g.previous),
      })),
      total: page.total,
    };
  }

  /** The current period's days, each beside the day as far into the previous period. */
  private async daily(
    site: GscSite,
    f: GscFilters,
    current: { start: string; end: string },
    previous: { start: string; end: string } | null,
    searchType: string,
  ) {
    const t = tableFor(site, searchType, ['date', ...f.dims]);
    const days = async (range: { start: string; end: string }) =>
      (
        await this.rank.searchConsole.aggregate(
          storeQuery(site, t, f, {
            groupBy: ['date'],
            current: range,
            previous: null,
            sort: { field: 'date', direction: 'asc' },
            offset: 0,
            limit: 100_000,
          }),
        )
      ).groups;
    const cur = await days(current);
    const prevByOffset = new Map<number, GscGroup>();
    if (previous !== null) {
      for (const g of await days(previous)) prevByOffset.set(dayOffset(previous.start, g.keys.date!), g);
    }
    return cur.map((g) => {
      const p = prevByOffset.get(dayOffset(current.start, g.keys.date!));
      return {
        date: g.keys.date!,
        ...gscMetrics(g.current),
        previous:
          previous === null
            ? null
            : gscMetrics(p?.current ?? { clicks: 0, impressions: 0, positionWeight: 0 }),
      };
    });
  }

  async keywordPages(auth: Actor, q: GscFilterQuery): Promise<GscKeywordPagesResponse> {
    const site = await siteOf(this.meta, this.rank, auth, q.site);
    const f = parseFilters(q);
    const t = pairTable(site, q.searchType, 'query', f.dims);
    const paired = tableDimensions(t).includes('page');
    const periods = periodsOf(q, t);
    const reads = this.rank.searchConsole;
    const queries = await reads.aggregate(
      storeQuery(site, t, f, {
        groupBy: ['query'],
        ...periods,
        previous: null,
        sort: sortOf(q, ['query']),
        offset: offsetOf(q),
        limit: q.pageSize,
      }),
    );
    const names = queries.groups.map((g) => g.keys.query!);
    const pages =
      names.length === 0 || !paired
        ? []
        : (
            await reads.aggregate(
              storeQuery(site, t, f, {
                groupBy: ['query', 'page'],
                ...periods,
                previous: null,
                queries: names,
                sort: { field: 'clicks', direction: 'desc' },
                offset: 0,
                limit: 1_000_000,
              }),
            )
          ).groups;
    const byQuery = new Map<string, GscGroup[]>();
    for (const g of pages) byQuery.set(g.keys.query!, [...(byQuery.get(g.keys.query!) ?? []), g]);
    const tracked = await trackedPositions(
      this.meta,
      this.rank,
      auth.user.organisationId,
      site.site,
      names,
      periods.current?.end ?? null,
    );
    return {
      source: sourceOf(site, t, { ...periods, previous: null }),
      rows: queries.groups.map((g) => {
        const total = g.current.clicks;
        const own = byQuery.get(g.keys.query!) ?? [];
        return {
          query: g.keys.query!,
          ...gscMetrics(g.current),
          split: own.filter((p) => p.current.clicks > 0).length > 1,
          trackedPosition: tracked.get(g.keys.query!) ?? null,
          pages: own.map((p) => ({
            page: p.keys.page!,
            ...gscMetrics(p.current),
            clickShare: total > 0 ? p.current.clicks / total : null,
          })),
        };
      }),
      total: queries.total,
    };
  }

  async pageKeywords(
    auth: Actor,
    q: z.output<typeof gscPageKeywordsQuery>,
  ): Promise<GscPageKeywordsResponse> {
    const site = await siteOf(this.meta, this.rank, auth, q.site);
    const f = parseFilters(q);
    const t = pairTable(site, q.searchType, 'page', f.dims);
    const paired = tableDimensions(t).includes('query');
    let periods = periodsOf(q, t);
    if (q.view === 'decaying' && periods.current !== null && periods.previous === null) {
      periods = { ...periods, previous: precedingRange(periods.current) };
    }
    const decaying = q.view === 'decaying';
    const reads = this.rank.searchConsole;
    const pages = await reads.aggregate(
      storeQuery(site, t, f, {
        groupBy: ['page'],
        ...periods,
        sort: decaying ? { field: 'clicksChange', direction: 'asc' } : sortOf(q, ['page']),
        offset: offsetOf(q),
        limit: q.pageSize,
      }),
    );
    const rows = decaying
      ? pages.groups.filter((g) => g.previous !== null && g.current.clicks < g.previous.clicks)
      : pages.groups;
    const names = rows.map((g) => g.keys.page!);
    const queries =
      names.length === 0 || !paired
        ? []
        : (
            await reads.aggregate(
              storeQuery(site, t, f, {
                groupBy: ['page', 'query'],
                ...periods,
                previous: null,
                pages: names,
                sort: { field: 'clicks', direction: 'desc' },
                offset: 0,
                limit: 1_000_000,
              }),
            )
          ).groups;
    const byPage = new Map<string, GscGroup[]>();
    for (const g of queries) {
      const list = byPage.get(g.keys.page!) ?? [];
      if (list.length < q.queriesPerPage) list.push(g);
      byPage.set(g.keys.page!, list);
    }
    return {
      source: sourceOf(site, t, periods),
      rows: rows.map((g) => ({
        page: g.keys.page!,
        ...gscMetrics(g.current),
        previous: metricsOf(g.previous),
        queries: (byPage.get(g.keys.page!) ?? []).map((x) => ({
          query: x.keys.query!,
          ...gscMetrics(x.current),
        })),
      })),
      total: decaying && rows.length < pages.groups.length ? offsetOf(q) + rows.length : pages.total,
    };
  }

  async striking(auth: Actor, q: z.output<typeof gscStrikingQuery>): Promise<GscStrikingResponse> {
    const site = await siteOf(this.meta, this.rank, auth, q.site);
    const model = await this.models(auth, q.ctrModel ?? 'default');
    const f = parseFilters(q);
    const t = tableFor(site, q.searchType, ['query', ...f.dims]);
    const periods = periodsOf(q, t);
    const found = await this.rank.searchConsole.aggregate(
      storeQuery(site, t, f, {
        groupBy: ['query'],
        ...periods,
        previous: null,
        positionBetween: [Math.min(q.minPosition, q.maxPosition), Math.max(q.minPosition, q.maxPosition)],
        sort: { field: 'impressions', direction: 'desc' },
        offset: 0,
        limit: STRIKING_CANDIDATES,
      }),
    );
    const target = ctrAt(model, TARGET_POSITION);
    const ranked = found.groups
      .map((g) => {
        const potentialClicks = g.current.impressions * target;
        return {
          query: g.keys.query!,
          ...gscMetrics(g.current),
          potentialClicks,
          extraClicks: Math.max(0, potentialClicks - g.current.clicks),
        };
      })
      .sort((a, b) => b.extraClicks - a.extraClicks || a.query.localeCompare(b.query));
    return {
      source: sourceOf(site, t, { ...periods, previous: null }),
      ctrModel: model.id,
      considered: found.groups.length,
      rows: ranked.slice(offsetOf(q), offsetOf(q) + q.pageSize),
      total: ranked.length,
    };
  }

  async analyticsCsv(auth: Actor, q: GscAnalyticsQuery): Promise<CsvExport> {
    return analyticsCsv(await this.analytics(auth, { ...q, ...EVERY_ROW }), [...new Set(q.dimensions)]);
  }

  async keywordPagesCsv(auth: Actor, q: GscFilterQuery): Promise<CsvExport> {
    return keywordPagesCsv(await this.keywordPages(auth, { ...q, ...EVERY_ROW }));
  }

  async pageKeywordsCsv(auth: Actor, q: z.output<typeof gscPageKeywordsQuery>): Promise<CsvExport> {
    return pageKeywordsCsv(await this.pageKeywords(auth, { ...q, ...EVERY_ROW }));
  }

  async strikingCsv(auth: Actor, q: z.output<typeof gscStrikingQuery>): Promise<CsvExport> {
    return strikingCsv(await this.striking(auth, { ...q, ...EVERY_ROW }));
  }
}

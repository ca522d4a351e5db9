// Derived tables of the RankStore declared as data (issue 28 item 4): each engine generates a table's DDL and
// its refresh statements from its declaration (duckdb/derived.ts; ClickHouse to follow) and publishes every
// refresh through one point, which every write path goes through, so no write path can forget a table. A
// declaration names its sort keys and measures (the columns), the unit one refresh rewrites and the stored
// inputs whose change calls for a refresh; each engine supplies only the SELECT of a unit's rows.
//
// rt_hits — the rank-tracking copy (issue 29): per campaign, the results of its tracked registrable domains
// (campaign_domains, declared by the server) on its keywords, with both positions, sorted by (campaign,
// keyword, date) so that a page of keywords reads its whole history as one narrow range instead of one
// serp_by_domain scan per tracked domain.
//
// cv_dom_hits — the campaign-visibility copy (DuckDB only; ClickHouse reads its by-domain table): per
// campaign, the serp_by_domain rows of its keywords whose registrable domain it declares (campaign_domains),
// sorted by (campaign, date, domain, keyword, position), so that the matching results of a campaign-visibility
// read come from a few narrow row groups instead of one serp_by_domain scan per domain.
//
// rt_urls — the rank-tracking URL dictionary (DuckDB only; issue 29): per campaign, the text of each URL its
// rt_hits rows name, sorted by (campaign, url id), so that a page's few hundred URLs are read from the
// campaign's own thousands instead of the url column of every stored URL.
//
// ms_roll — the market rollup (ClickHouse only): per (market, snapshot date, registrable domain, position)
// Σ search volume (monthly searches, known volumes only) of the keywords with a result there, so that the
// market-share overview at its own snapshot dates is Σ ctr(position) × sv over a few hundred thousand rows per
// date under any CTR model, instead of the market's million SERP rows per date. DuckDB's overview reads the
// explorer's finer market rollup ve_roll (duckdb/ve/roll.ts) instead.

/** Column types, engine-neutral: unsigned integers of 8/16/32/64 bits, calendar dates and text. */
export type ColumnType = 'u8' | 'u16' | 'u32' | 'u64' | 'date' | 'text';

export interface DerivedColumn {
  name: string;
  type: ColumnType;
  /** NULL allowed (classic position of a non-organic result). */
  nullable?: boolean;
}

/**
 * What one refresh rewrites: `campaign`, every row of a campaign (its keywords or tracked domains changed);
 * `campaign-date`, a campaign's rows of one snapshot date (SERP results of that date written); `market`,
 * every row of a market (a keyword's volume changed); `market-date`, a market's rows of one snapshot date.
 */
export type RefreshUnit = 'campaign' | 'campaign-date' | 'market' | 'market-date';

/** Stored inputs a derived table is computed from; a write of any of them refreshes it. */
export type DerivedInput = 'serp_results' | 'keywords' | 'campaign_keywords' | 'campaign_domains';

export interface DerivedTable {
  name: string;
  /** Sort key, in order (DuckDB's insert order; ClickHouse's ORDER BY). Starts with the refresh unit's id. */
  keys: readonly DerivedColumn[];
  /** The other columns, carried per key. */
  measures: readonly DerivedColumn[];
  /** ClickHouse partition columns: the unit of atomic replacement (atomic.ts). */
  partition: readonly string[];
  refresh: readonly RefreshUnit[];
  /**
   * How a `campaign-date` refresh treats a table without a date column: `add`, the unit's rows whose keys
   * the campaign lacks are added and none removed (a superset until the campaign's next whole refresh,
   * which its readers tolerate). Tables with a date column replace that date's rows.
   */
  onDates?: 'add';
  inputs: readonly DerivedInput[];
}

/** The rank-tracking copy (see the module comment). classic: 1 + organic and brand results above; else NULL. */
export const RANK_COPY: DerivedTable = {
  name: 'rt_hits',
  keys: [
    { name: 'campaign_id', type: 'u32' },
    { name: 'keyword_id', type: 'u32' },
    { name: 'date', type: 'date' },
  ],
  measures: [
    { name: 'market_id', type: 'u16' },
    { name: 'domain_id', type: 'u32' },
    { name: 'host_id', type: 'u32' },
    { name: 'url_id', type: 'u32' },
    { name: 'position', type: 'u8' },
    { name: 'result_type', type: 'u8' },
    { name: 'classic', type: 'u8', nullable: true },
  ],
  partition: ['market_id', 'date'],
  refresh: ['campaign', 'campaign-date'],
  inputs: ['serp_results', 'campaign_keywords', 'campaign_domains'],
};

/** The campaign-visibility copy (see the module comment); DuckDB only, so no ClickHouse partition. */
export const CV_COPY: DerivedTable = {
  name: 'cv_dom_hits',
  keys: [
    { name: 'campaign_id', type: 'u32' },
    { name: 'date', type: 'date' },
    { name: 'domain_id', type: 'u32' },
    { name: 'keyword_id', type: 'u32' },
    { name: 'position', type: 'u8' },
  ],
  measures: [
    { name: 'result_type', type: 'u8' },
    { name: 'url_id', type: 'u32' },
    { name: 'host_id', type: 'u32' },
  ],
  partition: [],
  refresh: ['campaign', 'campaign-date'],
  inputs: ['serp_results', 'campaign_keywords', 'campaign_domains'],
};

/**
 * The rank-tracking URL dictionary (see the module comment); DuckDB only. Built from the campaign's rt_hits
 * rows, so it is refreshed after them; URL texts never change once stored, so a URL kept past its last hit
 * is only a superset.
 */
export const RANK_URLS: DerivedTable = {
  name: 'rt_urls',
  keys: [
    { name: 'campaign_id', type: 'u32' },
    { name: 'url_id', type: 'u32' },
  ],
  measures: [{ name: 'url', type: 'text' }],
  partition: [],
  refresh: ['campaign', 'campaign-date'],
  onDates: 'add',
  inputs: ['serp_results', 'campaign_keywords', 'campaign_domains'],
};

/** The market rollup (see the module comment); ClickHouse only, replaced by (market, date) partition. */
export const MARKET_ROLL: DerivedTable = {
  name: 'ms_roll',
  keys: [
    { name: 'market_id', type: 'u16' },
    { name: 'date', type: 'date' },
    { name: 'domain_id', type: 'u32' },
    { name: 'position', type: 'u8' },
  ],
  measures: [{ name: 'sv', type: 'u64' }],
  partition: ['market_id', 'date'],
  refresh: ['market', 'market-date'],
  inputs: ['serp_results', 'keywords'],
};

/** Every derived table DuckDB keeps, in refresh order (the URL dictionary after the copy it reads). */
export const DERIVED_TABLES: readonly DerivedTable[] = [RANK_COPY, CV_COPY, RANK_URLS];

/** The table's columns: keys, then measures. */
export const columnsOf = (t: DerivedTable): DerivedColumn[] => [...t.keys, ...t.measures];

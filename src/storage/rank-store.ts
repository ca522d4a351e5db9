// The RankStore port: everything a metric query reads (DESIGN §1) — keywords with volumes, campaign
// membership with tags and keyword groups, SERP results, rollups. DuckDB is the embedded default and
// ClickHouse the scale-out engine; every adapter passes test/storage/rank-store.suite.ts. Values cross the
// port as plain JS numbers and strings (adapters convert bigint, decimals and 64-bit strings).
import type { ResultType } from '@core/result-types';
import type { DemoSerpPlan } from '@core/demo/plan';
import type { CampaignVisibilityReads } from './campaign-visibility-reads';
import type { VisibilityExplorerReads } from './visibility-explorer-reads';
import type { MarketShareReads } from './market-share-reads';
import type { RankTrackingReads } from './rank-tracking-reads';
import type { SearchConsoleReads } from './search-console-reads';
import type { RankBatch, RankChecksums, RankSegment } from './transfer';
import type { SerpCsvFile, SerpCsvRules, SerpCsvStaged } from './rank/serp-csv-stage';

export interface KeywordInput {
  /** Normalised keyword text (core normaliseKeyword). */
  text: string;
  /** Monthly search volume; null when unknown (unknown is not zero). */
  sv: number | null;
}

export interface CampaignKeywordInput {
  keywordId: number;
  tags: string[];
  groups: string[];
}

export interface SerpResultInput {
  market: string;
  keywordId: number;
  /** Snapshot date `YYYY-MM-DD`. */
  date: string;
  /** 1-based absolute rank on the page, 1–100. */
  position: number;
  resultType: ResultType;
  url: string;
  title?: string | null;
}

/** A stored SERP result as read back (reference checks, exports). */
export interface SerpResultRow {
  keywordId: number;
  position: number;
  resultType: ResultType;
  url: string;
  host: string;
  /** Registrable domain of the host. */
  domain: string;
  title: string | null;
}

/** A keyword's first organic result URLs at one snapshot date, best position first. */
export interface OrganicTop {
  keywordId: number;
  urls: string[];
}

export interface KeywordRow {
  id: number;
  text: string;
  sv: number | null;
}

export interface RankCounts {
  keywords: number;
  serpResults: number;
  /** Distinct snapshot dates over all markets. */
  snapshotDates: number;
  /** Distinct hosts with at least one SERP result. */
  hosts: number;
}

export interface MarketSummary {
  market: string;
  keywords: number;
  keywordsWithVolume: number;
  /** Σ sv over keywords with known volume (monthly searches). */
  totalSearchVolume: number;
  snapshotDates: string[];
  serpResults: number;
  hosts: number;
}

export interface CampaignKeywordSummary {
  campaignId: number;
  keywords: number;
  tags: { tag: string; keywords: number }[];
  groups: { group: string; keywords: number }[];
}

/** A keyword of a staged import, named by the importer's own dense id (0, 1, 2 … in the order given). */
export interface StagedKeyword {
  localId: number;
  market: string;
  /** Normalised keyword text. */
  text: string;
  /** Monthly search volume to store; null = not given (an existing volume is kept). */
  sv: number | null;
  /** Campaign keyword tags and groups, used when the import names a campaign. */
  tags: string[];
  groups: string[];
}

/** A URL of a staged import, named by the importer's own id; a repeated id with a new title updates it. */
export interface StagedUrl {
  localId: number;
  url: string;
  /** Lower-case host and its registrable domain. */
  host: string;
  domain: string;
  path: string;
  title: string | null;
}

/**
 * SERP results of a staged import, column by column (index i of every array is one row). Each (keyword,
 * date) snapshot in the batch replaces the stored snapshot whole. `part` numbers the import's files: when
 * two files give the same snapshot, the rows of the highest part win.
 */
export interface StagedSerpRows {
  count: number;
  /** StagedKeyword.localId. */
  keyword: Int32Array;
  /** Snapshot date as days since 1970-01-01. */
  day: Int32Array;
  /** 1–100. */
  position: Uint8Array;
  /** resultTypeCode of @core/result-types. */
  resultType: Uint8Array;
  /** StagedUrl.localId. */
  url: Int32Array;
  part: Uint16Array;
}

/**
 * A rank-tracker observation: where the tracked site stood, or that it was not in the top 100. It replaces
 * only the tracked host's result in the snapshot (and any result at the same position), never the rest of
 * the page; a snapshot left without results is recorded as checked-and-empty.
 */
export interface StagedRankRow {
  keyword: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** 1–100, or null for "not in the top 100". */
  position: number | null;
  /** StagedUrl.localId of the ranking URL (required when position is set). */
  url: number | null;
  /** Tracked host when known (from the URL or the import's target). */
  host: string | null;
}

export interface SearchConsoleRowInput {
  source: 'export' | 'api';
  /** The dimensions the row is broken down by, sorted and comma-joined (`date,page,query`; `query`). */
  dimensions: string;
  date: string | null;
  query: string | null;
  page: string | null;
  /** ISO 3166-1 alpha-2, lower case; `zz` unknown. */
  country: string | null;
  device: string | null;
  searchAppearance: string | null;
  clicks: number;
  impressions: number;
  /** 0–1. */
  ctr: number;
  position: number;
}

/** A stored Search Console row. */
export interface SearchConsoleRow extends SearchConsoleRowInput {
  property: string;
  searchType: string;
  period: string;
}

export interface RankImportCommit {
  /** Every keyword the staged rows name, and those imported on their own (lists). */
  keywords: StagedKeyword[];
  /** When set, the import's keywords of the campaign's market join it (tags and groups added). */
  campaign: { id: number; market: string } | null;
  /**
   * Where staged Search Console rows belong: the property (site host or domain), the search type (`web` …)
   * and the period as the export states it (`2024-05-01 - 2024-10-31`, or '' for API rows, which carry
   * dates). A row with the same key (property, type, period, dimensions and dimension values) replaces the
   * stored one. Null when no Search Console rows were staged.
   */
  searchConsole: { property: string; searchType: string; period: string } | null;
}

export interface RankImportCounts {
  keywords: number;
  serpResults: number;
  snapshots: number;
  rankObservations: number;
  searchConsoleRows: number;
  campaignKeywords: number;
}

/**
 * One import being written: rows are staged as they are parsed, invisible to readers, and commit() makes all
 * of them visible at once (one transaction, or an atomic publish on engines without one). abort() — or the
 * process dying — leaves the store exactly as it was. Re-importing the same data changes nothing.
 */
export interface RankImport {
  addUrls(urls: readonly StagedUrl[]): Promise<void>;
  addSerpRows(rows: StagedSerpRows): Promise<void>;
  addRankRows(rows: readonly StagedRankRow[]): Promise<void>;
  addSearchConsoleRows(rows: readonly SearchConsoleRowInput[]): Promise<void>;
  /**
   * Engines that read CSV themselves: stages a whole generic SERP CSV file (serp-csv-stage.ts); null when
   * the engine cannot read this file as described (the caller then streams it). Only on a fresh import.
   */
  stageSerpCsv?<C extends string>(
    file: SerpCsvFile,
    rules: SerpCsvRules<C>,
    cap: number,
  ): Promise<SerpCsvStaged<C> | null>;
  commit(c: RankImportCommit): Promise<RankImportCounts>;
  abort(): Promise<void>;
}

export interface RankStore {
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  counts(): Promise<RankCounts>;

  /** Inserts new keywords, updates volumes of existing ones; returns the id of every input text. */
  upsertKeywords(market: string, keywords: KeywordInput[]): Promise<Map<string, number>>;
  /** Replaces the campaign's keyword membership, tags and groups in one transaction. */
  setCampaignKeywords(campaignId: number, market: string, entries: CampaignKeywordInput[]): Promise<void>;
  /** Appends results in one transaction; rows of a (market, keyword, date) snapshot replace older ones. */
  insertSerpResults(rows: SerpResultInput[]): Promise<number>;
  /**
   * Writes the synthetic SERP history of the demo workspace (deterministic for a plan), replacing the plan's
   * snapshots; `onProgress` is called after each market-week. What a failure leaves differs: DuckDB writes
   * each market-week in its own transaction (whole weeks stay), ClickHouse publishes the whole history at
   * once (nothing stays). Either way running it again replaces every snapshot of the plan.
   */
  generateDemoSerps(plan: DemoSerpPlan, onProgress?: (done: number, total: number) => void): Promise<void>;

  /**
   * Declares the campaign's tracked registrable domains (all of them; an empty list clears them). Both
   * engines keep the campaign's rank-tracking copy of their results (derived-tables.ts, rt_hits) from this
   * set through every later write; rank-tracking reads of targets outside it use the raw rows. DuckDB keeps a
   * campaign-visibility copy of the same results too (cv_dom_hits, cv/tracked-hits.ts). Called after set-up
   * changes and the demo; an unchanged set writes nothing. Reads never write.
   */
  prepareCampaignReads(campaignId: number, domains: readonly string[]): Promise<void>;

  /** Starts a staged, all-or-nothing import (see RankImport). */
  beginImport(): Promise<RankImport>;

  marketSummary(market: string): Promise<MarketSummary>;
  campaignKeywordSummary(campaignId: number): Promise<CampaignKeywordSummary>;

  /** Keywords of a market (all, or those ids), by id. */
  readKeywords(market: string, keywordIds?: readonly number[]): Promise<KeywordRow[]>;
  /** The campaign's membership (all, or those keyword ids) with tags and groups (sorted), by keyword id. */
  readCampaignKeywords(campaignId: number, keywordIds?: readonly number[]): Promise<CampaignKeywordInput[]>;
  /** Raw results of one snapshot date (all keywords, or those ids), by keyword id and position. */
  readSnapshot(market: string, date: string, keywordIds?: readonly number[]): Promise<SerpResultRow[]>;
  /**
   * The first `depth` organic results (organic and brand, by position) of every keyword with a snapshot on
   * exactly that date, by keyword id: what keyword clustering compares (DESIGN §3).
   */
  readOrganicTop(market: string, date: string, depth: number): Promise<OrganicTop[]>;
  /** The campaign-visibility aggregates (campaign-visibility-reads.ts). */
  campaignVisibility: CampaignVisibilityReads;
  /** The visibility-explorer reads: one host over every keyword of a market (visibility-explorer-reads.ts). */
  visibilityExplorer: VisibilityExplorerReads;
  /** The market-share reads: per-domain VS over a market's keywords or keyword sets (market-share-reads.ts). */
  marketShare: MarketShareReads;
  /** The rank-tracking reads: tracked targets' results with both positions, page types (rank-tracking-reads.ts). */
  rankTracking: RankTrackingReads;
  /** Snapshots checked and known to hold no result (a rank tracker's "not ranked"), by date and keyword. */
  readEmptySnapshots(market: string): Promise<{ date: string; keywordId: number }[]>;
  /** Search Console rows of a property, in a stable order (type, period, dimensions, values). */
  readSearchConsoleRows(property: string): Promise<SearchConsoleRow[]>;
  /** The Search Console screens' reads: a property's tables and grouped sums (search-console-reads.ts). */
  searchConsole: SearchConsoleReads;

  /** Row count and checksum of every transfer segment, computed inside the engine (transfer.ts). */
  checksums(): Promise<RankChecksums>;
  /** A segment's rows in the engine-neutral form (transfer.ts), in key order, ids kept. */
  exportBatches(segment: RankSegment, batchRows?: number): AsyncIterable<RankBatch>;
  /**
   * Replaces a segment's content with the given batches (none: empties it), atomically per segment; ids
   * are kept. Returns the number of rows written.
   */
  importBatches(segment: RankSegment, batches: AsyncIterable<RankBatch>): Promise<number>;
}

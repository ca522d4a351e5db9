// The RankStore port: everything a metric query reads (DESIGN §1) — keywords with volumes, campaign
// membership with tags and keyword groups, SERP results, rollups. DuckDB is the embedded default and
// ClickHouse the scale-out engine; every adapter passes test/storage/rank-store.suite.ts. Values cross the
// port as plain JS numbers and strings (adapters convert bigint, decimals and 64-bit strings).
import type { ResultType } from '@core/result-types';
import type { DemoSerpPlan } from '@core/demo/plan';

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
   * Writes the synthetic SERP history of the demo workspace (deterministic for a plan) in one transaction,
   * replacing the plan's snapshots; `onProgress` is called after each market-week.
   */
  generateDemoSerps(plan: DemoSerpPlan, onProgress?: (done: number, total: number) => void): Promise<void>;

  marketSummary(market: string): Promise<MarketSummary>;
  campaignKeywordSummary(campaignId: number): Promise<CampaignKeywordSummary>;

  /** Keywords of a market (all, or those ids), by id. */
  readKeywords(market: string, keywordIds?: readonly number[]): Promise<KeywordRow[]>;
  /** The campaign's membership with tags and groups (sorted), by keyword id. */
  readCampaignKeywords(campaignId: number): Promise<CampaignKeywordInput[]>;
  /** Raw results of one snapshot date (all keywords, or those ids), by keyword id and position. */
  readSnapshot(market: string, date: string, keywordIds?: readonly number[]): Promise<SerpResultRow[]>;
}

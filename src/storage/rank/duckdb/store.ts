// The RankStore on an embedded DuckDB file (DESIGN §1): the default engine for SERP results, keywords and
// campaign membership. One connection, used by one operation at a time (db.ts).
import type { DemoSerpPlan } from '@core/demo/plan';
import type { CampaignKeywordInput, KeywordInput, RankStore, SerpResultInput } from '../../rank-store';
import type { RankBatch, RankSegment } from '../../transfer';
import { campaignVisibilityReads } from './cv';
import { disableCopies } from './cv/tracked-hits';
import { visibilityExplorerReads } from './ve';
import { marketShareReads } from './market-share';
import { rankTrackingReads } from './rankings';
import { DuckDb } from './db';
import { declareCampaignDomains } from './derived';
import { generateDemoSerps } from './demo-serps';
import {
  campaignKeywordSummary,
  counts,
  marketSummary,
  readCampaignKeywords,
  readKeywords,
  readSnapshot,
} from './reads';
import { beginImport } from './imports';
import { readOrganicTop } from './organic-top';
import { readEmptySnapshots, readSearchConsoleRows } from './import-reads';
import { searchConsoleReads } from './gsc/reads';
import { migrate } from './schema';
import * as transfer from './transfer';
import { insertSerpResults, setCampaignKeywords, upsertKeywords } from './writes';

export interface DuckDbRankStoreOptions {
  /** DuckDB memory limit, e.g. '4GB' (default: DuckDB's, 80 % of RAM); larger work spills to disk. */
  memoryLimit?: string;
  /** Worker threads (default: one per core). */
  threads?: number;
  /**
   * Read the per-campaign copies of its declared domains' results (derived.ts: the campaign-visibility and
   * rank-tracking copies; default true). Off, reads use the raw rows (serp_by_domain): same answers, slower;
   * writes still keep the copies.
   */
  domainCopies?: boolean;
}

/** Opens (creating if needed) the DuckDB file at `path`; call migrate() before use. */
export async function openDuckDbRankStore(
  path: string,
  options: DuckDbRankStoreOptions = {},
): Promise<RankStore> {
  const config: Record<string, string> = {};
  if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
  if (options.threads !== undefined) config.threads = String(options.threads);
  const db = await DuckDb.open(path, config);
  if (options.domainCopies === false) disableCopies(db);
  return duckDbRankStoreOn(db);
}

/** The RankStore over an open database (tests read its callsMade); close() closes the database. */
export function duckDbRankStoreOn(db: DuckDb): RankStore {
  return {
    migrate: () => db.exclusive((s) => migrate(s)),
    close: () => db.close(),
    counts: () => db.exclusive((s) => counts(s)),
    upsertKeywords: (market: string, keywords: KeywordInput[]) => upsertKeywords(db, market, keywords),
    setCampaignKeywords: (campaignId: number, market: string, entries: CampaignKeywordInput[]) =>
      setCampaignKeywords(db, campaignId, market, entries),
    insertSerpResults: (rows: SerpResultInput[]) => insertSerpResults(db, rows),
    generateDemoSerps: (plan: DemoSerpPlan, onProgress?: (done: number, total: number) => void) =>
      generateDemoSerps(db, plan, onProgress),
    prepareCampaignReads: (campaignId: number, domains: readonly string[]) =>
      db.transaction((s) => declareCampaignDomains(s, campaignId, domains)),
    beginImport: () => beginImport(db),
    marketSummary: (market: string) => db.read((s) => marketSummary(s, market)),
    campaignKeywordSummary: (campaignId: number) => db.read((s) => campaignKeywordSummary(s, campaignId)),
    readKeywords: (market: string, keywordIds?: readonly number[]) =>
      db.read((s) => readKeywords(s, market, keywordIds)),
    readCampaignKeywords: (campaignId: number, keywordIds?: readonly number[]) =>
      db.read((s) => readCampaignKeywords(s, campaignId, keywordIds)),
    readSnapshot: (market: string, date: string, keywordIds?: readonly number[]) =>
      db.read((s) => readSnapshot(s, market, date, keywordIds)),
    campaignVisibility: campaignVisibilityReads(db),
    readOrganicTop: (market: string, date: string, depth: number) =>
      db.read((s) => readOrganicTop(s, market, date, depth)),
    visibilityExplorer: visibilityExplorerReads(db),
    marketShare: marketShareReads(db),
    rankTracking: rankTrackingReads(db),
    readEmptySnapshots: (market: string) => db.read((s) => readEmptySnapshots(s, market)),
    readSearchConsoleRows: (property: string) => db.read((s) => readSearchConsoleRows(s, property)),
    searchConsole: searchConsoleReads(db),
    checksums: () => db.exclusive((s) => transfer.checksums(s)),
    exportBatches: (segment: RankSegment, batchRows?: number) =>
      transfer.exportBatches(db, segment, batchRows),
    importBatches: (segment: RankSegment, batches: AsyncIterable<RankBatch>) =>
      transfer.importBatches(db, segment, batches),
  };
}

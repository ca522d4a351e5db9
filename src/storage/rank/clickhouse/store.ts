// The RankStore on ClickHouse (DESIGN §1): the scale-out engine for SERP results, keywords and campaign
// membership, on one server or on a cluster sharded by market (schema.ts, topology.ts). Writes are staged
// and published partition by partition with a journal (atomic.ts); reads about one market go to the shard
// that owns it (reads.ts).
import { readOrganicTop } from './organic-top';
import type { DemoSerpPlan } from '@core/demo/plan';
import type { CampaignKeywordInput, KeywordInput, RankStore, SerpResultInput } from '../../rank-store';
import type { RankBatch, RankSegment } from '../../transfer';
import { recover } from './atomic';
import { campaignVisibilityReads } from './cv';
import { visibilityExplorerReads } from './ve';
import { marketShareReads } from './market-share';
import { rankTrackingReads } from './rankings';
import { ChContext } from './context';
import { generateDemoSerps } from './demo-serps';
import { declareCampaignDomains } from './derived-copies';
import {
  campaignKeywordSummary,
  counts,
  marketSummary,
  readCampaignKeywords,
  readKeywords,
  readSnapshot,
} from './reads';
import { beginImport } from './imports';
import { readEmptySnapshots, readSearchConsoleRows } from './import-reads';
import { searchConsoleReads } from './gsc/reads';
import { migrateSchema } from './schema';
import { openTopology } from './topology';
import * as transfer from './transfer';
import { importBatches } from './transfer-import';
import { insertSerpResults, setCampaignKeywords, upsertKeywords } from './writes';

export interface ClickHouseRankStoreOptions {
  /** HTTP URL of a ClickHouse server (credentials may be given as userinfo, else username/password). */
  url: string;
  /** Cluster name of the servers' <remote_servers>, or null for a single server. */
  cluster: string | null;
  /** Database of the workspace (default `sightline`), created on every shard by migrate(). */
  database?: string;
  /**
   * HTTP URLs of the cluster's servers, any order; default: derived from system.clusters assuming each
   * server's HTTP port sits as far from its native port as the entry server's does.
   */
  shardUrls?: readonly string[];
  username?: string;
  password?: string;
  /** ClickHouse settings sent with every statement (e.g. `{ max_threads: 4 }`, `{ log_queries: 1 }`). */
  settings?: Record<string, string | number>;
  /**
   * Campaign-visibility reads each shard runs at once (default 4); further reads wait in the adapter, in
   * arrival order, so a burst of requests queues in Sightline instead of piling statements onto the server.
   */
  cvReadsPerShard?: number;
}

/** The connected context, for the adapter's own tests and tools (diagnostics, crash-recovery tests). */
export async function openClickHouseContext(options: ClickHouseRankStoreOptions): Promise<ChContext> {
  const topology = await openTopology(options);
  try {
    return new ChContext(topology, options.database ?? 'sightline', options.cvReadsPerShard);
  } catch (error) {
    await topology.close();
    throw error;
  }
}

/** Connects to ClickHouse (and every shard of the cluster); call migrate() before use. */
export async function openClickHouseRankStore(options: ClickHouseRankStoreOptions): Promise<RankStore> {
  return rankStoreOn(await openClickHouseContext(options));
}

/** The RankStore over an open context; close() closes the context's connections. */
export function rankStoreOn(ctx: ChContext): RankStore {
  return {
    migrate: async () => {
      await migrateSchema(ctx);
      await ctx.exclusive(() => recover(ctx));
    },
    close: () => ctx.topology.close(),
    counts: () => counts(ctx),
    upsertKeywords: (market: string, keywords: KeywordInput[]) => upsertKeywords(ctx, market, keywords),
    setCampaignKeywords: (campaignId: number, market: string, entries: CampaignKeywordInput[]) =>
      setCampaignKeywords(ctx, campaignId, market, entries),
    insertSerpResults: (rows: SerpResultInput[]) => insertSerpResults(ctx, rows),
    generateDemoSerps: (plan: DemoSerpPlan, onProgress?: (done: number, total: number) => void) =>
      generateDemoSerps(ctx, plan, onProgress),
    // The declared domains keep the rank-tracking copy (derived-copies.ts); nothing else is learnt.
    prepareCampaignReads: (campaignId: number, domains: readonly string[]) =>
      declareCampaignDomains(ctx, campaignId, domains),
    beginImport: () => beginImport(ctx),
    marketSummary: (market: string) => marketSummary(ctx, market),
    campaignKeywordSummary: (campaignId: number) => campaignKeywordSummary(ctx, campaignId),
    readKeywords: (market: string, keywordIds?: readonly number[]) => readKeywords(ctx, market, keywordIds),
    readCampaignKeywords: (campaignId: number, keywordIds?: readonly number[]) =>
      readCampaignKeywords(ctx, campaignId, keywordIds),
    readSnapshot: (market: string, date: string, keywordIds?: readonly number[]) =>
      readSnapshot(ctx, market, date, keywordIds),
    readOrganicTop: (market: string, date: string, depth: number) => readOrganicTop(ctx, market, date, depth),
    readEmptySnapshots: (market: string) => readEmptySnapshots(ctx, market),
    readSearchConsoleRows: (property: string) => readSearchConsoleRows(ctx, property),
    searchConsole: searchConsoleReads(ctx),
    checksums: () => transfer.checksums(ctx),
    exportBatches: (segment: RankSegment, batchRows?: number) =>
      transfer.exportBatches(ctx, segment, batchRows),
    importBatches: (segment: RankSegment, batches: AsyncIterable<RankBatch>) =>
      importBatches(ctx, segment, batches),
    campaignVisibility: campaignVisibilityReads(ctx),
    visibilityExplorer: visibilityExplorerReads(ctx),
    marketShare: marketShareReads(ctx),
    rankTracking: rankTrackingReads(ctx),
  };
}

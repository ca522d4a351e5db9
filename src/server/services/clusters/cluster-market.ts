// Keyword clusters of one market snapshot (DESIGN §3, issue 6 item 5): reads each keyword's first ten organic
// URLs at the date and its volume, and clusters them with the core function. The unit of work the cluster
// job runs and caches per market and snapshot date, in slices that leave the event loop free.
import {
  CLUSTER_DEPTH,
  Clusterer,
  clusterKeywords,
  DEFAULT_MIN_SHARED_URLS,
  type ClusterKeyword,
  type KeywordCluster,
} from '@core/metrics/clusters';
import type { KeywordRow, RankStore } from '@storage/rank-store';

export interface ClusteredKeyword {
  id: number;
  text: string;
  /** Monthly searches; null when unknown. */
  sv: number | null;
}

export interface MarketCluster {
  hub: ClusteredKeyword;
  /** The hub first, then by volume descending. */
  members: ClusteredKeyword[];
  /** Σ sv of the members with known volume (monthly searches). */
  searchVolume: number;
}

export interface MarketClusters {
  market: string;
  date: string;
  minShared: number;
  /** Keywords with a snapshot at the date (every one is in exactly one cluster). */
  keywords: number;
  clusters: MarketCluster[];
}

/**
 * Keyword rows read per query on the sliced path: converting a result to JS runs on the main thread, so
 * 100,000 keywords in one query held the event loop for about a second on a busy machine.
 */
const KEYWORD_CHUNK = 10_000;

/**
 * What the clustering compares: each keyword's first ten organic URLs at the date, with text and volume.
 * With `between`, keywords are read in chunks of KEYWORD_CHUNK with `between` awaited after each.
 */
async function readInput(
  rank: RankStore,
  market: string,
  date: string,
  between?: () => Promise<void>,
): Promise<{ input: ClusterKeyword[]; known: Map<number, KeywordRow> }> {
  const top = await rank.readOrganicTop(market, date, CLUSTER_DEPTH);
  const ids = top.map((t) => t.keywordId);
  const known = new Map<number, KeywordRow>();
  const chunk = between ? KEYWORD_CHUNK : Math.max(1, ids.length);
  for (let i = 0; i < ids.length; i += chunk) {
    for (const k of await rank.readKeywords(market, ids.slice(i, i + chunk))) known.set(k.id, k);
    await between?.();
  }
  const input = top.map((t) => {
    const k = known.get(t.keywordId)!;
    return { id: k.id, text: k.text, sv: k.sv, urls: t.urls };
  });
  return { input, known };
}

function named(clusters: KeywordCluster[], known: Map<number, KeywordRow>): MarketCluster[] {
  return clusters.map(({ members }) => {
    const kws = members.map((id) => known.get(id)!);
    return {
      hub: kws[0]!,
      members: kws,
      searchVolume: kws.reduce((sum, k) => sum + (k.sv ?? 0), 0),
    };
  });
}

/** The clusters in one go (the bench measures this). */
export async function clusterMarket(
  rank: RankStore,
  market: string,
  date: string,
  minShared: number = DEFAULT_MIN_SHARED_URLS,
): Promise<MarketClusters> {
  const { input, known } = await readInput(rank, market, date);
  const clusters = named(clusterKeywords(input, minShared), known);
  return { market, date, minShared, keywords: input.length, clusters };
}

export type ClusterPhase = 'reading' | 'clustering';

/** Main-thread time one slice of clustering may take before the event loop gets a turn (ms). */
export const SLICE_MS = 20;
/**
 * Units per Clusterer.step between clock checks: one, since a single hub can scan long posting lists (a URL
 * in the top 10 of thousands of keywords); a clock read costs far less than the smallest step.
 */
const STEP_UNITS = 1;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same clusters as clusterMarket, computed in slices of about SLICE_MS that each end with a
 * setImmediate, so requests keep being served while a large market clusters. Reports the phase and the
 * share of keywords gone through (0–1).
 */
export async function clusterMarketInSlices(
  rank: RankStore,
  market: string,
  date: string,
  minShared: number,
  onProgress: (phase: ClusterPhase, progress: number) => void,
): Promise<MarketClusters> {
  onProgress('reading', 0);
  const { input, known } = await readInput(rank, market, date, nextTurn);
  await nextTurn();
  const c = new Clusterer(input, minShared);
  onProgress('clustering', 0);
  while (!c.finished) {
    await nextTurn();
    const until = performance.now() + SLICE_MS;
    let progress = 0;
    do progress = c.step(STEP_UNITS);
    while (!c.finished && performance.now() < until);
    onProgress('clustering', progress);
  }
  return { market, date, minShared, keywords: input.length, clusters: named(c.clusters(), known) };
}

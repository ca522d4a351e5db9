// Keyword clusters of one market snapshot (DESIGN §3, issue 6 item 5): reads each keyword's first ten organic
// URLs at the date and its volume, and clusters them with the core function. The unit of work the cluster
// job runs and caches per market and snapshot date.
import {
  CLUSTER_DEPTH,
  clusterKeywords,
  DEFAULT_MIN_SHARED_URLS,
  type ClusterKeyword,
} from '@core/metrics/clusters';
import type { RankStore } from '@storage/rank-store';

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

export async function clusterMarket(
  rank: RankStore,
  market: string,
  date: string,
  minShared: number = DEFAULT_MIN_SHARED_URLS,
): Promise<MarketClusters> {
  const top = await rank.readOrganicTop(market, date, CLUSTER_DEPTH);
  const known = new Map(
    (
      await rank.readKeywords(
        market,
        top.map((t) => t.keywordId),
      )
    ).map((k) => [k.id, k]),
  );
  const input: ClusterKeyword[] = top.map((t) => {
    const k = known.get(t.keywordId)!;
    return { id: k.id, text: k.text, sv: k.sv, urls: t.urls };
  });
  const clusters = clusterKeywords(input, minShared).map(({ members }) => {
    const kws = members.map((id) => known.get(id)!);
    return {
      hub: kws[0]!,
      members: kws,
      searchVolume: kws.reduce((sum, k) => sum + (k.sv ?? 0), 0),
    };
  });
  return { market, date, minShared, keywords: input.length, clusters };
}

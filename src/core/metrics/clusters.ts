// Keyword clusters (DESIGN §3): two keywords are linked when their top-10 organic results share at least
// `minShared` URLs; clusters are built around the highest-volume keyword ("soft" clustering: a member must
// be linked to the cluster's hub, not to every other member). Keywords are taken by volume descending
// (unknown volume last), then text, then id; the first keyword not yet in a cluster becomes a hub and every
// keyword not yet in a cluster that is linked to it joins. Every keyword ends in exactly one cluster; one
// linked to nothing is a cluster of its own. Only pairs that share a URL are compared (an inverted index
// URL → keywords), so 100,000 keywords cluster in seconds rather than the 5·10⁹ pairs of a full comparison.

/** Linked when the top-10 organic URLs share at least this many (DESIGN §3 default). */
export const DEFAULT_MIN_SHARED_URLS = 3;
/** Organic results compared per keyword: the first ten by position (brand counts as organic). */
export const CLUSTER_DEPTH = 10;

export interface ClusterKeyword {
  id: number;
  text: string;
  /** Monthly search volume; null when unknown (sorts after every known volume). */
  sv: number | null;
  /** The keyword's first CLUSTER_DEPTH organic result URLs; duplicates count once. */
  urls: readonly string[];
}

export interface KeywordCluster {
  /** The hub: the cluster's highest-volume keyword. */
  hub: number;
  /** Keyword ids, the hub first, then in clustering order (volume descending, text, id). */
  members: number[];
}

/** Volume descending with unknown last, then text, then id: the order hubs are chosen in. */
export function clusterOrder(a: ClusterKeyword, b: ClusterKeyword): number {
  const av = a.sv ?? -1;
  const bv = b.sv ?? -1;
  if (av !== bv) return bv - av;
  if (a.text !== b.text) return a.text < b.text ? -1 : 1;
  return a.id - b.id;
}

/** URLs as dense ids, each keyword's distinct URL ids, in clustering order. */
function internUrls(sorted: readonly ClusterKeyword[]): { urlIds: Int32Array[]; urlCount: number } {
  const ids = new Map<string, number>();
  const urlIds = sorted.map((k) => {
    const own = new Set<number>();
    for (const u of k.urls) {
      let id = ids.get(u);
      if (id === undefined) {
        id = ids.size;
        ids.set(u, id);
      }
      own.add(id);
    }
    return Int32Array.from(own);
  });
  return { urlIds, urlCount: ids.size };
}

/**
 * Posting lists URL → keyword ranks (positions in clustering order), as one array sliced by offsets.
 * Ranks within a list ascend, since keywords are added in order.
 */
function postings(urlIds: readonly Int32Array[], urlCount: number) {
  const start = new Int32Array(urlCount + 1);
  for (const own of urlIds) for (const u of own) start[u + 1]!++;
  for (let u = 0; u < urlCount; u++) start[u + 1]! += start[u]!;
  const len = new Int32Array(urlCount);
  const ranks = new Int32Array(start[urlCount]!);
  urlIds.forEach((own, rank) => {
    for (const u of own) ranks[start[u]! + len[u]!++] = rank;
  });
  return { start, len, ranks };
}

export function clusterKeywords(
  keywords: readonly ClusterKeyword[],
  minShared: number = DEFAULT_MIN_SHARED_URLS,
): KeywordCluster[] {
  if (!Number.isInteger(minShared) || minShared < 1) {
    throw new RangeError(`minShared must be a positive integer, got ${minShared}`);
  }
  const sorted = [...keywords].sort(clusterOrder);
  const { urlIds, urlCount } = internUrls(sorted);
  const { start, len, ranks } = postings(urlIds, urlCount);
  const assigned = new Uint8Array(sorted.length);
  const shared = new Int32Array(sorted.length);
  const touched: number[] = [];
  const clusters: KeywordCluster[] = [];
  for (let hub = 0; hub < sorted.length; hub++) {
    if (assigned[hub]) continue;
    assigned[hub] = 1;
    for (const u of urlIds[hub]!) {
      // Compacts the list as it goes: a keyword already in a cluster is dropped from it for good, so each
      // list entry is skipped at most once over the whole run.
      const s = start[u]!;
      let kept = 0;
      for (let i = 0; i < len[u]!; i++) {
        const r = ranks[s + i]!;
        if (assigned[r]) continue;
        ranks[s + kept++] = r;
        if (shared[r]++ === 0) touched.push(r);
      }
      len[u] = kept;
    }
    const members: number[] = [];
    for (const r of touched) {
      if (shared[r]! >= minShared) members.push(r);
      shared[r] = 0;
    }
    touched.length = 0;
    members.sort((a, b) => a - b);
    for (const r of members) assigned[r] = 1;
    clusters.push({ hub: sorted[hub]!.id, members: [hub, ...members].map((r) => sorted[r]!.id) });
  }
  return clusters;
}

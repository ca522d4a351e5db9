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

function checkMinShared(minShared: number): void {
  if (!Number.isInteger(minShared) || minShared < 1) {
    throw new RangeError(`minShared must be a positive integer, got ${minShared}`);
  }
}

/**
 * The clustering as steps, so a caller can spread it over event-loop turns. The work is 2 × n units: first
 * each keyword's URLs are interned as dense ids (the bulk of the time at 100,000 keywords: a million string
 * look-ups), then the posting lists are built in one pass over typed arrays, then each keyword in clustering
 * order either is skipped (already taken) or becomes a hub and collects its members. `step(n)` does the next
 * `n` units and reports the share done. Only the sort by clustering order runs in the constructor. Gives
 * exactly clusterKeywords' clusters.
 */
export class Clusterer {
  private readonly sorted: ClusterKeyword[];
  private readonly ids = new Map<string, number>();
  private readonly urlIds: Int32Array[] = [];
  private index: ReturnType<typeof postings> | null = null;
  private readonly assigned: Uint8Array;
  private readonly shared: Int32Array;
  private readonly touched: number[] = [];
  private readonly out: KeywordCluster[] = [];
  /** Keywords gone through as possible hubs. */
  private next = 0;

  constructor(
    keywords: readonly ClusterKeyword[],
    private readonly minShared: number = DEFAULT_MIN_SHARED_URLS,
  ) {
    checkMinShared(minShared);
    this.sorted = [...keywords].sort(clusterOrder);
    this.assigned = new Uint8Array(this.sorted.length);
    this.shared = new Int32Array(this.sorted.length);
  }

  /** Units of work in all: each keyword interned, then gone through. */
  get total(): number {
    return 2 * this.sorted.length;
  }

  /** Units done so far (0…total). */
  get done(): number {
    return this.urlIds.length + this.next;
  }

  get finished(): boolean {
    return this.index !== null && this.next >= this.sorted.length;
  }

  /** Does the next `n` units (fewer at the end); returns the share done, 0–1. */
  step(n: number): number {
    let budget = Math.max(1, Math.floor(n));
    const count = this.sorted.length;
    for (; budget > 0 && this.urlIds.length < count; budget--) this.intern(this.sorted[this.urlIds.length]!);
    if (this.index === null && this.urlIds.length === count) {
      this.index = postings(this.urlIds, this.ids.size);
    }
    for (; budget > 0 && this.index !== null && this.next < count; budget--, this.next++) {
      if (!this.assigned[this.next]) this.collect(this.next, this.index);
    }
    return count === 0 ? 1 : this.done / this.total;
  }

  /** The clusters found so far, in hub order; all of them once finished. */
  clusters(): KeywordCluster[] {
    return this.out;
  }

  /** The keyword's distinct URLs as dense ids. */
  private intern(k: ClusterKeyword): void {
    const own = new Set<number>();
    for (const u of k.urls) {
      let id = this.ids.get(u);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(u, id);
      }
      own.add(id);
    }
    this.urlIds.push(Int32Array.from(own));
  }

  private collect(hub: number, { start, len, ranks }: ReturnType<typeof postings>): void {
    const { assigned, shared, touched } = this;
    assigned[hub] = 1;
    for (const u of this.urlIds[hub]!) {
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
      if (shared[r]! >= this.minShared) members.push(r);
      shared[r] = 0;
    }
    touched.length = 0;
    members.sort((a, b) => a - b);
    for (const r of members) assigned[r] = 1;
    this.out.push({ hub: this.sorted[hub]!.id, members: [hub, ...members].map((r) => this.sorted[r]!.id) });
  }
}

/** The whole clustering in one call (the Clusterer run to the end). */
export function clusterKeywords(
  keywords: readonly ClusterKeyword[],
  minShared: number = DEFAULT_MIN_SHARED_URLS,
): KeywordCluster[] {
  const c = new Clusterer(keywords, minShared);
  c.step(c.total);
  return c.clusters();
}

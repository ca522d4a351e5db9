// Content-cluster screens (issue 6 item 5) over the keyword clusters of one market snapshot (clusters.ts):
// which clusters a host should work on, and the per-cluster figures behind them.
// - existing ("optimise existing content"): the host's best position over the cluster's keywords is 4–30 —
//   it ranks, but nowhere in 1–3. Per cluster: the best position and its URL, the host's visibility score on
//   the cluster's keywords (DESIGN §3, estimated monthly clicks) and its deltas against an earlier date.
// - new ("new content suggestions"): none of the host's results is in the top 100 of any keyword of the
//   cluster, and at least one competitor is in the top 10 of one of them. Per cluster: those competitors
//   and their best positions over the cluster.
// Both lists are sorted by Σ search volume descending, then hub text.
import { deltas, type XDeltas } from './deltas';

/** Best positions that make a cluster "existing content": ranked, but not in 1–3. */
export const EXISTING_BEST_POSITION = { min: 4, max: 30 } as const;
/** A competitor counts for a "new content" cluster when it ranks this high or higher on one keyword. */
export const NEW_COMPETITOR_TOP = 10;

export interface ClusterMember {
  id: number;
  text: string;
  /** Monthly searches; null when unknown. */
  sv: number | null;
}

export interface ClusterOfKeywords {
  hub: ClusterMember;
  /** The hub first. */
  members: readonly ClusterMember[];
  /** Σ sv over members with known volume (monthly searches). */
  searchVolume: number;
}

/** The host's best result on one keyword. */
export interface HostHit {
  position: number;
  url: string;
}

export interface ExistingMember {
  keyword: string;
  searchVolume: number | null;
  /** The host's best position on this keyword; null when it does not rank. */
  position: number | null;
  url: string | null;
}

export interface ExistingCluster {
  hub: string;
  keywords: ExistingMember[];
  searchVolume: number;
  bestPosition: number;
  /** The URL holding the best position (the first keyword in member order when tied). */
  url: string;
  /** Σ over the cluster's keywords of the host's keyword score at the date (estimated monthly clicks). */
  visibilityScore: number;
  /** Against the same sum at the earlier date. */
  visibilityScoreDeltas: XDeltas;
}

export interface ExistingInputs {
  /** The host's best result per keyword id at the date. */
  best: ReadonlyMap<number, HostHit>;
  /** The host's keyword score per keyword id at the date, and at the earlier date (absent = 0). */
  scoreNow: ReadonlyMap<number, number>;
  scoreThen: ReadonlyMap<number, number>;
}

function byVolumeThenHub<T extends { searchVolume: number; hub: string }>(a: T, b: T): number {
  if (a.searchVolume !== b.searchVolume) return b.searchVolume - a.searchVolume;
  return a.hub < b.hub ? -1 : a.hub > b.hub ? 1 : 0;
}

const sumOver = (members: readonly ClusterMember[], scores: ReadonlyMap<number, number>) =>
  members.reduce((sum, m) => sum + (scores.get(m.id) ?? 0), 0);

export function existingContentClusters(
  clusters: readonly ClusterOfKeywords[],
  { best, scoreNow, scoreThen }: ExistingInputs,
): ExistingCluster[] {
  const out: ExistingCluster[] = [];
  for (const c of clusters) {
    let top: HostHit | null = null;
    for (const m of c.members) {
      const hit = best.get(m.id);
      if (hit !== undefined && (top === null || hit.position < top.position)) top = hit;
    }
    if (top === null || top.position < EXISTING_BEST_POSITION.min) continue;
    if (top.position > EXISTING_BEST_POSITION.max) continue;
    const now = sumOver(c.members, scoreNow);
    out.push({
      hub: c.hub.text,
      keywords: c.members.map((m) => ({
        keyword: m.text,
        searchVolume: m.sv,
        position: best.get(m.id)?.position ?? null,
        url: best.get(m.id)?.url ?? null,
      })),
      searchVolume: c.searchVolume,
      bestPosition: top.position,
      url: top.url,
      visibilityScore: now,
      visibilityScoreDeltas: deltas(sumOver(c.members, scoreThen), now),
    });
  }
  return out.sort(byVolumeThenHub);
}

export interface CompetitorPresence {
  domain: string;
  /** The competitor's best position over the cluster's keywords (1–NEW_COMPETITOR_TOP). */
  bestPosition: number;
}

export interface NewCluster {
  hub: string;
  keywords: { keyword: string; searchVolume: number | null }[];
  searchVolume: number;
  /** Competitors in the top 10 of at least one keyword: best position ascending, then domain. */
  competitors: CompetitorPresence[];
}

export interface NewInputs {
  /** Keyword ids where the host has any result in the top 100 at the date. */
  hostRanked: ReadonlySet<number>;
  /** Per competitor domain, its best position per keyword id at the date. */
  competitorBest: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

export function newContentClusters(
  clusters: readonly ClusterOfKeywords[],
  { hostRanked, competitorBest }: NewInputs,
): NewCluster[] {
  const out: NewCluster[] = [];
  for (const c of clusters) {
    if (c.members.some((m) => hostRanked.has(m.id))) continue;
    const competitors: CompetitorPresence[] = [];
    for (const [domain, positions] of competitorBest) {
      let bestPosition = Infinity;
      for (const m of c.members) bestPosition = Math.min(bestPosition, positions.get(m.id) ?? Infinity);
      if (bestPosition <= NEW_COMPETITOR_TOP) competitors.push({ domain, bestPosition });
    }
    if (competitors.length === 0) continue;
    competitors.sort(
      (a, b) => a.bestPosition - b.bestPosition || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0),
    );
    out.push({
      hub: c.hub.text,
      keywords: c.members.map((m) => ({ keyword: m.text, searchVolume: m.sv })),
      searchVolume: c.searchVolume,
      competitors,
    });
  }
  return out.sort(byVolumeThenHub);
}

/** One page (1-based) of a sorted list, with the total. */
export function pageOf<T>(rows: readonly T[], page: number, limit: number) {
  return { items: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
}

/** A competitor is topical when at least this share of the keywords it ranks for are the host's (issue 26 item 7). */
export const MIN_TOPICAL_SHARE = 0.25;
/** Positions that count as ranking for topicality: the first two pages. */
export const TOPICAL_TOP = 20;

export interface CompetitorCandidate {
  domain: string;
  /** Share (0–1) of the keywords it ranks for in the top TOPICAL_TOP that the host ranks for too. */
  topicalShare: number;
  /** Keywords it ranks for in the top TOPICAL_TOP at the date. */
  keywords: number;
  /** Why it is not looked for; null when it is. */
  leftOut: 'excluded' | 'not topical' | 'beyond the limit' | null;
}

/**
 * Which league domains count as the host's competitors for "new content": topical ones only — a general site
 * ranking on every subject (a reference site, a marketplace) shares few of its keywords with the host and
 * would suggest off-topic clusters. Candidates come in league order; `excluded` domains are left out; the
 * first `limit` topical ones are used. `chosen`, when given, is used as it is (the user's own choice).
 */
export function topicalCompetitors(
  league: readonly string[],
  hostRanked: ReadonlySet<number>,
  best: ReadonlyMap<string, ReadonlyMap<number, number>>,
  opts: { limit: number; excluded?: ReadonlySet<string>; chosen?: readonly string[] },
): CompetitorCandidate[] {
  const chosen = opts.chosen === undefined ? null : new Set(opts.chosen);
  let used = 0;
  return league.map((domain) => {
    let keywords = 0;
    let shared = 0;
    for (const [id, position] of best.get(domain) ?? new Map<number, number>()) {
      if (position > TOPICAL_TOP) continue;
      keywords += 1;
      if (hostRanked.has(id)) shared += 1;
    }
    const topicalShare = keywords === 0 ? 0 : shared / keywords;
    let leftOut: CompetitorCandidate['leftOut'] = null;
    if (chosen !== null) leftOut = chosen.has(domain) ? null : 'excluded';
    else if (opts.excluded?.has(domain) === true) leftOut = 'excluded';
    else if (topicalShare < MIN_TOPICAL_SHARE) leftOut = 'not topical';
    else if (used >= opts.limit) leftOut = 'beyond the limit';
    if (leftOut === null) used += 1;
    return { domain, topicalShare, keywords, leftOut };
  });
}

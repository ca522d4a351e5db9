// The host's side of the content-cluster screens: what the core filters (src/core/metrics/cluster-content.ts)
// need about the host at the clustered date, read through the visibility explorer's port and metrics.
// - existing: the host's best result and keyword score per keyword at the date, and its scores at the date
//   `time` earlier (each keyword uses its latest snapshot ≤ 6 days old, DESIGN §3 dates);
// - new: the keywords where the host has any result, its competitors — the topical ones among the explorer's
//   league at the date (core topicalCompetitors: a general site ranking on every subject is left out), at
//   most 10, the host's own registrable domain left out, or the user's own choice — and each competitor's
//   best position per keyword.
import {
  existingContentClusters,
  newContentClusters,
  topicalCompetitors,
  type CompetitorCandidate,
  type ClusterOfKeywords,
  type ExistingCluster,
  type HostHit,
  type NewCluster,
} from '@core/metrics/cluster-content';
import type { RankData } from '@core/metrics';
import { bestResult, keywordScores } from '@core/metrics/explorer';
import { parseHostFilter } from '@core/host-match';
import { loadHost, type VeRequest } from '../visibility-explorer/request';
import { domainSummary } from '../visibility-explorer/summary';

/** Competitors of the host looked for in "new content" clusters. */
export const NEW_CONTENT_COMPETITORS = 10;
/** League domains weighed for topicality before the first NEW_CONTENT_COMPETITORS topical ones are taken. */
export const COMPETITOR_CANDIDATES = 25;

/** The host's best result per keyword at `date`. */
function bestPerKeyword(req: VeRequest, data: RankData, date: string): Map<number, HostHit> {
  const out = new Map<number, HostHit>();
  for (const id of data.keywords.keys()) {
    const hit = bestResult(data, req.target, id, date);
    if (hit !== null) out.set(id, { position: hit.position, url: hit.url });
  }
  return out;
}

/** `req` spans [earlier, date] with point date `date`. */
export async function existingContent(
  req: VeRequest,
  clusters: readonly ClusterOfKeywords[],
): Promise<ExistingCluster[]> {
  const { data } = await loadHost(req);
  return existingContentClusters(clusters, {
    best: bestPerKeyword(req, data, req.date),
    scoreNow: keywordScores(data, req.target, req.date, req.ctr),
    scoreThen: keywordScores(data, req.target, req.span.start, req.ctr),
  });
}

/** `req` spans [date, date]; `choice` is the user's explicit competitors or exclusions. */
export async function newContent(
  req: VeRequest,
  clusters: readonly ClusterOfKeywords[],
  choice: { competitors?: readonly string[]; exclude?: readonly string[] } = {},
): Promise<{ competitors: string[]; candidates: CompetitorCandidate[]; items: NewCluster[] }> {
  const [{ data }, summary] = await Promise.all([loadHost(req), domainSummary(req, COMPETITOR_CANDIDATES)]);
  const hostRanked = new Set(bestPerKeyword(req, data, req.date).keys());
  const league = [...new Set([...summary.competitors.map((c) => c.domain), ...(choice.competitors ?? [])])];
  const positions = new Map<string, Map<number, number>>();
  for (const domain of league) {
    const filter = parseHostFilter(domain);
    if (filter === null || filter.domain === req.filter.domain) continue;
    const theirs: VeRequest = { ...req, filter, target: { key: filter.value, filters: [filter] } };
    const own = await loadHost(theirs);
    const best = bestPerKeyword(theirs, own.data, req.date);
    positions.set(domain, new Map([...best].map(([id, hit]) => [id, hit.position])));
  }
  const candidates = topicalCompetitors([...positions.keys()], hostRanked, positions, {
    limit: NEW_CONTENT_COMPETITORS,
    excluded: new Set(choice.exclude ?? []),
    ...(choice.competitors !== undefined && choice.competitors.length > 0
      ? { chosen: choice.competitors }
      : {}),
  });
  const used = candidates.filter((c) => c.leftOut === null).map((c) => c.domain);
  const competitorBest = new Map(used.map((d) => [d, positions.get(d)!]));
  return {
    competitors: used,
    candidates,
    items: newContentClusters(clusters, { hostRanked, competitorBest }),
  };
}

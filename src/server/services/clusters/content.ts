// The host's side of the content-cluster screens: what the core filters (src/core/metrics/cluster-content.ts)
// need about the host at the clustered date, read through the visibility explorer's port and metrics.
// - existing: the host's best result and keyword score per keyword at the date, and its scores at the date
//   `time` earlier (each keyword uses its latest snapshot ≤ 6 days old, DESIGN §3 dates);
// - new: the keywords where the host has any result, its competitors (the explorer's league at the date,
//   top 10, the host's own registrable domain left out), and each competitor's best position per keyword.
import {
  existingContentClusters,
  newContentClusters,
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

/** Competitors of the host looked for in "new content" clusters (the explorer's top 10). */
export const NEW_CONTENT_COMPETITORS = 10;

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

/** `req` spans [date, date]. */
export async function newContent(
  req: VeRequest,
  clusters: readonly ClusterOfKeywords[],
): Promise<{ competitors: string[]; items: NewCluster[] }> {
  const [{ data }, summary] = await Promise.all([loadHost(req), domainSummary(req, NEW_CONTENT_COMPETITORS)]);
  const hostRanked = new Set(bestPerKeyword(req, data, req.date).keys());
  const competitors = summary.competitors.map((c) => c.domain);
  const competitorBest = new Map<string, Map<number, number>>();
  for (const domain of competitors) {
    const filter = parseHostFilter(domain);
    if (filter === null) continue;
    const theirs: VeRequest = { ...req, filter, target: { key: filter.value, filters: [filter] } };
    const own = await loadHost(theirs);
    const best = bestPerKeyword(theirs, own.data, req.date);
    competitorBest.set(domain, new Map([...best].map(([id, hit]) => [id, hit.position])));
  }
  return { competitors, items: newContentClusters(clusters, { hostRanked, competitorBest }) };
}

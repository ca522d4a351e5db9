// The competitive matrix: the overview's hosts (rows) × the keyword tags or groups of the organisation's
// campaigns in the market (columns); a cell is the host's share of visibility among the label's keywords at
// the last point date of the span, over every host (one store read for the rows, one for every column).
import type { MarketShareMatrixResponse, MatrixKind } from '@contracts/market-share';
import { DEFAULT_CTR } from '@core/ctr';
import { shareMatrix } from '@core/metrics/market-share';
import type { MsKeywordSet } from '@storage/market-share-reads';
import type { RankStore } from '@storage/rank-store';
import { extraDomains, flagsOf, type MsRequest } from './request';

/** Keyword ids per label over every campaign of the market (a keyword counted once per label), by label. */
async function keywordSets(rank: RankStore, req: MsRequest, by: MatrixKind): Promise<MsKeywordSet[]> {
  const byLabel = new Map<string, Set<number>>();
  const members = await Promise.all(req.campaigns.map((c) => rank.readCampaignKeywords(c.id)));
  for (const k of members.flat()) {
    for (const label of k[by]) {
      let ids = byLabel.get(label);
      if (ids === undefined) byLabel.set(label, (ids = new Set()));
      ids.add(k.keywordId);
    }
  }
  return [...byLabel]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, ids]) => ({ label, keywordIds: [...ids] }));
}

export async function matrix(
  rank: RankStore,
  req: MsRequest,
  by: MatrixKind,
): Promise<MarketShareMatrixResponse> {
  const date = req.points.at(-1) ?? null;
  const base = { market: req.market, by, date, campaigns: req.campaigns.length };
  if (date === null) return { ...base, labels: [], rows: [] };
  const extra = extraDomains(req);
  const [series, sets] = await Promise.all([
    rank.marketShare.domainSeries(req.rankMarket, [date], DEFAULT_CTR, extra, req.limit),
    keywordSets(rank, req, by),
  ]);
  const leaders = new Set(series.leaders);
  const hosts = [...new Set([...series.leaders, ...extra])];
  const scores = await rank.marketShare.setScores(req.rankMarket, date, DEFAULT_CTR, sets, hosts);
  const computed = shareMatrix(
    scores.map((s, i) => ({
      label: s.label,
      keywords: sets[i]!.keywordIds.length,
      total: s.total,
      scores: new Map(s.scores.map((x) => [x.domain, x.visibilityScore])),
    })),
    hosts,
  );
  // Rows in the overview's order: by VS at the date (its share order), then name.
  const vs = new Map(series.scores.map((s) => [s.domain, s.visibilityScore]));
  const rows = computed.rows
    .map((r) => ({ ...r, ...flagsOf(req, leaders, r.host) }))
    .sort((a, b) => (vs.get(b.host) ?? 0) - (vs.get(a.host) ?? 0) || a.host.localeCompare(b.host));
  return { ...base, labels: computed.labels, rows };
}

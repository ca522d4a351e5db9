// The rank tracker's position beside Search Console's (issue 30 item 3): for Keyword-to-Page queries that a
// campaign of the organisation tracks as a keyword, where the site's domain ranked at the campaign's snapshot
// nearest to the end of the screen's period. A query tracked by several campaigns whose own tracked domains
// include the site's registrable domain takes the first campaign's (by id); the position is the absolute one (1–100, DESIGN §3) of the domain's
// best result on that page, null when the snapshot has none.
import { parseHostFilter, registrableDomain } from '@core/host-match';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { campaignRankMarket } from '../market-keys';

const DAY_MS = 86_400_000;

/** The date of `dates` (ascending) nearest to `target`; the earlier of two as near. Null when empty. */
export function nearestDate(dates: readonly string[], target: string): string | null {
  const t = Date.parse(`${target}T00:00:00Z`);
  let best: string | null = null;
  let bestGap = Infinity;
  for (const d of dates) {
    const gap = Math.abs(Date.parse(`${d}T00:00:00Z`) - t) / DAY_MS;
    if (gap < bestGap) {
      best = d;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Tracked positions of `queries` (normalised texts) on `site`, keyed by query: a number when the domain
 * ranked, null when the keyword is tracked and the domain did not; queries no campaign tracks are absent.
 * `asOf`: the period's last day, or null (undated rows) for the latest snapshot.
 */
export async function trackedPositions(
  meta: MetaStore,
  rank: RankStore,
  organisationId: number,
  site: string,
  queries: readonly string[],
  asOf: string | null,
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  const filter = parseHostFilter(registrableDomain(site.replace(/^sc-domain:/u, '')));
  if (filter === null || queries.length === 0) return out;
  const campaigns = (await meta.listCampaigns(organisationId)).sort((a, b) => a.id - b.id);
  for (const campaign of campaigns) {
    const own = (await meta.listTrackedDomains(campaign.id)).filter(
      (d) => d.isOwn && parseHostFilter(d.value)?.domain === filter.domain,
    );
    if (own.length === 0) continue;
    const wanted = new Set(queries.filter((q) => !out.has(q)));
    if (wanted.size === 0) break;
    const market = await campaignRankMarket(meta, campaign);
    const members = await rank.readCampaignKeywords(campaign.id);
    const ids = new Map<number, string>();
    for (const k of await rank.readKeywords(
      market,
      members.map((m) => m.keywordId),
    )) {
      if (wanted.has(k.text)) ids.set(k.id, k.text);
    }
    const dates = await rank.rankTracking.snapshotDates(market);
    const date = nearestDate(dates, asOf ?? dates[dates.length - 1] ?? '');
    if (ids.size === 0 || date === null) continue;
    const best = new Map<string, number | null>([...ids.values()].map((t) => [t, null]));
    const hits = await rank.rankTracking.hits({
      campaignId: campaign.id,
      market,
      targets: [{ key: filter.value, filter }],
      from: date,
      to: date,
      keywordIds: [...ids.keys()],
    });
    for (const h of hits) {
      const text = ids.get(h.keywordId)!;
      const seen = best.get(text) ?? null;
      if (seen === null || h.position < seen) best.set(text, h.position);
    }
    for (const [text, position] of best) out.set(text, position);
  }
  return out;
}

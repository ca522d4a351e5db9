// Turns a market-share request into what the reads need: the organisation's campaigns in the market (404 when
// it has none: the market is not the organisation's), the registrable domains it tracks there (own ones
// flagged), the `host` of the request as a registrable domain (400 when it is not a domain or host), the span
// [today − time, today] and its point dates (the market's snapshot dates in it, DESIGN §3 Dates).
import type { MarketShareQuery } from '@contracts/market-share';
import type { Campaign } from '@core/model';
import { dateBefore, isoDateInZone, type TimeSpan } from '@core/date-range';
import { parseTrackedValue } from '@core/tracked-value';
import { parseHostFilter } from '@core/host-match';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { badRequest, notFound } from '../../http/errors';
import { rankMarket } from '../market-keys';

export interface MsRequest {
  market: string;
  /** The RankStore market of the organisation's market (market-keys.ts): what reads take. */
  rankMarket: string;
  time: TimeSpan;
  span: { start: string; end: string };
  /** Point dates, ascending. */
  points: string[];
  /** Registrable domain of the request's host. */
  host: string | null;
  /** Registrable domains tracked by the organisation's campaigns in the market → tracked as own. */
  tracked: Map<string, boolean>;
  campaigns: Campaign[];
  limit: number;
}

export async function resolveMarketShare(
  meta: MetaStore,
  rank: RankStore,
  organisationId: number,
  q: MarketShareQuery,
  now: Date,
): Promise<MsRequest> {
  const campaigns = (await meta.listCampaigns(organisationId)).filter((c) => c.market === q.market);
  if (campaigns.length === 0) throw notFound(`market ${q.market}`);
  let host: string | null = null;
  if (q.host !== undefined) {
    const parsed = parseTrackedValue(q.host);
    if (!parsed.ok) {
      throw badRequest(
        `host: ${JSON.stringify(q.host)} is not a domain, host or host with path: ${parsed.reason}`,
        { parameter: 'host' },
      );
    }
    host = parsed.filter.domain;
  }
  const tracked = new Map<string, boolean>();
  const lists = await Promise.all(campaigns.map((c) => meta.listTrackedDomains(c.id)));
  for (const d of lists.flat()) {
    const domain = parseHostFilter(d.value)?.domain;
    if (domain !== undefined) tracked.set(domain, (tracked.get(domain) ?? false) || d.isOwn);
  }
  const end = isoDateInZone(now);
  const start = dateBefore(end, q.time);
  const rankKey = await rankMarket(meta, organisationId, q.market);
  const points = await rank.visibilityExplorer.snapshotDates(rankKey, start, end);
  return {
    market: q.market,
    rankMarket: rankKey,
    time: q.time,
    span: { start, end },
    points,
    host,
    tracked,
    campaigns,
    limit: q.limit,
  };
}

/** The domains shown besides the leaders: tracked ones and the request's host. */
export function extraDomains(req: MsRequest): string[] {
  const out = new Set(req.tracked.keys());
  if (req.host !== null) out.add(req.host);
  return [...out].sort();
}

/** Why a host is shown (the flags of the contract). */
export function flagsOf(req: MsRequest, leaders: ReadonlySet<string>, host: string) {
  return {
    leader: leaders.has(host),
    tracked: req.tracked.has(host),
    own: req.tracked.get(host) === true,
    selected: req.host === host,
  };
}

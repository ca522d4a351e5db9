// Turns a rank-tracking request into what the RankStore reads and the core builds rows from: the campaign
// (404 unless it belongs to the user's organisation), its rank market, the tracked targets (own domains
// first, then competitors, each in set-up order), the focus target, the compared snapshot dates and the
// campaign's keywords with tags, groups and volumes. Bad parameters are 400 naming the parameter.
import type { RtBaseQueryParams } from '@contracts/rank-tracking';
import { parseHostFilter } from '@core/host-match';
import { compareDates, type RtDates, type RtKeyword } from '@core/rank-tracking';
import type { Campaign } from '@core/model';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { RtTarget } from '@storage/rank-tracking-reads';
import type { AuthContext } from '../../auth/session';
import { badRequest, notFound } from '../../http/errors';
import { campaignRankMarket } from '../market-keys';

export interface RtTargetEntry extends RtTarget {
  label: string;
  color: string;
  own: boolean;
}

export interface RtRequest {
  campaign: Campaign;
  market: string;
  targets: RtTargetEntry[];
  focus: number;
  /** Every snapshot date of the market, ascending. */
  snapshots: string[];
  dates: RtDates | null;
}

const bad = (param: string, why: string) => badRequest(`${param}: ${why}`, { parameter: param });

export async function resolveRequest(
  meta: MetaStore,
  rank: RankStore,
  auth: AuthContext,
  campaignId: number,
  query: RtBaseQueryParams,
): Promise<RtRequest> {
  const campaign = await meta.getCampaign(auth.user.organisationId, campaignId);
  if (campaign === null) throw notFound(`campaign ${campaignId}`);
  if (query.startDate !== undefined && query.endDate !== undefined && query.startDate > query.endDate) {
    throw bad('startDate', `${query.startDate} is after endDate ${query.endDate}`);
  }
  const market = await campaignRankMarket(meta, campaign);
  const targets = await campaignTargets(meta, campaign);
  if (targets.length === 0) {
    throw bad(
      'campaign',
      `campaign ${campaign.id} tracks no domains: add your domain and competitors in its set-up`,
    );
  }
  let focus = 0;
  if (query.focus !== undefined) {
    const wanted = parseHostFilter(query.focus)?.value ?? query.focus;
    focus = targets.findIndex((t) => t.key === query.focus || t.filter.value === wanted);
    if (focus < 0) {
      throw bad(
        'focus',
        `${JSON.stringify(query.focus)} is not a tracked domain of campaign ${campaign.id} (one of ${targets.map((t) => t.key).join(', ')})`,
      );
    }
  }
  const snapshots = await rank.rankTracking.snapshotDates(market);
  return {
    campaign,
    market,
    targets,
    focus,
    snapshots,
    dates: compareDates(snapshots, query.startDate, query.endDate),
  };
}

/** The campaign's tracked targets: own domains first, then competitors, each in set-up order. */
export async function campaignTargets(meta: MetaStore, campaign: Campaign): Promise<RtTargetEntry[]> {
  const tracked = await meta.listTrackedDomains(campaign.id);
  const targets: RtTargetEntry[] = [];
  for (const d of [...tracked.filter((t) => t.isOwn), ...tracked.filter((t) => !t.isOwn)]) {
    const filter = parseHostFilter(d.value);
    if (filter !== null) targets.push({ key: d.value, filter, label: d.label, color: d.color, own: d.isOwn });
  }
  return targets;
}

/** The campaign's keywords (all, or those ids) with text, volume, tags and groups, by keyword id. */
export async function campaignKeywords(
  rank: RankStore,
  req: Pick<RtRequest, 'campaign' | 'market'>,
  only: readonly number[] | null = null,
): Promise<RtKeyword[]> {
  const members = await rank.readCampaignKeywords(req.campaign.id, only ?? undefined);
  if (members.length === 0) return [];
  const texts = new Map(
    (
      await rank.readKeywords(
        req.market,
        members.map((m) => m.keywordId),
      )
    ).map((k) => [k.id, k]),
  );
  return members.flatMap((m) => {
    const k = texts.get(m.keywordId);
    return k === undefined ? [] : [{ id: k.id, text: k.text, sv: k.sv, tags: m.tags, groups: m.groups }];
  });
}

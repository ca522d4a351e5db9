// Turns a campaign-visibility request into the query data the RankStore reads: the campaign (404 unless it
// belongs to the user's organisation), the keyword scope (tags AND when more than one unless isAndFilter says
// otherwise, groups, texts, result types, the campaign's CTR curve), the targets (selected domains — by
// default the campaign's tracked domains — then domain groups), the date range and the point date. Bad
// parameters are 400 naming the parameter and why (spec §5: a summary needs campaign, market and domains).
import type { CvFilterQuery, CvTargetRef } from '@contracts/campaign-visibility';
import { DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { parseTrackedValue } from '@core/tracked-value';
import { parseHostFilter, type HostFilter } from '@core/host-match';
import { normaliseKeyword } from '@core/keyword';
import type { Campaign, DomainGroup, TrackedDomain } from '@core/model';
import type { CampaignVisibilityReads, CvScope, CvSpan, CvTarget } from '@storage/campaign-visibility-reads';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import { campaignCtrModel } from '../ctr-models/resolve';
import { campaignRankMarket } from '../market-keys';
import { badRequest, notFound } from '../../http/errors';

/** A resolved target: how the response names it and what the store matches. */
export interface CvTargetEntry {
  ref: CvTargetRef;
  target: CvTarget;
}

export interface CvRequest {
  campaign: Campaign;
  tracked: TrackedDomain[];
  domainGroups: DomainGroup[];
  scope: CvScope;
  /** Selected domains in request order, then domain groups. */
  targets: CvTargetEntry[];
  /** How many of `targets` are single domains (they come first). */
  domainCount: number;
  span: CvSpan;
  /** The point date of single-date widgets. */
  date: string;
  useWholeMarket: boolean;
  reads: CampaignVisibilityReads;
}

const bad = (param: string, why: string) => badRequest(`${param}: ${why}`, { parameter: param });

/** The domain ref of a filter value: the tracked domain's label and colour when it is one. */
function domainRef(filter: HostFilter, tracked: readonly TrackedDomain[]): CvTargetRef {
  const t = tracked.find((d) => parseHostFilter(d.value)?.value === filter.value);
  return { key: filter.value, kind: 'domain', label: t?.label ?? filter.value, color: t?.color ?? null };
}

function domainTargets(values: readonly string[], tracked: readonly TrackedDomain[]): CvTargetEntry[] {
  const out: CvTargetEntry[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    const parsed = parseTrackedValue(v);
    if (!parsed.ok) {
      throw bad(
        'domains',
        `${JSON.stringify(v)} is not a domain, host or host with path (e.g. example.com/blog): ${parsed.reason}`,
      );
    }
    const f = parsed.filter;
    if (seen.has(f.value)) continue;
    seen.add(f.value);
    out.push({ ref: domainRef(f, tracked), target: { key: `d:${f.value}`, filters: [f] } });
  }
  return out;
}

/**
 * Domain groups as targets. `hidden` are the tracked values the request leaves out of its domains (the filter
 * bar's hidden domains): a hidden domain leaves every group too (issue 26 item 1), so a group's sum follows
 * what is shown. Members that are not tracked domains always count.
 */
function groupTargets(
  ids: readonly string[],
  groups: readonly DomainGroup[],
  campaignId: number,
  hidden: ReadonlySet<string>,
): CvTargetEntry[] {
  const out: CvTargetEntry[] = [];
  for (const id of [...new Set(ids)]) {
    const g = groups.find((x) => String(x.id) === id);
    if (g === undefined)
      throw bad('domainGroups', `campaign ${campaignId} has no domain group ${JSON.stringify(id)}`);
    const filters = g.members
      .map(parseHostFilter)
      .filter((f): f is HostFilter => f !== null && !hidden.has(f.value));
    out.push({
      ref: { key: String(g.id), kind: 'group', label: g.label, color: g.color },
      target: { key: `g:${g.id}`, filters },
    });
  }
  return out;
}

/** The date range and point date: endDate defaults to today, startDate to 6 months before it. */
function dates(query: CvFilterQuery, now: Date): { span: CvSpan; date: string } {
  const end = query.endDate ?? isoDateInZone(now);
  const start = query.startDate ?? subtractMonths(end, DEFAULT_RANGE_MONTHS);
  if (start > end) throw bad('startDate', `${start} is after endDate ${end}`);
  return { span: { start, end }, date: query.date ?? end };
}

export async function resolveRequest(
  meta: MetaStore,
  rank: RankStore,
  auth: AuthContext,
  campaignId: number,
  query: CvFilterQuery,
  now: Date,
): Promise<CvRequest> {
  const campaign = await meta.getCampaign(auth.user.organisationId, campaignId);
  if (campaign === null) throw notFound(`campaign ${campaignId}`);
  if (query.campaign !== undefined && query.campaign !== String(campaign.id)) {
    throw bad(
      'campaign',
      `the query names campaign ${JSON.stringify(query.campaign)} but the path ${campaign.id}`,
    );
  }
  if (query.market !== undefined && query.market !== campaign.market) {
    throw bad(
      'market',
      `campaign ${campaign.id} is in market ${campaign.market}, not ${JSON.stringify(query.market)}`,
    );
  }
  const reads = rank.campaignVisibility;
  const [tracked, domainGroups, ctr] = await Promise.all([
    meta.listTrackedDomains(campaign.id),
    meta.listDomainGroups(campaign.id),
    campaignCtrModel(meta, campaign),
  ]);
  const selected =
    query.domains !== undefined && query.domains.length > 0 ? query.domains : tracked.map((d) => d.value);
  const domains = domainTargets(selected, tracked);
  const shown = new Set(domains.map((d) => d.ref.key));
  const hidden = new Set(
    tracked
      .map((d) => parseHostFilter(d.value)?.value)
      .filter((v): v is string => v !== undefined && !shown.has(v)),
  );
  const groups = groupTargets(query.domainGroups ?? [], domainGroups, campaign.id, hidden);
  if (domains.length === 0 && groups.length === 0) {
    throw bad(
      'domains',
      `campaign ${campaign.id} tracks no domains: name at least one domain or domain group`,
    );
  }
  const tags = query.tags ?? [];
  const { span, date } = dates(query, now);
  return {
    campaign,
    tracked,
    domainGroups,
    scope: {
      campaignId: campaign.id,
      market: await campaignRankMarket(meta, campaign),
      tags,
      tagsMatch: (query.isAndFilter ?? tags.length > 1) ? 'all' : 'any',
      groups: query.groups ?? [],
      keywords: (query.keywords ?? []).map(normaliseKeyword),
      resultTypes: query.kwResultTypes ?? [],
      ctr: ctr.model.values,
    },
    targets: [...domains, ...groups],
    domainCount: domains.length,
    span,
    date,
    useWholeMarket: query.useWholeMarket ?? false,
    reads,
  };
}

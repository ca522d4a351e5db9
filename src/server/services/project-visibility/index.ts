// Project visibility (issue 5 item 2): the domain summary of a project over the union of its campaigns, in
// total and per campaign, composed from the campaign-visibility series read (no SQL of its own). Each campaign
// is one series over its own keywords; the total adds disjoint parts (core unionParts: a keyword tracked by
// several campaigns of a market counts once, for the earliest campaign), so a part is the campaign's own series
// when it shares nothing, or the same read restricted to the keywords it adds. Each campaign scores under its
// own CTR model (ctr-models/resolve.ts); a keyword shared by campaigns with different models counts in the
// total under the model of the campaign it is counted for (the earliest).
import { Readable } from 'node:stream';
import { PV_ID_PREFIX, type PvQuery, type PvResponse, type PvScope } from '@contracts/project-visibility';
import { CSV_BOM, csvLine } from '@core/csv';
import { DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { parseHostFilter, type HostFilter } from '@core/host-match';
import { parseTrackedValue, quoteUnsafe } from '@core/tracked-value';
import {
  sumSeries,
  targetSummary,
  unionParts,
  type PvSeries,
  type UnionPart,
} from '@core/metrics/project-visibility';
import type { Campaign, Project } from '@core/model';
import type { CvScope, CvSpan, CvTarget } from '@storage/campaign-visibility-reads';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import { badRequest, notFound } from '../../http/errors';
import type { CsvExport } from '../campaign-visibility';
import { campaignCtrModel } from '../ctr-models/resolve';
import { campaignRankMarket } from '../market-keys';

interface Resolved {
  project: Project;
  campaigns: Campaign[];
  /** Campaign id → the RankStore market of its organisation's market (market-keys.ts). */
  rankKeys: Map<number, string>;
  /** Campaign id → its CTR model's click probabilities per position 1…100. */
  ctr: Map<number, readonly number[]>;
  domains: PvResponse['domains'];
  targets: CvTarget[];
  span: CvSpan;
}

const bad = (param: string, why: string) => badRequest(`${param}: ${why}`, { parameter: param });

function campaignScope(c: Campaign, r: Resolved, keywords: readonly string[] = []): CvScope {
  return {
    campaignId: c.id,
    market: r.rankKeys.get(c.id)!,
    tags: [],
    tagsMatch: 'any',
    groups: [],
    keywords,
    resultTypes: [],
    ctr: r.ctr.get(c.id)!,
  };
}

function span(query: PvQuery, now: Date): CvSpan {
  const end = query.endDate ?? isoDateInZone(now);
  const start = query.startDate ?? subtractMonths(end, DEFAULT_RANGE_MONTHS);
  if (start > end) throw bad('startDate', `${start} is after endDate ${end}`);
  return { start, end };
}

function scopeOf(
  key: string,
  campaign: Campaign | null,
  name: string,
  series: PvSeries,
  domains: PvResponse['domains'],
): PvScope {
  return {
    key,
    campaignId: campaign?.id ?? null,
    name,
    market: campaign?.market ?? null,
    keywords: series.keywords,
    unknownVolume: series.unknownVolume,
    dates: series.points.map((p) => p.date),
    domains: domains.map((d, i) => ({ key: d.key, ...targetSummary(series, i) })),
  };
}

const numberCell = (x: number | null) => (x === null ? null : Number(x.toFixed(6)));

export class ProjectVisibilityService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  /** The project (404 unless it is the user's organisation's), its campaigns, the domains and the range. */
  private async resolve(auth: AuthContext, projectId: number, query: PvQuery): Promise<Resolved> {
    const org = auth.user.organisationId;
    const project = await this.meta.getProject(org, projectId);
    if (project === null) throw notFound(`project ${projectId}`);
    const campaigns = (await this.meta.listCampaigns(org, project.id)).sort((a, b) => a.id - b.id);
    const tracked = (await Promise.all(campaigns.map((c) => this.meta.listTrackedDomains(c.id)))).flat();
    const known = new Map<string, PvResponse['domains'][number]>();
    for (const t of tracked) {
      const f = parseHostFilter(t.value);
      if (f !== null && !known.has(f.value))
        known.set(f.value, { key: f.value, label: t.label, color: t.color, isOwn: t.isOwn });
    }
    const selected = new Map<string, { domain: PvResponse['domains'][number]; filter: HostFilter }>();
    for (const v of query.domains ?? [...known.keys()]) {
      const parsed = parseTrackedValue(v);
      if (!parsed.ok)
        throw bad(
          'domains',
          `${quoteUnsafe(v)} is not a domain, host or host with path (e.g. example.com/blog): ${parsed.reason}`,
        );
      const f = parsed.filter;
      selected.set(f.value, {
        domain: known.get(f.value) ?? { key: f.value, label: f.value, color: null, isOwn: false },
        filter: f,
      });
    }
    const chosen = [...selected.values()];
    const keys = await Promise.all(campaigns.map((c) => campaignRankMarket(this.meta, c)));
    const models = await Promise.all(campaigns.map((c) => campaignCtrModel(this.meta, c)));
    return {
      project,
      campaigns,
      rankKeys: new Map(campaigns.map((c, i) => [c.id, keys[i]!])),
      ctr: new Map(campaigns.map((c, i) => [c.id, models[i]!.model.values])),
      domains: chosen.map((s) => s.domain),
      targets: chosen.map((s) => ({ key: `d:${s.filter.value}`, filters: [s.filter] })),
      span: span(query, this.now()),
    };
  }

  /** The keyword ids of every campaign that shares its market with another campaign of the project. */
  private async sharedMarketParts(campaigns: readonly Campaign[]): Promise<Map<number, UnionPart>> {
    const perMarket = new Map<string, number>();
    for (const c of campaigns) perMarket.set(c.market, (perMarket.get(c.market) ?? 0) + 1);
    const shared = campaigns.filter((c) => perMarket.get(c.market)! > 1);
    const sets = await Promise.all(
      shared.map(async (c) => ({
        campaignId: c.id,
        market: c.market,
        keywordIds: (await this.rank.readCampaignKeywords(c.id)).map((k) => k.keywordId),
      })),
    );
    return new Map(unionParts(sets).map((p) => [p.campaignId, p]));
  }

  /** The total's part of a campaign: its own series, the series of the keywords it adds, or nothing. */
  private async partSeries(c: Campaign, own: PvSeries, part: UnionPart | undefined, r: Resolved) {
    if (part === undefined || part.whole) return own;
    if (part.keywordIds.length === 0) return null;
    const texts = (await this.rank.readKeywords(r.rankKeys.get(c.id)!, part.keywordIds)).map((k) => k.text);
    return this.rank.campaignVisibility.series(campaignScope(c, r, texts), r.targets, r.span, {
      market: false,
    });
  }

  async summary(auth: AuthContext, projectId: number, query: PvQuery): Promise<PvResponse> {
    const r = await this.resolve(auth, projectId, query);
    const reads = this.rank.campaignVisibility;
    const noTargets = r.targets.length === 0;
    const empty: PvSeries = { keywords: 0, unknownVolume: 0, points: [] };
    const [own, parts] = await Promise.all([
      Promise.all(
        r.campaigns.map((c) =>
          noTargets ? empty : reads.series(campaignScope(c, r), r.targets, r.span, { market: false }),
        ),
      ),
      this.sharedMarketParts(r.campaigns),
    ]);
    const totalParts = await Promise.all(
      r.campaigns.map((c, i) => (noTargets ? own[i]! : this.partSeries(c, own[i]!, parts.get(c.id), r))),
    );
    const total = sumSeries(
      totalParts.filter((p): p is PvSeries => p !== null),
      r.targets.length,
    );
    return {
      project: { id: r.project.id, name: r.project.name },
      startDate: r.span.start,
      endDate: r.span.end,
      domains: r.domains,
      total: scopeOf('total', null, 'All campaigns', total, r.domains),
      campaigns: r.campaigns.map((c, i) => scopeOf(String(c.id), c, c.name, own[i]!, r.domains)),
    };
  }

  /** The summary as CSV: one line per scope (total first, then each campaign) and selected domain. */
  async csv(auth: AuthContext, projectId: number, query: PvQuery): Promise<CsvExport> {
    const s = await this.summary(auth, projectId, query);
    const header = [
      'Scope',
      'Campaign id',
      'Market',
      'Keywords',
      'Domain',
      'Label',
      'Visibility score',
      'Visibility score change',
      'Visibility score change %',
      'Visibility %',
      'Visibility change',
      'Share %',
      'Share change',
      'Start date',
      'End date',
    ];
    const lines = [s.total, ...s.campaigns].flatMap((scope) =>
      scope.domains.map((d, i) =>
        csvLine([
          scope.name,
          scope.campaignId,
          scope.market,
          scope.keywords,
          d.key,
          s.domains[i]!.label,
          numberCell(d.visibilityScore),
          numberCell(d.visibilityScoreDeltas.delta),
          numberCell(d.visibilityScoreDeltas.percentageDelta),
          numberCell(d.visibility),
          numberCell(d.visibilityDeltas.delta),
          numberCell(d.share),
          numberCell(d.shareDeltas.delta),
          s.startDate,
          s.endDate,
        ]),
      ),
    );
    const filename = `project-visibility-${PV_ID_PREFIX}${s.project.id}-${s.startDate}-${s.endDate}.csv`;
    return { filename, stream: Readable.from([CSV_BOM + csvLine(header) + lines.join('')]) };
  }
}

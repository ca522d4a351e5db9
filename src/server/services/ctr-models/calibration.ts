// Calibration of a campaign's CTR model (issue 30 item 6): for the campaign's tracked keywords that have
// Search Console rows on a site of its own domain, the clicks the model estimates per week beside the clicks
// Search Console reports, with the ratio. Reads go through the RankStore ports (Search Console sums, rank
// tracking hits); the maths is src/core/search-console/calibration.ts. Also the table as CSV.
import { Readable } from 'node:stream';
import type { CalibrationQuery, CalibrationResponse } from '@contracts/ctr-models';
import type { GscSitesResponse } from '@contracts/search-console';
import { CSV_BOM, csvLine } from '@core/csv';
import { addDays } from '@core/date-range';
import { registrableDomain } from '@core/host-match';
import { calibrate } from '@core/search-console/calibration';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';
import type { CsvExport } from '../campaign-visibility/csv';
import { campaignRankMarket } from '../market-keys';
import { campaignKeywords, campaignTargets } from '../rank-tracking/request';
import { periodsOf, siteOf, tableFor } from '../search-console/request';
import { campaignCtrModel } from './resolve';

/** The registrable domain of a Search Console site (`sc-domain:a.com`, `https://www.a.com/`, `a.com`). */
const siteDomain = (site: string) => registrableDomain(site.replace(/^sc-domain:/u, ''));

const DAY_MS = 86_400_000;

export class CtrCalibrationService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    /** The organisation's Search Console sites (SearchConsoleService.sites). */
    private readonly sites: (auth: Actor) => Promise<GscSitesResponse>,
  ) {}

  async calibration(auth: Actor, q: CalibrationQuery): Promise<CalibrationResponse> {
    const campaign = await this.meta.getCampaign(auth.user.organisationId, q.campaign);
    if (campaign === null) throw notFound(`campaign ${q.campaign}`);
    const own = (await campaignTargets(this.meta, campaign)).filter((t) => t.own);
    const ownDomains = new Set(own.map((t) => t.filter.domain));
    if (own.length === 0) {
      throw badRequest(
        `campaign: campaign ${campaign.id} has no own tracked domain to compare with Search Console`,
        {
          parameter: 'campaign',
        },
      );
    }
    let siteName = q.site;
    if (siteName === undefined) {
      siteName = (await this.sites(auth)).items.find((s) => ownDomains.has(siteDomain(s.site)))?.site;
      if (siteName === undefined) {
        throw new HttpError(
          404,
          'not_found',
          `no Search Console site of your organisation is on campaign ${campaign.id}'s own domains ` +
            `(${[...ownDomains].join(', ')}): import or sync that site's rows first`,
        );
      }
    } else if (!ownDomains.has(siteDomain(siteName))) {
      throw badRequest(
        `site: ${siteName} is not on campaign ${campaign.id}'s own domains (${[...ownDomains].join(', ')})`,
        { parameter: 'site' },
      );
    }
    const site = await siteOf(this.meta, this.rank, auth, siteName);
    const t = tableFor(site, 'web', ['query']);
    const { current } = periodsOf(
      {
        ...(q.startDate !== undefined && { startDate: q.startDate }),
        ...(q.endDate !== undefined && { endDate: q.endDate }),
      },
      t,
    );
    if (current === null) {
      throw badRequest(
        `site: ${site.site}'s imported rows carry no dates (a web export), so they cannot be compared week by week; import the API rows or sync the site`,
        { parameter: 'site' },
      );
    }
    const ctr = await campaignCtrModel(this.meta, campaign);
    const market = await campaignRankMarket(this.meta, campaign);
    const keywords = await campaignKeywords(this.rank, { campaign, market });
    const base = {
      property: site.property,
      searchType: t.searchType,
      period: t.period,
      dimensions: t.dimensions,
      current,
      previous: null,
      offset: 0,
    };
    const withData =
      keywords.length === 0
        ? []
        : (
            await this.rank.searchConsole.aggregate({
              ...base,
              groupBy: ['query'],
              queries: keywords.map((k) => k.text),
              sort: { field: 'query', direction: 'asc' },
              limit: keywords.length,
            })
          ).groups.map((g) => g.keys.query!);
    const texts = new Set(withData);
    const compared = keywords.filter((k) => texts.has(k.text));
    const days = Math.round((Date.parse(current.end) - Date.parse(current.start)) / DAY_MS) + 1;
    const none = compared.length === 0;
    const [daily, hits, snapshots] = await Promise.all([
      none
        ? null
        : this.rank.searchConsole.aggregate({
            ...base,
            groupBy: ['date'],
            queries: withData,
            sort: { field: 'date', direction: 'asc' },
            limit: days,
          }),
      none
        ? []
        : this.rank.rankTracking.hits({
            campaignId: campaign.id,
            market,
            targets: own.map((o) => ({ key: o.key, filter: o.filter })),
            from: addDays(current.start, -MAX_SNAPSHOT_AGE_DAYS),
            to: current.end,
            keywordIds: compared.map((k) => k.id),
          }),
      none ? [] : this.rank.rankTracking.snapshotDates(market),
    ]);
    const result = calibrate({
      keywords: compared.map((k) => ({ id: k.id, sv: k.sv })),
      hits,
      snapshots,
      dailyClicks: (daily?.groups ?? []).map((g) => ({
        date: g.keys.date!,
        clicks: g.current.clicks,
      })),
      start: current.start,
      end: current.end,
      model: ctr.model,
    });
    return {
      campaignId: campaign.id,
      campaignName: campaign.name,
      model: { id: ctr.model.id, name: ctr.name },
      site: site.site,
      domains: own.map((o) => o.key),
      period: current,
      keywords: keywords.length,
      keywordsWithData: compared.length,
      ...result,
    };
  }

  async calibrationCsv(auth: Actor, q: CalibrationQuery): Promise<CsvExport> {
    const r = await this.calibration(auth, q);
    const lines = [
      CSV_BOM + csvLine(['week', 'days', 'estimated_clicks', 'clicks', 'ratio', 'ctr_model']),
      ...r.weeks.map((w) => csvLine([w.week, w.days, w.estimatedClicks, w.clicks, w.ratio, r.model.name])),
    ];
    return { filename: `ctr-calibration-${r.campaignId}.csv`, stream: Readable.from(lines) };
  }
}

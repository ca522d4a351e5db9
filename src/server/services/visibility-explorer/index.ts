// Visibility explorer (issue 5): the use cases behind /api/v3/visibility-explorer/{market}/ and the public
// autocompletes. Each call resolves the request (market, host, dates) and reads the RankStore's
// visibility-explorer port; the metrics are the core ones (src/core/metrics/explorer.ts).
import type {
  VeAutocompleteResponse,
  VeDomainsResponse,
  VeKeywordRankingResponse,
  VeQuery,
  VeRankingQuery,
  VeResultTypeProminenceResponse,
  VeUrlRankingResponse,
} from '@contracts/visibility-explorer';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import { badRequest, notFound } from '../../http/errors';
import type { CsvExport } from '../campaign-visibility/csv';
import { keywordRanking, keywordsCsv, urlRanking, urlsCsv } from './ranking';
import { operatorOrganisationId, rankMarket } from '../market-keys';
import { resolveRequest, type VeRequest } from './request';
import { domainSummary, resultTypeProminence } from './summary';

export class VisibilityExplorerService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  /** `org`: whose market is read — the user's organisation (market-keys.ts). */
  private resolve(org: number, market: string, query: VeQuery): Promise<VeRequest> {
    return resolveRequest(this.meta, this.rank, org, market, query, this.now());
  }

  async domains(auth: AuthContext, market: string, q: VeQuery): Promise<VeDomainsResponse> {
    return domainSummary(await this.resolve(auth.user.organisationId, market, q), q.limit);
  }

  async resultTypeProminence(
    auth: AuthContext,
    market: string,
    q: VeQuery,
  ): Promise<VeResultTypeProminenceResponse> {
    return resultTypeProminence(await this.resolve(auth.user.organisationId, market, q));
  }

  async rankingKeywords(
    auth: AuthContext,
    market: string,
    q: VeRankingQuery,
  ): Promise<VeKeywordRankingResponse> {
    await this.checkCampaign(auth, market, q);
    return keywordRanking(await this.resolve(auth.user.organisationId, market, q), q);
  }

  async rankingUrls(auth: AuthContext, market: string, q: VeRankingQuery): Promise<VeUrlRankingResponse> {
    await this.checkCampaign(auth, market, q);
    return urlRanking(await this.resolve(auth.user.organisationId, market, q), q);
  }

  /**
   * The `campaign` of a ranking table or CSV export (spec §7): '-' or absent for none, else (a whole number,
   * by the contract) a campaign of the user's organisation (404 otherwise) in the explored market, which
   * names the file.
   */
  private async checkCampaign(auth: AuthContext, market: string, q: VeRankingQuery): Promise<void> {
    if (q.campaign === undefined || q.campaign === '-') return;
    const id = Number(q.campaign);
    const campaign = await this.meta.getCampaign(auth.user.organisationId, id);
    if (campaign === null) throw notFound(`campaign ${id}`);
    if (campaign.market !== market) {
      throw badRequest(`campaign: campaign ${id} is in market ${campaign.market}, not ${market}`, {
        parameter: 'campaign',
      });
    }
  }

  async keywordsCsv(auth: AuthContext, market: string, q: VeRankingQuery): Promise<CsvExport> {
    await this.checkCampaign(auth, market, q);
    return keywordsCsv(await this.resolve(auth.user.organisationId, market, q), q);
  }

  async urlsCsv(auth: AuthContext, market: string, q: VeRankingQuery): Promise<CsvExport> {
    await this.checkCampaign(auth, market, q);
    return urlsCsv(await this.resolve(auth.user.organisationId, market, q), q);
  }

  /**
   * Domain and host names containing the text (public: names only), of the instance operator's market —
   * the rankings of the public demo; an organisation's own rankings are never suggested to anyone else.
   */
  async autocomplete(market: string, text: string, limit: number): Promise<VeAutocompleteResponse> {
    const operator = await operatorOrganisationId(this.meta);
    if (operator === null) throw notFound(`market ${market}`);
    const key = await rankMarket(this.meta, operator, market);
    return { items: await this.rank.visibilityExplorer.autocomplete(key, text, limit) };
  }
}

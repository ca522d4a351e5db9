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
import { checkMarketKnown, resolveRequest, type VeRequest } from './request';
import { domainSummary, resultTypeProminence } from './summary';

export class VisibilityExplorerService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  private resolve(market: string, query: VeQuery): Promise<VeRequest> {
    return resolveRequest(this.meta, this.rank, market, query, this.now());
  }

  async domains(market: string, q: VeQuery): Promise<VeDomainsResponse> {
    return domainSummary(await this.resolve(market, q), q.limit);
  }

  async resultTypeProminence(market: string, q: VeQuery): Promise<VeResultTypeProminenceResponse> {
    return resultTypeProminence(await this.resolve(market, q));
  }

  async rankingKeywords(market: string, q: VeRankingQuery): Promise<VeKeywordRankingResponse> {
    return keywordRanking(await this.resolve(market, q), q);
  }

  async rankingUrls(market: string, q: VeRankingQuery): Promise<VeUrlRankingResponse> {
    return urlRanking(await this.resolve(market, q), q);
  }

  /**
   * The `campaign` of a CSV export (spec §7): '-' or absent for none, else a campaign of the user's
   * organisation (404 otherwise) in the explored market, which names the file.
   */
  private async checkCampaign(auth: AuthContext, market: string, q: VeRankingQuery): Promise<void> {
    if (q.campaign === undefined || q.campaign === '-') return;
    const id = Number(q.campaign);
    if (!Number.isSafeInteger(id) || id < 1) {
      throw badRequest("campaign: expected a campaign id or '-'", { parameter: 'campaign' });
    }
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
    return keywordsCsv(await this.resolve(market, q), q);
  }

  async urlsCsv(auth: AuthContext, market: string, q: VeRankingQuery): Promise<CsvExport> {
    await this.checkCampaign(auth, market, q);
    return urlsCsv(await this.resolve(market, q), q);
  }

  /** Domain and host names containing the text (public: names only). */
  async autocomplete(market: string, text: string, limit: number): Promise<VeAutocompleteResponse> {
    await checkMarketKnown(this.meta, market);
    return { items: await this.rank.visibilityExplorer.autocomplete(market, text, limit) };
  }
}

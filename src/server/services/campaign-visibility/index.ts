// Campaign visibility (issue 4): the use cases behind /api/v3/campaign-visibility/{campaign}/. Each call
// resolves the request (organisation, campaign, targets, scope, dates) and runs one read of the RankStore's
// campaign-visibility port, shaped with the core metric helpers.
import type {
  CvAutocompleteResponse,
  CvCompetitorsResponse,
  CvDomainsResponse,
  CvFilterQuery,
  CvFiltersResponse,
  CvKeywordRankingResponse,
  CvLabelShareResponse,
  CvRankingQueryParams,
  CvRankRangesResponse,
  CvResultTypeProminenceResponse,
  CvSearchVolumeRangesResponse,
  CvUrlRankingResponse,
  CvVisibilityScoreLostResponse,
  CvWholeMarketResponse,
} from '@contracts/campaign-visibility';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import { labelShare, rankRanges, resultTypeProminence, searchVolumeRanges } from './breakdowns';
import { keywordsCsv, urlsCsv, type CsvExport } from './csv';
import { autocomplete, filters } from './filters';
import { competitors, visibilityScoreLost } from './league';
import { keywordRanking, urlRanking } from './ranking';
import { resolveRequest, type CvRequest } from './request';
import { domainSummary, wholeMarket } from './summary';

export type { CsvExport } from './csv';

export class CampaignVisibilityService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  private resolve(auth: AuthContext, campaignId: number, query: CvFilterQuery): Promise<CvRequest> {
    return resolveRequest(this.meta, this.rank, auth, campaignId, query, this.now());
  }

  async domains(auth: AuthContext, id: number, q: CvFilterQuery): Promise<CvDomainsResponse> {
    return domainSummary(await this.resolve(auth, id, q));
  }

  async wholeMarket(auth: AuthContext, id: number, q: CvFilterQuery): Promise<CvWholeMarketResponse> {
    return wholeMarket(await this.resolve(auth, id, q));
  }

  async tags(auth: AuthContext, id: number, q: CvFilterQuery): Promise<CvLabelShareResponse> {
    return labelShare(await this.resolve(auth, id, q), 'tags');
  }

  async visibilityShare(auth: AuthContext, id: number, q: CvFilterQuery): Promise<CvLabelShareResponse> {
    return labelShare(await this.resolve(auth, id, q), 'groups');
  }

  async resultTypeProminence(
    auth: AuthContext,
    id: number,
    q: CvFilterQuery,
  ): Promise<CvResultTypeProminenceResponse> {
    return resultTypeProminence(await this.resolve(auth, id, q));
  }

  async rankRanges(auth: AuthContext, id: number, q: CvFilterQuery): Promise<CvRankRangesResponse> {
    return rankRanges(await this.resolve(auth, id, q));
  }

  async searchVolumeRanges(
    auth: AuthContext,
    id: number,
    q: CvFilterQuery,
  ): Promise<CvSearchVolumeRangesResponse> {
    return searchVolumeRanges(await this.resolve(auth, id, q));
  }

  async competitors(
    auth: AuthContext,
    id: number,
    q: CvFilterQuery & { limit?: number },
  ): Promise<CvCompetitorsResponse> {
    return competitors(await this.resolve(auth, id, q), q.limit);
  }

  async visibilityScoreLost(
    auth: AuthContext,
    id: number,
    q: CvFilterQuery & { top?: number },
  ): Promise<CvVisibilityScoreLostResponse> {
    return visibilityScoreLost(await this.resolve(auth, id, q), q.top);
  }

  async filters(auth: AuthContext, id: number, q: CvFilterQuery): Promise<CvFiltersResponse> {
    return filters(await this.resolve(auth, id, q), this.rank);
  }

  async autocomplete(
    auth: AuthContext,
    id: number,
    q: CvFilterQuery & { q: string; limit?: number },
  ): Promise<CvAutocompleteResponse> {
    return autocomplete(await this.resolve(auth, id, q), q.q, q.limit);
  }

  async rankingKeywords(
    auth: AuthContext,
    id: number,
    q: CvRankingQueryParams,
  ): Promise<CvKeywordRankingResponse> {
    return keywordRanking(await this.resolve(auth, id, q), q);
  }

  async rankingUrls(auth: AuthContext, id: number, q: CvRankingQueryParams): Promise<CvUrlRankingResponse> {
    return urlRanking(await this.resolve(auth, id, q), q);
  }

  async keywordsCsv(auth: AuthContext, id: number, q: CvRankingQueryParams): Promise<CsvExport> {
    return keywordsCsv(await this.resolve(auth, id, q), q);
  }

  async urlsCsv(auth: AuthContext, id: number, q: CvRankingQueryParams): Promise<CsvExport> {
    return urlsCsv(await this.resolve(auth, id, q), q);
  }
}

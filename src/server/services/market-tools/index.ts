// Market explorer and recommendation (issue 6 items 2 and 4): one host over a `time` span of a market. The
// market explorer is the visibility explorer's keyword table over that span; recommendation ranks the host's
// URLs by opportunity. Both resolve the request like the explorer (market 404, host 400, range).
import type { VeKeywordRankingResponse } from '@contracts/visibility-explorer';
import type { MarketExplorerCsvQuery, MarketExplorerQuery } from '@contracts/market-explorer';
import type { RecommendationQuery, RecommendationResponse } from '@contracts/recommendation';
import { DEFAULT_TIME_SPAN } from '@core/date-range';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import type { CsvExport } from '../campaign-visibility/csv';
import type { VisibilityExplorerService } from '../visibility-explorer';
import { resolveRequest } from '../visibility-explorer/request';
import { recommendations, recommendationsCsv } from './recommendation';
import { veQueryOf } from './ve-query';

export class MarketToolsService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly explorer: VisibilityExplorerService,
    private readonly now: () => Date,
  ) {}

  marketExplorer(auth: AuthContext, q: MarketExplorerQuery): Promise<VeKeywordRankingResponse> {
    return this.explorer.rankingKeywords(auth, q.market, veQueryOf(q, this.now(), q.time));
  }

  async marketExplorerCsv(auth: AuthContext, q: MarketExplorerCsvQuery): Promise<CsvExport> {
    const csv = await this.explorer.keywordsCsv(auth, q.market, veQueryOf(q, this.now(), DEFAULT_TIME_SPAN));
    return { ...csv, filename: `market-explorer-${csv.filename.replace(/^ve-/u, '')}` };
  }

  private async resolve(auth: AuthContext, q: RecommendationQuery) {
    const query = veQueryOf(q, this.now(), q.time);
    return resolveRequest(this.meta, this.rank, auth.user.organisationId, q.market, query, this.now());
  }

  async recommendation(auth: AuthContext, q: RecommendationQuery): Promise<RecommendationResponse> {
    return recommendations(await this.resolve(auth, q), q);
  }

  async recommendationCsv(auth: AuthContext, q: RecommendationQuery): Promise<CsvExport> {
    return recommendationsCsv(await this.resolve(auth, q), q);
  }
}

// Market share (issue 6 item 1): the overview, the competitive matrix and their CSV exports for one market of
// the organisation over a `time` span ending today. Each call resolves the request (market of the
// organisation, host, span and point dates) and then answers from the market-share store reads.
import type {
  MarketShareCsvQuery,
  MarketShareMatrixQuery,
  MarketShareMatrixResponse,
  MarketShareQuery,
  MarketShareResponse,
} from '@contracts/market-share';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { CsvExport } from '../campaign-visibility/csv';
import { matrixCsv, overviewCsv } from './csv';
import { matrix } from './matrix';
import { overview } from './overview';
import { resolveMarketShare } from './request';

export class MarketShareService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  private resolve(organisationId: number, q: MarketShareQuery) {
    return resolveMarketShare(this.meta, this.rank, organisationId, q, this.now());
  }

  async overview(organisationId: number, q: MarketShareQuery): Promise<MarketShareResponse> {
    return overview(this.rank, await this.resolve(organisationId, q));
  }

  async matrix(organisationId: number, q: MarketShareMatrixQuery): Promise<MarketShareMatrixResponse> {
    return matrix(this.rank, await this.resolve(organisationId, q), q.by);
  }

  async csv(organisationId: number, q: MarketShareCsvQuery): Promise<CsvExport> {
    const req = await this.resolve(organisationId, q);
    return q.kind === 'matrix'
      ? matrixCsv(await matrix(this.rank, req, q.by), q.time)
      : overviewCsv(await overview(this.rank, req));
  }
}

// Content clusters (issue 6 item 5): the use cases behind /api/marketshare/{existing,new}/cluster/{data,csv}.
// Each call checks the market (404 unless the workspace holds it) and the host (400 naming `host`), finds
// the market's latest snapshot date, and asks the job registry for that snapshot's clusters: while the job
// runs the answer is its progress, once done the host's filtered, sorted page (or every row as CSV).
import type {
  ClusterQuery,
  ClusterRunning,
  ExistingClustersResponse,
  NewClustersResponse,
} from '@contracts/clusters';
import { dateBefore, isoDateInZone } from '@core/date-range';
import { parseTrackedValue } from '@core/tracked-value';
import { DEFAULT_CTR_MODEL } from '@core/metrics';
import { pageOf } from '@core/metrics/cluster-content';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { CsvExport } from '../campaign-visibility/csv';
import { rankMarket } from '../market-keys';
import type { VeRequest } from '../visibility-explorer/request';
import { ClusterJobs } from './cluster-jobs';
import { clusterMarketInSlices, type MarketClusters } from './cluster-market';
import { existingContent, newContent } from './content';
import { existingCsv, newCsv } from './csv';

/** The earliest date the latest-snapshot lookup reaches back to. */
const EPOCH = '1970-01-01';

/** `requestedStart`: the comparison date asked for, before clamping to the first snapshot. */
/** The user's competitor choice of a new-content request, without unset fields. */
function choiceOf(q: ClusterQuery): { competitors?: string[]; exclude?: string[] } {
  return {
    ...(q.competitors !== undefined && { competitors: q.competitors }),
    ...(q.exclude !== undefined && { exclude: q.exclude }),
  };
}

type Ready = { req: VeRequest; clusters: MarketClusters; requestedStart: string };

export class ClusterService {
  readonly jobs: ClusterJobs;

  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
    onError: (error: unknown) => void = () => {},
  ) {
    this.jobs = new ClusterJobs(() => this.now().getTime(), onError);
  }

  /** The request as the explorer's reads take it (span [start, date]), or the job's progress. */
  /** `org`: whose market is clustered — the user's organisation (market-keys.ts). */
  private async prepare(
    org: number,
    q: ClusterQuery,
    span: (date: string) => string,
  ): Promise<Ready | ClusterRunning> {
    const rankKey = await rankMarket(this.meta, org, q.market);
    const parsed = parseTrackedValue(q.host);
    if (!parsed.ok) {
      throw badRequest(
        `host: ${JSON.stringify(q.host)} is not a domain, host or host with path (e.g. example.com/blog): ${parsed.reason}`,
        { parameter: 'host' },
      );
    }
    const filter = parsed.filter;
    const reads = this.rank.visibilityExplorer;
    const dates = await reads.snapshotDates(rankKey, EPOCH, isoDateInZone(this.now()));
    const date = dates[dates.length - 1];
    if (date === undefined) throw notFound(`a snapshot of market ${q.market}`);
    // A comparison date before the first snapshot would compare with nothing (every change equal to its
    // score, issue 26 item 6): it is clamped to the first snapshot, and the answer says so.
    const first = dates[0]!;
    const wanted = span(date);
    const start = wanted < first ? first : wanted;
    const { market, minShared } = q;
    // Jobs are keyed by the rank key: one organisation's clusters are never served to another.
    const state = this.jobs.get({ market: rankKey, date, minShared }, (onProgress) =>
      clusterMarketInSlices(this.rank, rankKey, date, minShared, onProgress),
    );
    if (state.status === 'running') {
      return { status: 'running', market, date, phase: state.phase, progress: state.progress };
    }
    if (state.status === 'failed') {
      throw new HttpError(
        503,
        'cluster_job_failed',
        `clustering ${market} at ${date} failed: ${state.message}`,
      );
    }
    const req: VeRequest = {
      market,
      rankMarket: rankKey,
      filter,
      target: { key: filter.value, filters: [filter] },
      span: { start, end: date },
      date,
      ctr: DEFAULT_CTR_MODEL,
      reads,
      rank: this.rank,
    };
    return { req, clusters: state.result, requestedStart: wanted };
  }

  private head({ req, clusters }: Ready) {
    return {
      status: 'done' as const,
      market: req.market,
      host: { value: req.filter.value, kind: req.filter.kind },
      date: req.date,
      minShared: clusters.minShared,
      clusteredKeywords: clusters.keywords,
      clusters: clusters.clusters.length,
    };
  }

  async existing(org: number, q: ClusterQuery): Promise<ExistingClustersResponse | ClusterRunning> {
    const ready = await this.prepare(org, q, (date) => dateBefore(date, q.time));
    if ('status' in ready) return ready;
    const rows = await existingContent(ready.req, ready.clusters.clusters);
    return {
      ...this.head(ready),
      time: q.time,
      comparedWith: ready.req.span.start,
      comparisonClamped: ready.requestedStart < ready.req.span.start,
      ...pageOf(rows, q.page, q.limit),
    };
  }

  async new(org: number, q: ClusterQuery): Promise<NewClustersResponse | ClusterRunning> {
    const ready = await this.prepare(org, q, (date) => date);
    if ('status' in ready) return ready;
    const { competitors, candidates, items } = await newContent(
      ready.req,
      ready.clusters.clusters,
      choiceOf(q),
    );
    return { ...this.head(ready), competitors, candidates, ...pageOf(items, q.page, q.limit) };
  }

  async existingCsv(org: number, q: ClusterQuery): Promise<CsvExport | ClusterRunning> {
    const ready = await this.prepare(org, q, (date) => dateBefore(date, q.time));
    if ('status' in ready) return ready;
    return existingCsv(ready.req, await existingContent(ready.req, ready.clusters.clusters));
  }

  async newCsv(org: number, q: ClusterQuery): Promise<CsvExport | ClusterRunning> {
    const ready = await this.prepare(org, q, (date) => date);
    if ('status' in ready) return ready;
    return newCsv(ready.req, (await newContent(ready.req, ready.clusters.clusters, choiceOf(q))).items);
  }
}

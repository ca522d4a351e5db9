// Turns a visibility-explorer request into what the reads need: the market (the organisation's, 404 unless
// it has it), the host (the first of `domains`, parsed as a registrable domain, host or host+path — 400 otherwise),
// the date range and point date, and then the host's rank data: its results over the range (and the 6 days
// before its start, for the date rule), every snapshot of the keywords it ranks for, and their volumes.
import type { VeQuery } from '@contracts/visibility-explorer';
import { addDays, DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { parseTrackedValue } from '@core/tracked-value';
import type { HostFilter } from '@core/host-match';
import { DEFAULT_CTR_MODEL, type CtrModel, type RankData, type Target } from '@core/metrics';
import { explorerData } from '@core/metrics/explorer';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { VisibilityExplorerReads } from '@storage/visibility-explorer-reads';
import { badRequest } from '../../http/errors';
import { rankMarket } from '../market-keys';

export interface VeRequest {
  /** The market code asked for (shown in answers and file names). */
  market: string;
  /** The RankStore market of the organisation's market of that code (market-keys.ts): what reads take. */
  rankMarket: string;
  filter: HostFilter;
  target: Target;
  span: { start: string; end: string };
  /** Point date of the single-date parts. */
  date: string;
  /** The explorer has no campaign, so the default CTR curve. */
  ctr: CtrModel;
  reads: VisibilityExplorerReads;
  rank: RankStore;
}

const bad = (param: string, why: string) => badRequest(`${param}: ${why}`, { parameter: param });

/**
 * @param organisationId whose market is read: the user's, or the instance operator's for the public demo
 * and autocomplete. A market the organisation does not have is 404, like any unknown resource.
 */
export async function resolveRequest(
  meta: MetaStore,
  rank: RankStore,
  organisationId: number,
  market: string,
  query: VeQuery,
  now: Date,
): Promise<VeRequest> {
  const rankKey = await rankMarket(meta, organisationId, market);
  const value = query.domains[0]!;
  const parsed = parseTrackedValue(value);
  if (!parsed.ok) {
    throw bad(
      'domains',
      `${JSON.stringify(value)} is not a domain, host or host with path (e.g. example.com/blog): ${parsed.reason}`,
    );
  }
  const filter = parsed.filter;
  const end = query.endDate ?? isoDateInZone(now);
  const start = query.startDate ?? subtractMonths(end, DEFAULT_RANGE_MONTHS);
  if (start > end) throw bad('startDate', `${start} is after endDate ${end}`);
  return {
    market,
    rankMarket: rankKey,
    filter,
    target: { key: filter.value, filters: [filter] },
    span: { start, end },
    date: query.date ?? end,
    ctr: DEFAULT_CTR_MODEL,
    reads: rank.visibilityExplorer,
    rank,
  };
}

export interface HostData {
  data: RankData;
  /** Point dates of the range: the market's snapshot dates in it. */
  points: string[];
}

/** The host's rank data over the range and the point date (whichever reaches further). */
export async function loadHost(req: VeRequest): Promise<HostData> {
  const { reads, rankMarket: market, filter, span } = req;
  const hi = req.date > span.end ? req.date : span.end;
  const first = req.date < span.start ? req.date : span.start;
  const lo = addDays(first, -MAX_SNAPSHOT_AGE_DAYS);
  const [points, results] = await Promise.all([
    reads.snapshotDates(market, span.start, span.end),
    reads.targetResults(market, filter, lo, hi),
  ]);
  const ids = [...new Set(results.map((r) => r.keywordId))];
  const [snapshots, keywords] = await Promise.all([
    reads.keywordSnapshots(market, ids, lo, hi),
    ids.length === 0 ? Promise.resolve([]) : req.rank.readKeywords(market, ids),
  ]);
  return { data: explorerData(keywords, snapshots, results), points };
}

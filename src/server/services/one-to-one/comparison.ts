// Loads one comparison: both hosts' rank data over [today − time, today] the way the visibility explorer
// loads one host (so the numbers agree with it), the market's snapshot dates in the span (the point dates
// of DESIGN §3 Dates), each host's visibility series, and the keyword rows of the core comparison.
import type { TimeSpan } from '@core/date-range';
import { parseTrackedValue } from '@core/tracked-value';
import { explorerSeries, type ExplorerSeries } from '@core/metrics/explorer';
import { compareHosts, type OneToOneRow } from '@core/metrics/one-to-one';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { badRequest } from '../../http/errors';
import { veQueryOf } from '../market-tools/ve-query';
import { loadHost, resolveRequest, type VeRequest } from '../visibility-explorer/request';

export interface Comparison {
  market: string;
  time: TimeSpan;
  a: VeRequest;
  b: VeRequest;
  /** Span asked and its first and last snapshot dates (null when the market has none in it). */
  span: { start: string; end: string };
  start: string | null;
  end: string | null;
  seriesA: ExplorerSeries;
  seriesB: ExplorerSeries;
  /** Every keyword either host ranks for at `end`, by keyword id. */
  rows: OneToOneRow[];
}

const EMPTY_SERIES: ExplorerSeries = {
  visibilityScore: 0,
  visibilityScoreDeltas: { delta: 0, percentageDelta: null },
  visibility: 0,
  visibilityDeltas: { delta: 0, percentageDelta: null },
  series: [],
};

/** 400 naming `host` unless the value is a domain, host or host with a path (the strict reading). */
export function checkComparedHost(host: string): void {
  const parsed = parseTrackedValue(host);
  if (!parsed.ok) {
    throw badRequest(
      `host: ${JSON.stringify(host)} is not a domain, host or host with path (e.g. example.com/blog): ${parsed.reason}`,
      { parameter: 'host' },
    );
  }
}

export async function loadComparison(
  meta: MetaStore,
  rank: RankStore,
  organisationId: number,
  market: string,
  hosts: readonly [string, string],
  time: TimeSpan,
  now: Date,
): Promise<Comparison> {
  for (const host of hosts) checkComparedHost(host);
  const [a, b] = await Promise.all(
    hosts.map((host) =>
      resolveRequest(meta, rank, organisationId, market, veQueryOf({ host }, now, time), now),
    ),
  );
  const [hostA, hostB] = await Promise.all([loadHost(a!), loadHost(b!)]);
  const points = hostA.points;
  const start = points[0] ?? null;
  const end = points.at(-1) ?? null;
  const base = { market, time, a: a!, b: b!, span: a!.span, start, end };
  if (start === null || end === null)
    return { ...base, seriesA: EMPTY_SERIES, seriesB: EMPTY_SERIES, rows: [] };
  const measured = await a!.reads.measured(a!.rankMarket, points);
  return {
    ...base,
    seriesA: explorerSeries(hostA.data, a!.target, measured, a!.ctr),
    seriesB: explorerSeries(hostB.data, b!.target, measured, b!.ctr),
    rows: compareHosts(
      { data: hostA.data, target: a!.target },
      { data: hostB.data, target: b!.target },
      start,
      end,
      a!.ctr,
    ),
  };
}

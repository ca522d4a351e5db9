// Input checks and empty answers the market-share reads share (DuckDB and ClickHouse), so both refuse the
// same input with the same message before any SQL is written and answer the same when there is nothing.
import type { MsKeywordSet, MsSeriesScores, MsSetScores } from '../market-share-reads';
import { checkDate, checkMarket, RankInputError } from './input';
import { checkCtr, checkLimit } from './ve-input';

/** Point dates must be calendar dates, ascending and distinct. */
function checkPoints(points: readonly string[]): void {
  points.forEach((p, i) => {
    checkDate(p);
    if (i > 0 && points[i - 1]! >= p) throw new RankInputError('point dates must be ascending and distinct');
  });
}

/** Domain names as given, each once (names are matched exactly, so they must be lower case). */
function domainNames(domains: readonly string[]): string[] {
  for (const d of domains) {
    if (d.length === 0 || d !== d.toLowerCase()) {
      throw new RankInputError(`expected a lower-case registrable domain, got ${JSON.stringify(d)}`);
    }
  }
  return [...new Set(domains)];
}

/** Keyword ids must be integers. */
function checkIds(ids: readonly number[]): void {
  for (const v of ids) {
    if (!Number.isSafeInteger(v)) throw new RankInputError(`expected a keyword id, got ${v}`);
  }
}

/** The answer of a series read with nothing to score: zero totals, no domain. */
export function emptySeries(points: number): MsSeriesScores {
  return { totals: Array.from({ length: points }, () => 0), leaders: [], scores: [], ranks: [] };
}

/** The answer of a set read with nothing to score: every set with a zero total. */
export function emptySets(sets: readonly MsKeywordSet[]): MsSetScores[] {
  return sets.map((x) => ({ label: x.label, total: 0, scores: [] }));
}

/** Checks the input of domainSeries; returns the domain names to read, each once. */
export function checkSeriesInput(
  market: string,
  points: readonly string[],
  ctr: readonly number[],
  domains: readonly string[],
  limit: number,
): string[] {
  checkMarket(market);
  checkPoints(points);
  checkCtr(ctr);
  checkLimit(limit);
  return domainNames(domains);
}

/** Checks the input of setScores; returns the domain names to read, each once. */
export function checkSetInput(
  market: string,
  date: string,
  ctr: readonly number[],
  sets: readonly MsKeywordSet[],
  domains: readonly string[],
): string[] {
  checkMarket(market);
  checkDate(date);
  checkCtr(ctr);
  sets.forEach((x) => checkIds(x.keywordIds));
  return domainNames(domains);
}

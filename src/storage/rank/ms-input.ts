// Input checks and empty answers the market-share reads share (DuckDB and ClickHouse), so both refuse the
// same input with the same message before any SQL is written, answer the same when there is nothing, and
// shape a series read's rows the same way (seriesAnswer).
import type { MsDomainScore, MsKeywordSet, MsSeriesScores, MsSetScores } from '../market-share-reads';
import { checkDate, checkMarket, RankInputError } from './input';
import { checkCtr, checkLimit } from './ve-input';

/** The answer of a series read with nothing to score: zero totals, no domain. */
export function emptySeries(points: number): MsSeriesScores {
  return { totals: Array.from({ length: points }, () => 0), leaders: [], scores: [], ranks: [] };
}

/** The answer of a set read with nothing to score: every set with a zero total. */
export function emptySets(sets: readonly MsKeywordSet[]): MsSetScores[] {
  return sets.map((x) => ({ label: x.label, total: 0, scores: [] }));
}

/**
 * Checks a market-share read — the overview's points (ascending, distinct) and `limit`, or the matrix's date
 * and keyword ids — and returns the domain names to read, each once (matched exactly, so lower case).
 */
export function checkMarketRead(
  market: string,
  dates: readonly string[],
  ctr: readonly number[],
  domains: readonly string[],
  of: { limit: number } | { sets: readonly MsKeywordSet[] },
): string[] {
  checkMarket(market);
  dates.forEach((p, i) => {
    checkDate(p);
    if (i > 0 && dates[i - 1]! >= p) throw new RankInputError('point dates must be ascending and distinct');
  });
  checkCtr(ctr);
  if ('limit' in of) checkLimit(of.limit);
  for (const v of 'sets' in of ? of.sets.flatMap((x) => x.keywordIds) : []) {
    if (!Number.isSafeInteger(v)) throw new RankInputError(`expected a keyword id, got ${v}`);
  }
  for (const d of domains) {
    if (d.length === 0 || d !== d.toLowerCase()) {
      throw new RankInputError(`expected a lower-case registrable domain, got ${JSON.stringify(d)}`);
    }
  }
  return [...new Set(domains)];
}

/**
 * The domainSeries answer from each point's market total and the rows an engine read: every row of the
 * leaders (the first `limit` by whole-market rank at the last point, 1 = highest VS, ties by name) and of
 * the domains asked for (`names`), with that rank at its point.
 */
export function seriesAnswer(
  points: readonly string[],
  totals: ReadonlyMap<string, number>,
  rows: readonly (MsDomainScore & { rank: number })[],
  names: readonly string[],
  limit: number,
): MsSeriesScores {
  const last = points.at(-1)!;
  const rankAt = new Map(rows.map((r) => [`${r.date} ${r.domain}`, r.rank]));
  const leaders = rows.filter((r) => r.date === last && r.rank <= limit).sort((a, b) => a.rank - b.rank);
  const shown = new Set([...leaders.map((r) => r.domain), ...names]);
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    totals: points.map((p) => totals.get(p) ?? 0),
    leaders: leaders.map((r) => r.domain),
    scores: rows
      .filter((r) => shown.has(r.domain))
      .sort((a, b) => byName(a.date, b.date) || byName(a.domain, b.domain))
      .map(({ date, domain, visibilityScore }) => ({ date, domain, visibilityScore })),
    ranks: [...shown].sort(byName).map((domain) => ({
      domain,
      start: rankAt.get(`${points[0]} ${domain}`) ?? null,
      end: rankAt.get(`${last} ${domain}`) ?? null,
    })),
  };
}

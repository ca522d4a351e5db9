// Conformance and property test of the planned market-share reads (issue 28; src/storage/rank/plan
// marketQuery and chooseMarketPlan): random data in three markets and random reads — the overview's points
// (any dates, or only dates whose window holds no other snapshot date, where the planner may read each
// point's own date), CTR models, domains asked for, leader counts; the matrix's keyword sets at a date. Every
// plan the planner allows gives the src/core reference's numbers (marketScores and marketRanks, domainScores)
// up to a relative 1e-9 (sums added in another order). Run on DuckDB, one ClickHouse server and the two-shard
// cluster; the test checks that the own-date plan was taken, so the comparison is not of one plan only.
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { buildRankData } from '@core/metrics';
import { domainScores } from '@core/metrics/competitors';
import { marketRanks, marketScores } from '@core/metrics/market-share';
import type { MsKeywordSet, MsSeriesScores, MsSetScores } from '@storage/market-share-reads';
import type { Plan } from '@storage/rank/plan/planner';
import { fastPoints } from '@storage/rank/ve-input';
import * as duckDbReads from '@storage/rank/duckdb/market-share';
import * as clickHouseReads from '@storage/rank/clickhouse/market-share';
import type { RankStore } from '@storage/rank-store';
import { expectSame } from './cv-rollup-fixture';
import { onEachClickHouse, warnIfNoClickHouse } from './clickhouse-env';
import { onDuckDb } from './duckdb-env';
import { generateMarket, random, writeMarket, type MarketData } from './plan-series-fixture';

const MARKETS = ['gb-en', 'de-de', 'fr-fr'];
const CASES_PER_MARKET = 12;
const DOMAINS = ['a.com', 'b.com', 'c.org', 'd.net', 'zz.test'];
const PLANS: Plan['dates'][] = ['own-date', 'date-rule'];

type Random = ReturnType<typeof random>;

/** An engine's planned reads: the answer on `dates`' plan, or null when the planner does not allow it. */
interface MarketReads {
  series: (
    market: string,
    points: string[],
    ctr: readonly number[],
    domains: string[],
    limit: number,
    dates: Plan['dates'],
  ) => Promise<{ answer: MsSeriesScores } | null>;
  sets: (
    market: string,
    date: string,
    ctr: readonly number[],
    sets: MsKeywordSet[],
    domains: string[],
    dates: Plan['dates'],
  ) => Promise<{ answer: MsSetScores[] } | null>;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dataOf = (d: MarketData) => buildRankData(d.keywords, d.results);
const options = (ctr: readonly number[]) => ({ ctr: { id: 'case', values: ctr } });

/** The src/core answer of domainSeries: marketScores over every keyword, leaders and ranks by marketRanks. */
function referenceSeries(
  d: MarketData,
  points: string[],
  ctr: readonly number[],
  names: string[],
  limit: number,
): MsSeriesScores {
  const ref = marketScores(
    dataOf(d),
    d.keywords.map((k) => k.id),
    points,
    options(ctr),
  );
  const start = marketRanks(ref.byPoint[0]!);
  const end = marketRanks(ref.byPoint.at(-1)!);
  const leaders = [...end].filter(([, r]) => r <= limit).map(([domain]) => domain);
  const shown = new Set([...leaders, ...names]);
  return {
    totals: [...ref.totals],
    leaders,
    scores: ref.scores
      .filter((s) => shown.has(s.domain))
      .sort((a, b) => byName(a.date, b.date) || byName(a.domain, b.domain)),
    ranks: [...shown].sort(byName).map((domain) => ({
      domain,
      start: start.get(domain) ?? null,
      end: end.get(domain) ?? null,
    })),
  };
}

/** The src/core answer of setScores: domainScores over each set's keywords. */
function referenceSets(
  d: MarketData,
  date: string,
  ctr: readonly number[],
  sets: MsKeywordSet[],
  names: string[],
): MsSetScores[] {
  return sets.map((set) => {
    const scores = domainScores(dataOf(d), set.keywordIds, date, options(ctr));
    return {
      label: set.label,
      total: [...scores.values()].reduce((a, v) => a + v, 0),
      scores: names
        .filter((n) => (scores.get(n) ?? 0) > 0)
        .sort(byName)
        .map((domain) => ({ domain, visibilityScore: scores.get(domain)! })),
    };
  });
}

/** Ascending distinct point dates: the market's snapshot dates and others, or only own-date ones. */
function randomPoints(r: Random, snapshots: string[], ownDate: boolean): string[] {
  const pool = ownDate
    ? snapshots.filter((p) => fastPoints([p], snapshots))
    : [...snapshots, '2025-12-31', '2026-01-20', '2026-02-11', '2026-03-01'];
  const points = [...new Set(r.some(pool, 0.3))].sort();
  return points.length > 0 ? points : [r.pick(pool)];
}

/** Every read of every case on every plan against the reference; counts the own-date answers. */
async function checkReads(data: MarketData[], reads: MarketReads): Promise<Map<string, number>> {
  const used = new Map([
    ['own-date', 0],
    ['date-rule', 0],
    ['rows', 0],
  ]);
  for (const [m, d] of data.entries()) {
    const r = random(7000 + m);
    const snapshots = [...new Set(d.results.map((x) => x.date))].sort();
    for (let n = 0; n < CASES_PER_MARKET; n += 1) {
      const where = `${d.market} case ${n}`;
      const ctr = r.pick([DEFAULT_CTR, DEFAULT_CTR.map(() => r.next() / 4)]);
      const names = r.some(DOMAINS, 0.4);
      const points = randomPoints(r, snapshots, n % 2 === 0);
      const limit = r.int(1, 4);
      const series = referenceSeries(d, points, ctr, names, limit);
      used.set('rows', used.get('rows')! + series.scores.length);
      const date = r.pick(points);
      const sets = [0, 1, 2].map((i) => ({
        label: `set ${i}`,
        keywordIds: r.some(d.keywords, 0.5).map((k) => k.id),
      }));
      const setRef = referenceSets(d, date, ctr, sets, names);
      for (const plan of PLANS) {
        const got = await reads.series(d.market, points, ctr, names, limit, plan);
        if (plan === 'date-rule') expect(got, `${where}: the date rule is always allowed`).not.toBeNull();
        if (got === null) continue;
        used.set(plan, used.get(plan)! + 1);
        expectSame(got.answer, series, `${where} overview at ${points.join(', ')} (${plan})`);
        const gotSets = await reads.sets(d.market, date, ctr, sets, names, plan);
        if (gotSets !== null) expectSame(gotSets.answer, setRef, `${where} matrix at ${date} (${plan})`);
      }
    }
  }
  return used;
}

async function seed(rank: RankStore): Promise<MarketData[]> {
  const data = MARKETS.map((m, i) => generateMarket(3000 + i, m, 10 * i));
  for (const d of data) await writeMarket(rank, d);
  return data;
}

function expectCovered(used: Map<string, number>): void {
  expect(used.get('own-date')).toBeGreaterThan(5);
  expect(used.get('date-rule')).toBe(MARKETS.length * CASES_PER_MARKET);
  expect(used.get('rows')).toBeGreaterThan(100);
}

onDuckDb('planned market share', seed, (get) => {
  it('gives the core reference the same numbers on every plan', async () => {
    const { db, data } = get();
    expectCovered(
      await checkReads(data, {
        series: (...a) => duckDbReads.domainSeriesByPlan(db, ...a),
        sets: (...a) => duckDbReads.setScoresByPlan(db, ...a),
      }),
    );
  }, 120_000);
});

warnIfNoClickHouse('planned market share on ClickHouse');
onEachClickHouse('planned market share', seed, (get) => {
  it('gives the core reference the same numbers on every plan', async () => {
    const { ctx, data } = get();
    expectCovered(
      await checkReads(data, {
        series: (...a) => clickHouseReads.domainSeriesByPlan(ctx, ...a),
        sets: (...a) => clickHouseReads.setScoresByPlan(ctx, ...a),
      }),
    );
  }, 300_000);
});

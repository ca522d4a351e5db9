// Conformance and property test of the planned market-share reads (issue 28; src/storage/rank/plan
// marketQuery and choosePlan with the market's snapshot dates): random data in three markets and random reads — the overview's points
// (any dates, or only dates whose window holds no other snapshot date, where the planner may read each
// point's own date), CTR models, domains asked for, leader counts; the matrix's keyword sets at a date. Every
// plan the planner allows gives the src/core reference's numbers (marketScores and marketRanks, domainScores)
// up to a relative 1e-9 (sums added in another order). Run on DuckDB, one ClickHouse server and the two-shard
// cluster; the test checks that the own-date plan and the market rollup (ClickHouse's ms_roll, DuckDB's
// ve_roll) were taken, so the comparison is not of one plan only. On ClickHouse the reads are checked again after writes that
// refresh the rollup: volumes changed (every date of the market) and snapshots replaced (their dates).
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { buildRankData } from '@core/metrics';
import { domainScores } from '@core/metrics/competitors';
import { marketRanks, marketScores } from '@core/metrics/market-share';
import type { MsKeywordSet, MsSeriesScores, MsSetScores } from '@storage/market-share-reads';
import type { Plan } from '@storage/rank/plan/planner';
import { rankStoreOn } from '@storage/rank/clickhouse/store';
import type { ChContext } from '@storage/rank/clickhouse/context';
import { fastPoints } from '@storage/rank/ve-input';
import * as duckDbReads from '@storage/rank/duckdb/market-share';
import * as clickHouseReads from '@storage/rank/clickhouse/market-share';
import type { RankStore } from '@storage/rank-store';
import { expectSame } from './cv-rollup-fixture';
import { onEachClickHouse, rewindSchema, warnIfNoClickHouse } from './clickhouse-env';
import { onDuckDb } from './duckdb-env';
import { generateMarket, random, writeMarket, type MarketData } from './plan-series-fixture';

const MARKETS = ['gb-en', 'de-de', 'fr-fr'];
const CASES_PER_MARKET = 12;
const DOMAINS = ['a.com', 'b.com', 'c.org', 'd.net', 'zz.test'];
const PLANS: Plan[] = [
  { source: 'rollup', dates: 'own-date' },
  { source: 'raw', dates: 'own-date' },
  { source: 'raw', dates: 'date-rule' },
];
const planKey = (p: Plan) => `${p.source}/${p.dates}`;

type Random = ReturnType<typeof random>;

/** An engine's planned reads: the answer on `dates`' plan, or null when the planner does not allow it. */
interface MarketReads {
  series: (
    market: string,
    points: string[],
    ctr: readonly number[],
    domains: string[],
    limit: number,
    plan: Plan,
  ) => Promise<{ answer: MsSeriesScores } | null>;
  sets: (
    market: string,
    date: string,
    ctr: readonly number[],
    sets: MsKeywordSet[],
    domains: string[],
    plan: Plan,
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

/** Every read of every case on every plan against the reference; counts the answers per plan. */
async function checkReads(data: MarketData[], reads: MarketReads): Promise<Map<string, number>> {
  const used = new Map([...PLANS.map((p): [string, number] => [planKey(p), 0]), ['rows', 0]]);
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
        const key = planKey(plan);
        const got = await reads.series(d.market, points, ctr, names, limit, plan);
        if (plan.dates === 'date-rule')
          expect(got, `${where}: the date rule is always allowed`).not.toBeNull();
        if (got === null) continue;
        used.set(key, used.get(key)! + 1);
        expectSame(got.answer, series, `${where} overview at ${points.join(', ')} (${key})`);
        const gotSets = await reads.sets(d.market, date, ctr, sets, names, plan);
        expect(gotSets === null, `${where}: no rollup holds keyword sets`).toBe(plan.source === 'rollup');
        if (gotSets !== null) expectSame(gotSets.answer, setRef, `${where} matrix at ${date} (${key})`);
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

/** Each plan was taken (the rollup as often as the raw own-date plan: wherever the own date is allowed). */
function expectCovered(used: Map<string, number>): void {
  expect(used.get('raw/own-date')).toBeGreaterThan(5);
  expect(used.get('rollup/own-date')).toBe(used.get('raw/own-date'));
  expect(used.get('raw/date-rule')).toBe(MARKETS.length * CASES_PER_MARKET);
  expect(used.get('rows')).toBeGreaterThan(100);
}

/**
 * Writes that refresh the market rollup, mirrored in `data`: new volumes for about a third of each market's
 * keywords (unknown ones included), then two (keyword, date) snapshots replaced by other pages.
 */
async function rewrite(rank: RankStore, data: MarketData[]): Promise<void> {
  for (const [m, d] of data.entries()) {
    const r = random(9000 + m);
    const changed = r.some(d.keywords, 0.35);
    for (const k of changed) k.sv = r.int(0, 9000);
    await rank.upsertKeywords(
      d.market,
      changed.map((k) => ({ text: k.text, sv: k.sv })),
    );
    for (let n = 0; n < 2; n += 1) {
      const { keywordId, date } = r.pick(d.results);
      const page = [...new Set(Array.from({ length: r.int(1, 6) }, () => r.int(1, 30)))].map((position) => ({
        ...r.pick(d.results),
        keywordId,
        date,
        position,
      }));
      d.results = [...d.results.filter((x) => x.keywordId !== keywordId || x.date !== date), ...page];
      await rank.insertSerpResults(page);
    }
  }
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
const clickHouseOf = (ctx: ChContext): MarketReads => ({
  series: (...a) => clickHouseReads.domainSeriesByPlan(ctx, ...a),
  sets: (...a) => clickHouseReads.setScoresByPlan(ctx, ...a),
});

onEachClickHouse('planned market share', seed, (get) => {
  it('gives the core reference the same numbers on every plan', async () => {
    const { ctx, data } = get();
    expectCovered(await checkReads(data, clickHouseOf(ctx)));
  }, 300_000);

  it('keeps the market rollup equal to the reference after volume changes and replaced snapshots', async () => {
    const { ctx, data } = get();
    await rewrite(rankStoreOn(ctx), data);
    expectCovered(await checkReads(data, clickHouseOf(ctx)));
  }, 300_000);

  it('builds the market rollup of data stored before schema version 5 when migrating', async () => {
    const { ctx, data } = get();
    const rows = async () =>
      Number((await ctx.entry.one(`SELECT count() AS n FROM ${ctx.all('ms_roll')}`)).n);
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    // Every shard back at version 4 with an empty rollup, as a workspace written before it.
    await rewindSchema(ctx, 4, ['ms_roll']);
    expect(await rows()).toBe(0);
    await rankStoreOn(ctx).migrate();
    expect(await rows()).toBe(before);
    expectCovered(await checkReads(data, clickHouseOf(ctx)));
  }, 300_000);
});

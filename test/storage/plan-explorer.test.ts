// The explorer's result types through the planner (issue 28): for random markets, random host filters
// (registrable domain, host, one-segment and deeper paths, names the store has never seen) and random point
// dates (weekly dates alone, each using its own snapshots, or dates between them that use older ones), every
// plan the planner allows — the market rollup, the sorted copies, the raw rows — answers as the raw plan
// does, and the raw plan as the src/core reference (explorerTypeScores); the counts of cheaper plans taken
// keep an empty comparison from passing. On DuckDB, whose emitter writes the targets as literals, and on one
// ClickHouse server and the two-shard cluster, where only the raw rows are read (no sorted copy, and no market
// rollup holds sums by result type): at each point's own date where the planner allows it, else by the date
// rule.
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { addDays } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import type { CvDated, CvTypeScore } from '@storage/campaign-visibility-reads';
import { hostTypeScoresByPlan as chByPlan } from '@storage/rank/clickhouse/cv/plan-type-scores';
import { hostTypeScoresByPlan } from '@storage/rank/duckdb/cv/plan-type-scores';
import type { Plan, Planned } from '@storage/rank/plan/planner';
import type { RankStore } from '@storage/rank-store';
import type { CvTarget } from '@storage/campaign-visibility-reads';
import { onEachClickHouse } from './clickhouse-env';
import { expectSame } from './cv-rollup-fixture';
import { onDuckDb } from './duckdb-env';
import { random } from './plan-series-fixture';
import { expectTypeScores, reference, serpInputs, type Row } from './ve-fixture';

const M = 'gb-en';
const FIRST = '2025-03-03';
const WEEKS = 4;
const CASES = 30;
const URLS = [
  'https://www.a.com/blog',
  'https://www.a.com/blog/x',
  'https://www.a.com/blog/y/z',
  'https://www.a.com/blogger',
  'https://www.a.com/shop',
  'https://a.com/',
  'https://blog.a.com/blog/x',
  'https://b.com/blog',
  'https://b.com/blog/q',
  'https://c.org/',
];
const FILTERS = [
  'a.com',
  'www.a.com',
  'blog.a.com',
  'www.a.com/blog',
  'www.a.com/blog/y',
  'b.com/blog',
  'c.org',
  'nowhere.test',
];
const TYPES = ['organic', 'organic', 'brand', 'featured_snippet', 'local_pack'] as const;

interface Market {
  keywords: { text: string; sv: number | null }[];
  rows: Row[];
  ids: Map<string, number>;
}

/** Weekly top lists of every keyword, and a few keywords' snapshots between the weeks (the date rule). */
function generate(seed: number): Omit<Market, 'ids'> {
  const r = random(seed);
  const keywords = Array.from({ length: r.int(6, 12) }, (_, i) => ({
    text: `kw ${i}`,
    sv: r.next() < 0.15 ? null : r.int(0, 5000),
  }));
  const rows: Row[] = [];
  const page = (text: string, date: string) => {
    const urls = r.some(URLS, 0.5);
    urls.forEach((url, i) => rows.push([text, date, i + 1 + r.int(0, 3) * 10, url, r.pick(TYPES)]));
  };
  for (let w = 0; w < WEEKS; w += 1) {
    const monday = addDays(FIRST, 7 * w);
    for (const k of keywords) {
      if (r.next() < 0.9) page(k.text, monday);
      if (r.next() < 0.15) page(k.text, addDays(monday, r.int(1, 5)));
    }
  }
  return { keywords, rows };
}

async function seed(rank: RankStore): Promise<Market> {
  const m = generate(28);
  const ids = await rank.upsertKeywords(M, m.keywords);
  await rank.insertSerpResults(serpInputs(M, ids, m.rows));
  return { ...m, ids };
}

/** An engine's hostTypeScoresByPlan on its connection, null when it does not allow `plan`. */
type Read = (
  target: CvTarget,
  points: readonly string[],
  ctr: readonly number[],
  plan: Plan,
) => Promise<Planned<CvDated<CvTypeScore>> | null>;

const RULE: Plan = { source: 'raw', dates: 'date-rule' };
/** The cheaper plans, by name: the market rollup, the sorted copies, the raw rows at the points' own dates. */
const CHEAPER: Record<string, Plan> = {
  rollup: { source: 'rollup', dates: 'own-date' },
  sorted: { source: 'sorted', dates: 'date-rule' },
  own: { source: 'raw', dates: 'own-date' },
};

/** The random cases on one engine: every allowed plan = raw = reference; how often each cheaper plan answered. */
async function check(read: Read, data: Market): Promise<Record<string, number>> {
  const ref = reference(data.ids, data.keywords, data.rows);
  const r = random(2811);
  const weekly = Array.from({ length: WEEKS }, (_, w) => addDays(FIRST, 7 * w));
  const taken = { rollup: 0, sorted: 0, own: 0 };
  let compared = 0;
  for (let n = 0; n < CASES; n += 1) {
    const f = parseHostFilter(r.pick(FILTERS))!;
    const target = { key: f.value, filters: [f] };
    const between = r.next() < 0.4;
    const picked = r.some(weekly, 0.7);
    const points = [
      ...(picked.length === 0 ? [weekly[0]!] : picked),
      ...(between ? [addDays(weekly[r.int(0, WEEKS - 1)]!, r.int(1, 6))] : []),
    ];
    const where = `case ${n}: ${f.value} at ${points.join(', ')}`;
    const ctr = r.next() < 0.7 ? DEFAULT_CTR : DEFAULT_CTR.map(() => r.next() / 4);
    const raw = await read(target, points, ctr, RULE);
    expect(raw, `${where}: the raw plan is always allowed`).not.toBeNull();
    const rows = (got: { answer: CvDated<CvTypeScore> }) => got.answer.rows;
    if (ctr === DEFAULT_CTR) expectTypeScores(ref, f, [...new Set(points)].sort(), rows(raw!));
    compared += rows(raw!).length;
    for (const [name, plan] of Object.entries(CHEAPER)) {
      const got = await read(target, points, ctr, plan);
      if (got === null) continue;
      taken[name as keyof typeof taken] += 1;
      expectSame(got.answer, raw!.answer, `${where} ${name} vs raw`);
    }
  }
  expect(compared, 'rows compared').toBeGreaterThan(100);
  return taken;
}

onDuckDb('the explorer result types on every plan', seed, (get) => {
  it('give the raw plan’s rows on every allowed plan, and the raw plan the reference’s', async () => {
    const { db, data } = get();
    const taken = await check(async (t, p, c, plan) => {
      const got = await hostTypeScoresByPlan(db, M, t, p, c, plan.source);
      return got?.plan.dates === plan.dates ? got : null;
    }, data);
    expect(taken.rollup, 'rollup answers').toBeGreaterThan(3);
    expect(taken.sorted, 'sorted answers').toBe(CASES);
    expect(taken.own, 'own-date raw answers').toBe(0);
  });
});

onEachClickHouse('the explorer result types on every plan', seed, (get) => {
  it('give the reference’s rows from the raw rows, at own dates where allowed and by the date rule', async () => {
    const { ctx, data } = get();
    const taken = await check((t, p, c, plan) => chByPlan(ctx, M, t, p, c, plan), data);
    expect({ ...taken, own: 0 }, 'no rollup or sorted copy').toEqual({ rollup: 0, sorted: 0, own: 0 });
    expect(taken.own, 'own-date raw answers').toBeGreaterThan(3);
  });
});

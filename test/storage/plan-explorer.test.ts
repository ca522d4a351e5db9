// The explorer's result types through the planner (issue 28): for random markets, random host filters
// (registrable domain, host, one-segment and deeper paths, names the store has never seen) and random point
// dates (weekly dates alone, each using its own snapshots, or dates between them that use older ones), every
// plan the planner allows — the market rollup, the sorted copies, the raw rows — answers as the raw plan
// does, and the raw plan as the src/core reference (explorerTypeScores); the counts of cheaper plans taken
// keep an empty comparison from passing. On DuckDB, whose emitter writes the targets as literals.
import { expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { addDays } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import type { CvDated, CvTypeScore } from '@storage/campaign-visibility-reads';
import { hostTypeScoresByPlan } from '@storage/rank/duckdb/cv/plan-type-scores';
import type { Source } from '@storage/rank/plan/planner';
import type { RankStore } from '@storage/rank-store';
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

onDuckDb('the explorer result types on every plan', seed, (get) => {
  it('give the raw plan’s rows on every allowed plan, and the raw plan the reference’s', async () => {
    const { db, data } = get();
    const ref = reference(data.ids, data.keywords, data.rows);
    const r = random(2811);
    const weekly = Array.from({ length: WEEKS }, (_, w) => addDays(FIRST, 7 * w));
    const taken = new Map<Source, number>([
      ['rollup', 0],
      ['sorted', 0],
    ]);
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
      const read = (source: Source) => hostTypeScoresByPlan(db, M, target, points, ctr, source);
      const raw = await read('raw');
      expect(raw, `${where}: the raw plan is always allowed`).not.toBeNull();
      const rows = (got: { answer: CvDated<CvTypeScore> }) => got.answer.rows;
      if (ctr === DEFAULT_CTR) expectTypeScores(ref, f, [...new Set(points)].sort(), rows(raw!));
      compared += rows(raw!).length;
      for (const source of ['rollup', 'sorted'] as const) {
        const got = await read(source);
        if (got === null) continue;
        taken.set(source, taken.get(source)! + 1);
        expectSame(got.answer, raw!.answer, `${where} ${source} vs raw`);
      }
    }
    expect(compared, 'rows compared').toBeGreaterThan(100);
    expect(taken.get('rollup'), 'rollup answers').toBeGreaterThan(3);
    expect(taken.get('sorted'), 'sorted answers').toBe(CASES);
  });
});

// Conformance and property test of the planned reads (src/storage/rank/plan, issue 28) — the series, the
// result-type prominence rows, the competitors league's domain scores, the label reads (visibility share
// by tag or group, Tag Analysis sums) and the rank ranges' best-position counts: random data in three
// markets and random query descriptions (keyword filters, result types, CTR models, targets of every kind,
// spans, with or without the market sum); every plan the planner allows for a query gives the raw plan's
// numbers and the src/core reference's (visibilitySeries, domainScores, visibilityByLabel, labelAnalysis,
// bestPosition; for the keyword-level reads — lost and gained keywords, a page's weekly positions and URL
// scores — visibilityScoreLost, bestPosition and urlScores), up to a relative 1e-9 (sums added in another order). Run on DuckDB, one ClickHouse server
// and the two-shard cluster; the test also checks that each engine's cheaper plans were actually taken, so
// the comparison is never of the raw plan with itself. The ranking tables' checks (pages sorted and sliced from
// the whole table, sums against the series) are in plan-ranking-fixture.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CvBestPositionCount,
  CvChanges,
  CvDated,
  CvDomainScore,
  CvLabelPoint,
  CvLabelScore,
  CvSeries,
  CvTypeScore,
  CvVolumeBucket,
  CvWeeklyPosition,
  CvWeeklyUrlScore,
} from '@storage/campaign-visibility-reads';
import type { Source } from '@storage/rank/plan/planner';
import {
  bestPositionsQuery,
  keywordChangesQuery,
  labelScoresQuery,
  labelSeriesQuery,
  volumeBucketsQuery,
  weeklyPositionsQuery,
  weeklyUrlScoresQuery,
  type RankQuery,
} from '@storage/rank/plan/query';
import { DuckDb } from '@storage/rank/duckdb/db';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { seriesByPlan as duckDbSeries } from '@storage/rank/duckdb/cv/plan-series';
import { typeScoresByPlan as duckDbTypeScores } from '@storage/rank/duckdb/cv/plan-type-scores';
import { domainScoresByPlan as duckDbDomainScores } from '@storage/rank/duckdb/cv/plan-domain-scores';
import {
  bestPositionsByPlan as duckDbBestPositions,
  labelScoresByPlan as duckDbLabelScores,
  labelSeriesByPlan as duckDbLabelSeries,
  volumeBucketsByPlan as duckDbVolumeBuckets,
} from '@storage/rank/duckdb/cv/plan-labels';
import * as duckDbKeywordReads from '@storage/rank/duckdb/cv/plan-keywords';
import * as clickHouseKeywordReads from '@storage/rank/clickhouse/cv/plan-keywords';
import * as duckDbRanking from '@storage/rank/duckdb/cv/plan-ranking';
import * as clickHouseRanking from '@storage/rank/clickhouse/cv/plan-ranking';
import { seriesByPlan as clickHouseSeries } from '@storage/rank/clickhouse/cv/plan-series';
import { typeScoresByPlan as clickHouseTypeScores } from '@storage/rank/clickhouse/cv/plan-type-scores';
import { domainScoresByPlan as clickHouseDomainScores } from '@storage/rank/clickhouse/cv/plan-domain-scores';
import {
  bestPositionsByPlan as clickHouseBestPositions,
  labelScoresByPlan as clickHouseLabelScores,
  labelSeriesByPlan as clickHouseLabelSeries,
  volumeBucketsByPlan as clickHouseVolumeBuckets,
} from '@storage/rank/clickhouse/cv/plan-labels';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import type { ChContext } from '@storage/rank/clickhouse/context';
import type { RankStore } from '@storage/rank-store';
import { expectSame } from './cv-rollup-fixture';
import { checkRankingTables, type RankingReads } from './plan-ranking-fixture';
import {
  randomPage,
  referenceKeywordChanges,
  referenceWeeklyPositions,
  referenceWeeklyUrlScores,
} from './plan-keywords-fixture';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases } from './clickhouse-env';
import {
  generateMarket,
  random,
  randomCase,
  referenceSeries,
  referenceTypeScores,
  referenceDomainScores,
  referenceLabelScores,
  referenceLabelSeries,
  referenceBestPositions,
  referenceVolumeBuckets,
  VOLUME_BOUNDS,
  leagueDates,
  byDateAndDomain,
  writeMarket,
  type MarketData,
  type SeriesCase,
} from './plan-series-fixture';

const SOURCES: Source[] = ['rollup', 'sorted', 'raw'];
const MARKETS = ['gb-en', 'de-de', 'fr-fr'];
const CASES_PER_MARKET = 14;

/** An engine's planned reads: the answer of `source`'s plan, or null when the planner does not allow it. */
interface PlannedReads {
  series: (c: SeriesCase, source: Source) => Promise<{ answer: CvSeries } | null>;
  typeScores: (c: SeriesCase, source: Source) => Promise<{ answer: CvDated<CvTypeScore> } | null>;
  domainScores: (c: SeriesCase, source: Source) => Promise<{ answer: CvDomainScore[] } | null>;
  /** The label reads of a query description (labelScoresQuery, labelSeriesQuery). */
  labelScores: (c: SeriesCase, q: RankQuery, source: Source) => Promise<{ answer: CvLabelScore[] } | null>;
  labelSeries: (c: SeriesCase, q: RankQuery, source: Source) => Promise<{ answer: CvLabelPoint[] } | null>;
  /** The best-position counts of a query description (bestPositionsQuery). */
  bestPositions: (
    c: SeriesCase,
    q: RankQuery,
    source: Source,
  ) => Promise<{ answer: CvBestPositionCount[] } | null>;
  /** The search-volume buckets of a query description (volumeBucketsQuery). */
  volumeBuckets: (
    c: SeriesCase,
    q: RankQuery,
    source: Source,
  ) => Promise<{ answer: CvVolumeBucket[] } | null>;
  /** The ranking tables of a query description (rankingKeywordsQuery, rankingUrlsQuery). */
  ranking: RankingReads;
  /** The keyword-level reads of a query description (keywordChangesQuery, weekly…Query). */
  keywordChanges: (c: SeriesCase, q: RankQuery, source: Source) => Promise<{ answer: CvChanges } | null>;
  weeklyPositions: (
    c: SeriesCase,
    q: RankQuery,
    source: Source,
  ) => Promise<{ answer: CvDated<CvWeeklyPosition> } | null>;
  weeklyUrlScores: (
    c: SeriesCase,
    q: RankQuery,
    source: Source,
  ) => Promise<{ answer: CvDated<CvWeeklyUrlScore> } | null>;
}

type Used = Map<
  | Source
  | 'scored'
  | 'typed'
  | 'leagued'
  | 'league rollup'
  | 'labelled'
  | 'label planned'
  | 'ranked'
  | 'best planned'
  | 'best read'
  | 'volume ranked'
  | 'volume planned'
  | 'ranking rows'
  | 'ranking read'
  | 'ranking planned'
  | 'changed'
  | 'weekly'
  | 'keyword planned',
  number
>;

/** Generates and writes the markets (campaign 1 of the first prepared for reads, DuckDB's copies). */
async function seed(rank: RankStore): Promise<MarketData[]> {
  const data = MARKETS.map((m, i) => generateMarket(1000 + i, m, 10 * i));
  for (const d of data) await writeMarket(rank, d);
  await rank.prepareCampaignReads(data[0]!.campaigns[0], ['a.com', 'b.com', 'c.org']);
  return data;
}

/**
 * Every case's type scores on every allowed plan, against raw and the reference; counts the positive rows
 * (as `typed`) in `used`.
 */
async function checkTypeScores(c: SeriesCase, d: MarketData, reads: PlannedReads, used: Used): Promise<void> {
  const expected = referenceTypeScores(d, c);
  const raw = await reads.typeScores(c, 'raw');
  expect(raw, `${c.where}: the raw plan is always allowed`).not.toBeNull();
  expectSame(raw!.answer, expected, `${c.where} type scores raw vs reference`);
  used.set('typed', used.get('typed')! + raw!.answer.rows.length);
  for (const source of SOURCES.filter((s) => s !== 'raw')) {
    const got = await reads.typeScores(c, source);
    if (got !== null) expectSame(got.answer, raw!.answer, `${c.where} type scores ${source} vs raw`);
  }
}

/**
 * Every case's league domain scores on every allowed plan, against raw and the reference (rows ordered by
 * date and domain on both sides); counts the rows (as `leagued`) and the rollup's answers in `used`.
 */
async function checkDomainScores(
  c: SeriesCase,
  d: MarketData,
  reads: PlannedReads,
  used: Used,
): Promise<void> {
  const expected = referenceDomainScores(d, c);
  const ordered = (got: { answer: CvDomainScore[] }) => [...got.answer].sort(byDateAndDomain);
  const raw = await reads.domainScores(c, 'raw');
  expect(raw, `${c.where}: the raw plan is always allowed`).not.toBeNull();
  expectSame(ordered(raw!), expected, `${c.where} league at ${leagueDates(c).join(', ')} raw vs reference`);
  used.set('leagued', used.get('leagued')! + expected.length);
  for (const source of SOURCES.filter((s) => s !== 'raw')) {
    const got = await reads.domainScores(c, source);
    if (got === null) continue;
    if (source === 'rollup') used.set('league rollup', used.get('league rollup')! + 1);
    expectSame(ordered(got), expected, `${c.where} league ${source} vs reference`);
  }
}

/**
 * One read on every allowed plan, against raw and the reference; returns the raw plan's answer and how many
 * other plans answered.
 */
async function allPlans<T>(
  what: string,
  expected: T,
  read: (source: Source) => Promise<{ answer: T } | null>,
): Promise<{ raw: T; others: number }> {
  const raw = await read('raw');
  expect(raw, `${what}: the raw plan is always allowed`).not.toBeNull();
  expectSame(raw!.answer, expected, `${what} raw vs reference`);
  let others = 0;
  for (const source of SOURCES.filter((s) => s !== 'raw')) {
    const got = await read(source);
    if (got === null) continue;
    others += 1;
    expectSame(got.answer, raw!.answer, `${what} ${source} vs raw`);
    expectSame(got.answer, expected, `${what} ${source} vs reference`);
  }
  return { raw: raw!.answer, others };
}

/**
 * Every case's label reads (share by tag and by group at the span's end; Tag Analysis sums at every point or
 * the ends, alternating) on every allowed plan, against raw and the reference; counts the positive target
 * scores (as `labelled`) and the answers of other plans than raw (`label planned`) in `used`.
 */
async function checkLabels(c: SeriesCase, n: number, d: MarketData, reads: PlannedReads, used: Used) {
  const pick = n % 2 === 0 ? 'all' : 'ends';
  const add = (key: 'labelled' | 'label planned', k: number) => used.set(key, used.get(key)! + k);
  for (const kind of ['tags', 'groups'] as const) {
    const shares = await allPlans(
      `${c.where} label scores ${kind} at ${c.span.end}`,
      referenceLabelScores(d, c, kind, c.span.end),
      (source) =>
        reads.labelScores(
          c,
          labelScoresQuery(c.scope, c.targets, c.span.end, kind, { market: c.market }),
          source,
        ),
    );
    const sums = await allPlans(
      `${c.where} label series ${kind} ${pick}`,
      referenceLabelSeries(d, c, kind, pick),
      (source) => reads.labelSeries(c, labelSeriesQuery(c.scope, c.targets, c.span, kind, pick), source),
    );
    add('labelled', shares.raw.flatMap((r) => r.visibilityScores).filter((v) => v > 0).length);
    add('labelled', sums.raw.flatMap((r) => r.targets).filter((t) => t.ranked > 0).length);
    add('label planned', shares.others + sums.others);
  }
}

/**
 * Every case's best-position counts at the start and end of its span on every allowed plan, against raw and
 * the reference; counts the keywords counted (as `ranked`) and the answers of other plans than raw (`best
 * planned`) in `used`, and the reads (`best read`).
 */
async function checkBestPositions(c: SeriesCase, d: MarketData, reads: PlannedReads, used: Used) {
  for (const date of leagueDates(c)) {
    const counts = await allPlans(
      `${c.where} best positions at ${date}`,
      referenceBestPositions(d, c, date),
      (source) => reads.bestPositions(c, bestPositionsQuery(c.scope, c.targets, date), source),
    );
    used.set('ranked', used.get('ranked')! + counts.raw.reduce((n, r) => n + r.keywords, 0));
    used.set('best planned', used.get('best planned')! + counts.others);
    used.set('best read', used.get('best read')! + 1);
  }
}

/**
 * Every case's search-volume buckets at the start and end of its span on every allowed plan, against raw
 * and the reference; counts the ranking keywords (`volume ranked`) and the answers of other plans than raw
 * (`volume planned`) in `used`.
 */
async function checkVolumeBuckets(c: SeriesCase, d: MarketData, reads: PlannedReads, used: Used) {
  for (const date of leagueDates(c)) {
    const buckets = await allPlans(
      `${c.where} volume buckets at ${date}`,
      referenceVolumeBuckets(d, c, date),
      (source) => reads.volumeBuckets(c, volumeBucketsQuery(c.scope, c.targets, date, VOLUME_BOUNDS), source),
    );
    const ranked = buckets.raw.flatMap((b) => b.ranking).reduce((n, x) => n + x, 0);
    used.set('volume ranked', used.get('volume ranked')! + ranked);
    used.set('volume planned', used.get('volume planned')! + buckets.others);
  }
}

/**
 * Every case's keyword-level reads on every allowed plan, against raw and the reference: the lost and gained
 * keywords (a random top, 0 included), a random page's weekly positions and, with a target, its URLs' weekly
 * VS; counts the listed keywords (`changed`), the weekly rows (`weekly`) and the answers of other plans than
 * raw (`keyword planned`) in `used`.
 */
async function checkKeywordReads(c: SeriesCase, n: number, d: MarketData, reads: PlannedReads, used: Used) {
  const r = random(500 + n);
  const add = (key: 'changed' | 'weekly' | 'keyword planned', k: number) => used.set(key, used.get(key)! + k);
  const top = r.int(0, 4);
  const changes = await allPlans(
    `${c.where} keyword changes top ${top}`,
    referenceKeywordChanges(d, c, top),
    (source) => reads.keywordChanges(c, keywordChangesQuery(c.scope, c.targets, c.span, top), source),
  );
  add('changed', changes.raw.targets.flatMap((t) => [...t.lostKeywords, ...t.gainedKeywords]).length);
  const page = randomPage(r, d);
  const positions = await allPlans(
    `${c.where} weekly positions of ${page.keywordIds.join(' ')}`,
    referenceWeeklyPositions(d, c, page.keywordIds),
    (source) =>
      reads.weeklyPositions(c, weeklyPositionsQuery(c.scope, c.targets, page.keywordIds, c.span), source),
  );
  add('weekly', positions.raw.rows.length);
  add('keyword planned', changes.others + positions.others);
  if (c.targets.length === 0) return;
  const scores = await allPlans(
    `${c.where} weekly URL scores of ${c.targets[0]!.key}`,
    referenceWeeklyUrlScores(d, c, page.urls),
    (source) =>
      reads.weeklyUrlScores(c, weeklyUrlScoresQuery(c.scope, c.targets[0]!, page.urls, c.span), source),
  );
  add('weekly', scores.raw.rows.length);
  add('keyword planned', scores.others);
}

/**
 * Every case on every allowed plan, against raw and the reference; returns how often each source ran for
 * the series, and (as `scored`, `typed` and `leagued`) how many target scores, type rows and league rows
 * were positive, so that an empty comparison cannot pass.
 */
async function checkPlans(data: MarketData[], reads: PlannedReads): Promise<Used> {
  const used: Used = new Map(
    (
      [
        ...SOURCES,
        'scored',
        'typed',
        'leagued',
        'league rollup',
        'labelled',
        'label planned',
        'ranked',
        'best planned',
        'best read',
        'volume ranked',
        'volume planned',
        'ranking rows',
        'ranking read',
        'ranking planned',
        'changed',
        'weekly',
        'keyword planned',
      ] as const
    ).map((s) => [s, 0]),
  );
  for (const [i, d] of data.entries()) {
    const r = random(77 + i);
    for (let n = 0; n < CASES_PER_MARKET; n += 1) {
      const c = randomCase(r, d, n);
      const expected = referenceSeries(d, c);
      const raw = await reads.series(c, 'raw');
      expect(raw, `${c.where}: the raw plan is always allowed`).not.toBeNull();
      expectSame(raw!.answer, expected, `${c.where} raw vs reference`);
      used.set('raw', used.get('raw')! + 1);
      const scored = raw!.answer.points.flatMap((p) => p.visibilityScores).filter((v) => v > 0);
      used.set('scored', used.get('scored')! + scored.length);
      for (const source of SOURCES.filter((s) => s !== 'raw')) {
        const got = await reads.series(c, source);
        if (got === null) continue;
        used.set(source, used.get(source)! + 1);
        expectSame(got.answer, raw!.answer, `${c.where} ${source} vs raw`);
        expectSame(got.answer, expected, `${c.where} ${source} vs reference`);
      }
      await checkTypeScores(c, d, reads, used);
      await checkDomainScores(c, d, reads, used);
      await checkLabels(c, n, d, reads, used);
      await checkBestPositions(c, d, reads, used);
      await checkVolumeBuckets(c, d, reads, used);
      const ranking = await checkRankingTables(c, n, d, reads.ranking);
      used.set('ranking rows', used.get('ranking rows')! + ranking.ranked);
      used.set('ranking read', used.get('ranking read')! + ranking.read);
      used.set('ranking planned', used.get('ranking planned')! + ranking.planned);
      await checkKeywordReads(c, n, d, reads, used);
    }
  }
  return used;
}

describe('planned series on DuckDB', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-plan-'));
  const file = join(dir, 'rank.duckdb');
  let data: MarketData[];
  let db: DuckDb;
  beforeAll(async () => {
    const rank = await openDuckDbRankStore(file);
    await rank.migrate();
    data = await seed(rank);
    await rank.close();
    // The emitter's entry point takes the database itself (a plan can be forced only below the port).
    db = await DuckDb.open(file);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the raw plan and the core reference the same numbers on every plan', async () => {
    const used = await checkPlans(data, {
      series: (c, source) => duckDbSeries(db, c.scope, c.targets, c.span, { market: c.market }, source),
      typeScores: (c, source) => duckDbTypeScores(db, c.scope, c.targets, c.span, source),
      domainScores: (c, source) => duckDbDomainScores(db, c.scope, leagueDates(c), source),
      labelScores: (c, q, source) => duckDbLabelScores(db, c.scope, q, source),
      labelSeries: (c, q, source) => duckDbLabelSeries(db, c.scope, q, source),
      bestPositions: (c, q, source) => duckDbBestPositions(db, c.scope, q, source),
      volumeBuckets: (c, q, source) => duckDbVolumeBuckets(db, c.scope, q, source),
      ranking: {
        keywords: (c, q, source) => duckDbRanking.rankingKeywordsByPlan(db, c.scope, q, source),
        urls: (c, q, source) => duckDbRanking.rankingUrlsByPlan(db, c.scope, q, source),
      },
      keywordChanges: (c, q, source) => duckDbKeywordReads.keywordChangesByPlan(db, c.scope, q, source),
      weeklyPositions: (c, q, source) => duckDbKeywordReads.weeklyPositionsByPlan(db, c.scope, q, source),
      weeklyUrlScores: (c, q, source) => duckDbKeywordReads.weeklyUrlScoresByPlan(db, c.scope, q, source),
    });
    expect(used.get('rollup')).toBeGreaterThan(0);
    expect(used.get('scored')).toBeGreaterThan(50);
    expect(used.get('typed')).toBeGreaterThan(50);
    expect(used.get('leagued')).toBeGreaterThan(50);
    expect(used.get('league rollup')).toBeGreaterThan(0);
    expect(used.get('sorted')).toBe(used.get('raw'));
    expect(used.get('labelled')).toBeGreaterThan(50);
    // Every label read of every case: two kinds × (share + sums).
    expect(used.get('label planned')).toBe(4 * used.get('raw')!);
    expect(used.get('ranked')).toBeGreaterThan(50);
    // The sorted plan answered every best-position and volume-bucket read too.
    expect(used.get('best planned')).toBe(used.get('best read'));
    expect(used.get('volume planned')).toBe(used.get('best read'));
    expect(used.get('volume ranked')).toBeGreaterThan(50);
    expect(used.get('ranking rows')).toBeGreaterThan(50);
    // The sorted plan answered every ranking-table read.
    expect(used.get('ranking planned')).toBe(used.get('ranking read'));
    expect(used.get('changed')).toBeGreaterThan(50);
    expect(used.get('weekly')).toBeGreaterThan(50);
    // The sorted plan answered every keyword-level read: two per case, three with a target.
    expect(used.get('keyword planned')).toBeGreaterThanOrEqual(2 * used.get('raw')!);
  }, 120_000);
});

function clickHouseSuite(name: string, cluster: string | null): void {
  describe.skipIf(CLICKHOUSE_URL === '' || (name === 'cluster' && cluster === null))(
    `planned series on ClickHouse (${name})`,
    () => {
      const databases = freshDatabases(cluster);
      let ctx: ChContext;
      let rank: RankStore;
      let data: MarketData[];
      beforeAll(async () => {
        ctx = await openClickHouseContext(databases.next());
        rank = rankStoreOn(ctx);
        await rank.migrate();
        data = await seed(rank);
      }, 120_000);
      afterAll(async () => {
        await rank?.close();
      });

      it('gives the raw plan and the core reference the same numbers on every plan', async () => {
        const used = await checkPlans(data, {
          series: (c, source) =>
            clickHouseSeries(ctx, c.scope, c.targets, c.span, { market: c.market }, source),
          typeScores: (c, source) => clickHouseTypeScores(ctx, c.scope, c.targets, c.span, source),
          domainScores: (c, source) => clickHouseDomainScores(ctx, c.scope, leagueDates(c), source),
          labelScores: (c, q, source) => clickHouseLabelScores(ctx, c.scope, q, source),
          labelSeries: (c, q, source) => clickHouseLabelSeries(ctx, c.scope, q, source),
          bestPositions: (c, q, source) => clickHouseBestPositions(ctx, c.scope, q, source),
          volumeBuckets: (c, q, source) => clickHouseVolumeBuckets(ctx, c.scope, q, source),
          ranking: {
            keywords: (c, q, source) => clickHouseRanking.rankingKeywordsByPlan(ctx, c.scope, q, source),
            urls: (c, q, source) => clickHouseRanking.rankingUrlsByPlan(ctx, c.scope, q, source),
          },
          keywordChanges: (c, q, source) =>
            clickHouseKeywordReads.keywordChangesByPlan(ctx, c.scope, q, source),
          weeklyPositions: (c, q, source) =>
            clickHouseKeywordReads.weeklyPositionsByPlan(ctx, c.scope, q, source),
          weeklyUrlScores: (c, q, source) =>
            clickHouseKeywordReads.weeklyUrlScoresByPlan(ctx, c.scope, q, source),
        });
        expect(used.get('rollup')).toBeGreaterThan(0);
        expect(used.get('scored')).toBeGreaterThan(50);
        expect(used.get('typed')).toBeGreaterThan(50);
        expect(used.get('leagued')).toBeGreaterThan(50);
        expect(used.get('league rollup')).toBeGreaterThan(0);
        expect(used.get('sorted')).toBe(0);
        expect(used.get('labelled')).toBeGreaterThan(50);
        expect(used.get('label planned')).toBe(0);
        expect(used.get('ranked')).toBeGreaterThan(50);
        expect(used.get('best planned')).toBe(0);
        expect(used.get('volume planned')).toBe(0);
        expect(used.get('volume ranked')).toBeGreaterThan(50);
        expect(used.get('ranking rows')).toBeGreaterThan(50);
        expect(used.get('ranking planned')).toBe(0);
        expect(used.get('changed')).toBeGreaterThan(50);
        expect(used.get('weekly')).toBeGreaterThan(50);
        expect(used.get('keyword planned')).toBe(0);
      }, 600_000);
    },
  );
}

if (CLICKHOUSE_URL === '') {
  console.warn('planned series on ClickHouse skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL (. /tmp/devenv.sh)');
} else if (CLICKHOUSE_CLUSTER === null) {
  console.warn('planned series on the ClickHouse cluster skipped: set SIGHTLINE_TEST_CLICKHOUSE_CLUSTER');
}
clickHouseSuite('single server', null);
clickHouseSuite('cluster', CLICKHOUSE_CLUSTER);

// The property checks of the planned reads (src/storage/rank/plan, issue 28), shared by the engines' suites
// in plan-series.test.ts: random data in three markets, random query descriptions, and for each read every
// plan the planner allows compared with the raw plan and the src/core reference up to a relative 1e-9, with
// counts of the positive rows and of the cheaper plans taken so that an empty comparison cannot pass.
import { expect } from 'vitest';
import type {
  CvBestPositionCount,
  CvChanges,
  CvDated,
  CvDomainScore,
  CvLabelPoint,
  CvLabelScore,
  CvScope,
  CvSeries,
  CvSpan,
  CvTarget,
  CvTypeScore,
  CvVolumeBucket,
  CvWeeklyPosition,
  CvWeeklyUrlScore,
} from '@storage/campaign-visibility-reads';
import type { PlannedEmitters } from '@storage/rank/plan/cv-reads';
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
import type { RankStore } from '@storage/rank-store';
import { expectSame } from './cv-rollup-fixture';
import { checkRankingTables, type RankingReads } from './plan-ranking-fixture';
import {
  randomPage,
  referenceKeywordChanges,
  referenceWeeklyPositions,
  referenceWeeklyUrlScores,
} from './plan-keywords-fixture';
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

/** A plan's answer, or null when the planner does not allow that plan. */
type Ans<T> = Promise<{ answer: T } | null>;

/** An engine's planned reads: the answer of `source`'s plan (Ans). */
export interface PlannedReads {
  series: (c: SeriesCase, source: Source) => Ans<CvSeries>;
  typeScores: (c: SeriesCase, source: Source) => Ans<CvDated<CvTypeScore>>;
  domainScores: (c: SeriesCase, source: Source) => Ans<CvDomainScore[]>;
  /** The label reads of a query description (labelScoresQuery, labelSeriesQuery). */
  labelScores: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvLabelScore[]>;
  labelSeries: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvLabelPoint[]>;
  /** The best-position counts of a query description (bestPositionsQuery). */
  bestPositions: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvBestPositionCount[]>;
  /** The search-volume buckets of a query description (volumeBucketsQuery). */
  volumeBuckets: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvVolumeBucket[]>;
  /** The ranking tables of a query description (rankingKeywordsQuery, rankingUrlsQuery). */
  ranking: RankingReads;
  /** The keyword-level reads of a query description (keywordChangesQuery, weekly…Query). */
  keywordChanges: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvChanges>;
  weeklyPositions: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvDated<CvWeeklyPosition>>;
  weeklyUrlScores: (c: SeriesCase, q: RankQuery, source: Source) => Ans<CvDated<CvWeeklyUrlScore>>;
}

/** An engine's emitters by their exported names on connection `C` (a plan can be forced only below the port). */
export interface Emitters<C> extends PlannedEmitters<C> {
  seriesByPlan: (
    c: C,
    scope: CvScope,
    targets: readonly CvTarget[],
    span: CvSpan,
    opts: { market: boolean },
    source: Source,
  ) => Ans<CvSeries>;
  typeScoresByPlan: (
    c: C,
    scope: CvScope,
    targets: readonly CvTarget[],
    span: CvSpan,
    source: Source,
  ) => Ans<CvDated<CvTypeScore>>;
  domainScoresByPlan: (
    c: C,
    scope: CvScope,
    dates: readonly string[],
    source: Source,
  ) => Ans<CvDomainScore[]>;
}

/** The planned reads of an engine's emitters on `conn`, for a case's scope. */
export function plannedReadsOf<C>(conn: C, e: Emitters<C>): PlannedReads {
  const by =
    <T>(read: (conn: C, scope: CvScope, q: RankQuery, source: Source) => Promise<T>) =>
    (c: SeriesCase, q: RankQuery, source: Source) =>
      read(conn, c.scope, q, source);
  return {
    series: (c, source) => e.seriesByPlan(conn, c.scope, c.targets, c.span, { market: c.market }, source),
    typeScores: (c, source) => e.typeScoresByPlan(conn, c.scope, c.targets, c.span, source),
    domainScores: (c, source) => e.domainScoresByPlan(conn, c.scope, leagueDates(c), source),
    labelScores: by(e.labelScoresByPlan),
    labelSeries: by(e.labelSeriesByPlan),
    bestPositions: by(e.bestPositionsByPlan),
    volumeBuckets: by(e.volumeBucketsByPlan),
    ranking: { keywords: by(e.rankingKeywordsByPlan), urls: by(e.rankingUrlsByPlan) },
    keywordChanges: by(e.keywordChangesByPlan),
    weeklyPositions: by(e.weeklyPositionsByPlan),
    weeklyUrlScores: by(e.weeklyUrlScoresByPlan),
  };
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
export async function seed(rank: RankStore): Promise<MarketData[]> {
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
  read: (source: Source) => Ans<T>,
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
export async function checkPlans(data: MarketData[], reads: PlannedReads): Promise<Used> {
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

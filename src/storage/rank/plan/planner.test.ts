// The planner's choices (planner.ts): the rollup only for a whole campaign with groupings and measures it
// holds, path targets only where the engine adds them, and only when the engine reports that it answers;
// the sorted copies where the engine has them; the raw rows always last.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { DEFAULT_CTR_MODEL } from '@core/metrics/ctr-model';
import { parseHostFilter } from '@core/host-match';
import type { CvScope } from '../../campaign-visibility-reads';
import { RankInputError } from '../input';
import {
  candidatePlans,
  choosePlan,
  MARKET_READS,
  rollupMayAnswer,
  type EngineCapabilities,
} from './planner';
import {
  bestPositionsQuery,
  volumeBucketsQuery,
  domainScoresQuery,
  labelScoresQuery,
  labelSeriesQuery,
  seriesQuery,
  typeScoresQuery,
  type RankQuery,
} from './query';
import { marketQuery } from './market-query';
import { checkedCtr } from './scope';

const DUCKDB: EngineCapabilities = { rollupPaths: true, sortedCopy: true, rawOwnDate: false };
const CLICKHOUSE: EngineCapabilities = { rollupPaths: false, sortedCopy: false, rawOwnDate: false };
const scope = (over: Partial<CvScope> = {}): CvScope => ({
  campaignId: 1,
  market: 'gb-en',
  tags: [],
  tagsMatch: 'any',
  groups: [],
  keywords: [],
  resultTypes: [],
  ctr: DEFAULT_CTR,
  ...over,
});
const target = (key: string, ...values: string[]) => ({
  key,
  filters: values.map((v) => parseHostFilter(v)!),
});
const SPAN = { start: '2026-01-01', end: '2026-01-31' };
const series = (over: Partial<CvScope> = {}, targets = [target('a', 'a.com')]): RankQuery =>
  seriesQuery(scope(over), targets, SPAN, { market: true });
const sources = (q: RankQuery, caps: EngineCapabilities, rollupAnswers: boolean | null) =>
  candidatePlans(q, caps, { rollupAnswers }).map((p) => p.source);

describe('the planner', () => {
  it('answers a whole campaign from the rollup when the engine reports it holds the points', () => {
    expect(choosePlan(series(), DUCKDB, { rollupAnswers: true }, null)?.plan).toEqual({
      source: 'rollup',
      dates: 'own-date',
    });
    expect(choosePlan(series(), CLICKHOUSE, { rollupAnswers: true }, null)?.plan.source).toBe('rollup');
    expect(sources(series(), DUCKDB, true)).toEqual(['rollup', 'sorted', 'raw']);
    expect(sources(series(), CLICKHOUSE, true)).toEqual(['rollup', 'raw']);
  });

  it('falls back when the rollup does not answer (stale, points on mixed dates) or was not asked', () => {
    expect(sources(series(), DUCKDB, false)).toEqual(['sorted', 'raw']);
    expect(sources(series(), DUCKDB, null)).toEqual(['sorted', 'raw']);
    expect(choosePlan(series(), CLICKHOUSE, { rollupAnswers: false }, null)?.plan).toEqual({
      source: 'raw',
      dates: 'date-rule',
    });
  });

  it('never uses the rollup for a filtered keyword set', () => {
    for (const over of [{ tags: ['x'] }, { groups: ['g'] }, { keywords: ['one'] }]) {
      expect(rollupMayAnswer(series(over), DUCKDB)).toBe(false);
      expect(sources(series(over), DUCKDB, true)).toEqual(['sorted', 'raw']);
    }
    // Result types and the CTR model do not stop it: the rollup keeps both columns.
    expect(
      rollupMayAnswer(series({ resultTypes: ['video'], ctr: DEFAULT_CTR.map((c) => c / 2) }), DUCKDB),
    ).toBe(true);
  });

  it('uses the rollup for host+path targets only on an engine that adds their rows', () => {
    const paths = series({}, [target('p', 'www.a.com/x')]);
    expect(rollupMayAnswer(paths, DUCKDB)).toBe(true);
    expect(rollupMayAnswer(paths, CLICKHOUSE)).toBe(false);
    expect(sources(paths, CLICKHOUSE, true)).toEqual(['raw']);
  });

  it('keeps keyword, URL and label groupings and best positions off the rollup', () => {
    const q = series();
    expect(rollupMayAnswer({ ...q, groupBy: ['point', 'keyword'] }, DUCKDB)).toBe(false);
    expect(rollupMayAnswer({ ...q, groupBy: ['label'] }, DUCKDB)).toBe(false);
    expect(rollupMayAnswer({ ...q, groupBy: ['point', 'type'] }, DUCKDB)).toBe(true);
    expect(rollupMayAnswer({ ...q, measures: ['bestPosition'] }, DUCKDB)).toBe(false);
  });

  it('describes the series read: groups, measures, the 6-day rule and the CTR model', () => {
    const q = series();
    expect(q.groupBy).toEqual(['point', 'target']);
    expect(q.measures).toContain('marketVisibilityScore');
    expect(seriesQuery(scope(), [], SPAN, { market: false }).measures).not.toContain('marketVisibilityScore');
    expect(q.points).toEqual({ span: SPAN, dates: null, maxAgeDays: 6, pick: 'all' });
    expect(q.ctr).toBe(DEFAULT_CTR_MODEL);
    expect(checkedCtr(DEFAULT_CTR.map(() => 0.5)).values[99]).toBe(0.5);
    expect(() => checkedCtr([0.3])).toThrow(RankInputError);
    expect(() => checkedCtr(DEFAULT_CTR.map(() => 2))).toThrow(RankInputError);
  });

  it('describes the type-scores read and lets a read force any allowed source, and only those', () => {
    const q = typeScoresQuery(scope(), [target('a', 'a.com')], SPAN);
    expect(q.groupBy).toEqual(['point', 'target', 'type']);
    expect(q.measures).toEqual(['visibilityScore']);
    expect(rollupMayAnswer(q, DUCKDB)).toBe(true);
    expect(choosePlan(q, DUCKDB, { rollupAnswers: true }, null)?.plan.source).toBe('rollup');
    expect(choosePlan(q, DUCKDB, { rollupAnswers: true }, 'raw')).toEqual({
      plan: { source: 'raw', dates: 'date-rule' },
      candidates: candidatePlans(q, DUCKDB, { rollupAnswers: true }),
    });
    expect(choosePlan(q, CLICKHOUSE, { rollupAnswers: true }, 'sorted')).toBeNull();
    expect(choosePlan(q, DUCKDB, { rollupAnswers: false }, 'rollup')).toBeNull();
  });

  it('plans a market read by its snapshot dates: own dates for weekly data, the rollup only for the overview', () => {
    const weeks = ['2026-01-05', '2026-01-12', '2026-01-19'];
    const overview = marketQuery('gb-en', weeks, DEFAULT_CTR, { limit: 10 });
    const matrix = marketQuery('gb-en', ['2026-01-19'], DEFAULT_CTR, { sets: [[1, 2, 2], [3]] });
    const plans = (q: typeof overview, rollupAnswers: boolean | null, snapshotDates: string[]) =>
      candidatePlans(q, MARKET_READS, { rollupAnswers, snapshotDates }).map((p) => `${p.source}/${p.dates}`);
    expect(overview.keywords).toMatchObject({ campaignId: null, market: 'gb-en', tags: [], keywords: [] });
    expect(matrix.sets).toEqual([[1, 2], [3]]);
    expect(matrix.groupBy).toEqual(['label', 'domain']);
    // Weekly snapshots: no point's window (the point and the 6 days before it) holds another snapshot date.
    expect(plans(overview, true, weeks)).toEqual(['rollup/own-date', 'raw/own-date', 'raw/date-rule']);
    expect(plans(overview, false, weeks)).toEqual(['raw/own-date', 'raw/date-rule']);
    // A snapshot on 2026-01-15 lies in the window of 2026-01-19: that point may use it, so no own date.
    expect(plans(overview, true, [...weeks, '2026-01-15'].sort())).toEqual(['raw/date-rule']);
    // A keyword-set matrix groups by label, which no rollup holds.
    expect(rollupMayAnswer(matrix, MARKET_READS)).toBe(false);
    expect(plans(matrix, true, weeks)).toEqual(['raw/own-date', 'raw/date-rule']);
    const facts = { rollupAnswers: true, snapshotDates: weeks };
    expect(choosePlan(overview, MARKET_READS, facts, { source: 'raw', dates: 'own-date' })?.plan).toEqual({
      source: 'raw',
      dates: 'own-date',
    });
    expect(choosePlan(overview, MARKET_READS, facts, 'raw')?.plan.dates).toBe('own-date');
    expect(choosePlan(overview, MARKET_READS, facts, 'sorted')).toBeNull();
    // Without the dates the planner trusts rollupAnswers alone (a campaign's rollup fact checks each keyword's
    // dates itself) and offers no raw own-date plan.
    expect(candidatePlans(overview, MARKET_READS, { rollupAnswers: true }).map((p) => p.dates)).toEqual([
      'own-date',
      'date-rule',
    ]);
  });

  it('describes the league read: explicit point dates, grouped by domain, on the rollup when whole', () => {
    const q = domainScoresQuery(scope(), ['2026-01-05', '2026-01-19']);
    expect(q.points).toEqual({
      span: { start: '2026-01-05', end: '2026-01-19' },
      dates: ['2026-01-05', '2026-01-19'],
      maxAgeDays: 6,
      pick: 'all',
    });
    expect(q.groupBy).toEqual(['point', 'domain']);
    expect(q.targets).toEqual([]);
    expect(rollupMayAnswer(q, CLICKHOUSE)).toBe(true);
    expect(rollupMayAnswer(domainScoresQuery(scope({ tags: ['x'] }), ['2026-01-05']), DUCKDB)).toBe(false);
  });

  it('describes the label, best-position and volume-bucket reads: keyword-level, so never the rollup, even for a whole campaign', () => {
    const share = labelScoresQuery(scope(), [target('a', 'a.com')], '2026-01-12', 'tags', { market: true });
    expect(share.points).toEqual({
      span: { start: '2026-01-12', end: '2026-01-12' },
      dates: ['2026-01-12'],
      maxAgeDays: 6,
      pick: 'all',
    });
    expect(share.labels).toBe('tags');
    expect(share.measures).toEqual(['setKeywords', 'visibilityScore', 'marketVisibilityScore']);
    const matrix = labelSeriesQuery(scope(), [target('a', 'a.com')], SPAN, 'groups', 'ends');
    expect(matrix.points.pick).toBe('ends');
    expect(matrix.groupBy).toEqual(['point', 'label', 'target']);
    const ranks = bestPositionsQuery(scope(), [target('a', 'a.com')], '2026-01-12');
    expect(ranks.points).toEqual(share.points);
    expect(ranks.groupBy).toEqual(['target', 'bestPosition']);
    expect(ranks.measures).toEqual(['keywords']);
    const volumes = volumeBucketsQuery(scope(), [target('a', 'a.com')], '2026-01-12', [10, 100]);
    expect(volumes.points).toEqual(share.points);
    expect(volumes.groupBy).toEqual(['volume', 'target']);
    expect(volumes.volumeBounds).toEqual([10, 100]);
    expect(ranks.volumeBounds).toEqual([]);
    expect(() => volumeBucketsQuery(scope(), [], '2026-01-12', [100, 10])).toThrow(/ascending/);
    expect(() => volumeBucketsQuery(scope(), [], '2026-01-12', [Number.NaN])).toThrow(/finite/);
    for (const q of [share, matrix, ranks, volumes]) {
      expect(rollupMayAnswer(q, DUCKDB)).toBe(false);
      expect(sources(q, DUCKDB, true)).toEqual(['sorted', 'raw']);
      expect(sources(q, CLICKHOUSE, true)).toEqual(['raw']);
    }
  });
});

// The ranking tables' part of the planned-reads property test (plan-series.test.ts): each case's keyword
// table over all its targets and URL table of its first target, whole and as a random page (a random sort
// field, target, delta display and direction; a random offset and limit), on every plan the planner allows,
// each against the raw plan's. References: a whole table's total is the keyword set's size (keyword table),
// its first and last point are the series' and its summed VS at both equals the series' VS of the target
// (core visibilitySeries); a page is the whole table sorted and sliced here (NULLs last either way, ties by
// keyword id or URL), so the sort and paging SQL of both engines is checked against a reference too.
import { expect } from 'vitest';
import { parseHostFilter } from '@core/host-match';
import {
  CV_GROUPED_KEYWORD_FIELDS,
  CV_KEYWORD_FIELDS,
  CV_URL_FIELDS,
  type CvKeywordField,
  type CvKeywordRow,
  type CvRankingPage,
  type CvRankingQuery,
  type CvUrlField,
  type CvUrlRow,
} from '@storage/campaign-visibility-reads';
import type { Source } from '@storage/rank/plan/planner';
import { rankingKeywordsQuery, rankingUrlsQuery, type RankQuery } from '@storage/rank/plan/query';
import { expectSame } from './cv-rollup-fixture';
import { random, referenceSeries, type MarketData, type SeriesCase } from './plan-series-fixture';

type Read<R> = (c: SeriesCase, q: RankQuery, source: Source) => Promise<{ answer: CvRankingPage<R> } | null>;

export interface RankingReads {
  keywords: Read<CvKeywordRow>;
  urls: Read<CvUrlRow>;
}

const SOURCES: Source[] = ['rollup', 'sorted'];
type Value = string | number | null;
type Display = 'delta' | 'percentageDelta';

function change(start: number | null, end: number | null, display: Display): number | null {
  if (start === null || end === null) return null;
  if (display === 'delta') return end - start;
  return start === 0 ? null : ((end - start) * 100) / start;
}

/** A keyword-table field's value, as the SQL sorts it. */
function keywordValue(row: CvKeywordRow, field: CvKeywordField, target: number, display: Display): Value {
  const cell = row.targets[target]!;
  switch (field) {
    case 'keyword':
      return row.keyword;
    case 'searchVolume':
      return row.searchVolume;
    case 'position':
      return cell.position;
    case 'positionDeltas':
      return change(cell.positionStart, cell.position, display);
    case 'url':
      return cell.url;
    case 'visibilityScore':
      return cell.visibilityScore;
    case 'visibilityScoreDeltas':
      return change(cell.visibilityScoreStart, cell.visibilityScore, display);
  }
}

function urlValue(row: CvUrlRow, field: CvUrlField, display: Display): Value {
  switch (field) {
    case 'url':
      return row.url;
    case 'keywords':
      return row.keywords;
    case 'keywordsDeltas':
      return change(row.keywordsStart, row.keywords, display);
    case 'visibilityScore':
      return row.visibilityScore;
    case 'visibilityScoreDeltas':
      return change(row.visibilityScoreStart, row.visibilityScore, display);
    case 'bestPosition':
      return row.bestPosition;
    case 'searchVolume':
      return row.searchVolume;
  }
}

/** The page of a whole table: sorted by `value` (NULLs last), ties by `tie`, then sliced. */
function pageOf<R>(
  whole: CvRankingPage<R>,
  value: (r: R) => Value,
  tie: (r: R) => Value,
  q: { direction: 'asc' | 'desc'; offset: number; limit: number | null },
): CvRankingPage<R> {
  const cmp = (a: Value, b: Value) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  const sign = q.direction === 'asc' ? 1 : -1;
  const rows = [...whole.rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = va === null || vb === null ? cmp(va, vb) : sign * cmp(va, vb);
    return c !== 0 ? c : cmp(tie(a), tie(b));
  });
  const end = q.limit === null ? undefined : q.offset + q.limit;
  return { ...whole, rows: rows.slice(q.offset, end) };
}

/** A read on every allowed plan, each against the raw plan's; the raw answer and how many others answered. */
async function everyPlan<R>(c: SeriesCase, what: string, q: RankQuery, read: Read<R>) {
  const raw = await read(c, q, 'raw');
  expect(raw, `${what}: the raw plan is always allowed`).not.toBeNull();
  let others = 0;
  for (const source of SOURCES) {
    const got = await read(c, q, source);
    if (got === null) continue;
    others += 1;
    expectSame(got.answer, raw!.answer, `${what} ${source} vs raw`);
  }
  return { raw: raw!.answer, others };
}

/**
 * A case's ranking tables; returns the rows with a positive VS (`ranked`), the reads (`read`) and the answers
 * of other plans than raw (`planned`). Skipped without a target (the keyword table needs one).
 */
export async function checkRankingTables(
  c: SeriesCase,
  n: number,
  d: MarketData,
  reads: RankingReads,
): Promise<{ ranked: number; read: number; planned: number }> {
  // Every third case: each read stages a whole run, and ClickHouse stages one for each plan it refuses too.
  if (c.targets.length === 0 || n % 3 !== 0) return { ranked: 0, read: 0, planned: 0 };
  const r = random(900 + n);
  const series = referenceSeries(d, c);
  const first = series.points[0] ?? null;
  const last = series.points.at(-1) ?? null;
  const direction = r.pick(['asc', 'desc'] as const);
  const display = r.pick(['delta', 'percentageDelta'] as const);
  const offset = r.int(0, 4);
  const limit = r.pick([null, 0, 2, 5]);
  // Now and then only rows under www.a.com: not in the reference, but every plan must agree.
  const url = r.next() < 0.25 ? parseHostFilter('www.a.com')! : null;
  const base = { span: c.span, url: null, filters: [], offset: 0, limit: null };
  const at = (p: { date: string } | null) => p?.date ?? null;
  let planned = 0;

  const target = r.int(0, c.targets.length - 1);
  const kwField = r.pick(CV_KEYWORD_FIELDS);
  const kwSort = {
    field: kwField,
    target: CV_GROUPED_KEYWORD_FIELDS.includes(kwField) ? target : null,
    display,
    direction,
  };
  const keywordQuery = (q: CvRankingQuery<CvKeywordField>) => rankingKeywordsQuery(c.scope, c.targets, q);
  const kw = await everyPlan(
    c,
    `${c.where} keyword table`,
    keywordQuery({ ...base, sort: { field: 'keyword', target: null, display: null, direction } }),
    reads.keywords,
  );
  expect([kw.raw.start, kw.raw.end], `${c.where} keyword table points`).toEqual([at(first), at(last)]);
  expect(kw.raw.total, `${c.where} keyword table total`).toBe(series.keywords);
  c.targets.forEach((_, i) => {
    const sum = (pick: (x: CvKeywordRow) => number) => kw.raw.rows.reduce((s, x) => s + pick(x), 0);
    expectSame(
      [sum((x) => x.targets[i]!.visibilityScoreStart), sum((x) => x.targets[i]!.visibilityScore)],
      [first?.visibilityScores[i] ?? 0, last?.visibilityScores[i] ?? 0],
      `${c.where} keyword table VS of target ${i} vs series`,
    );
  });
  const kwPage = await everyPlan(
    c,
    `${c.where} keyword page by ${kwField}|${target} ${display} ${direction} ${offset}+${limit}`,
    keywordQuery({ ...base, sort: kwSort, offset, limit, url }),
    reads.keywords,
  );
  if (url === null) {
    const expected = pageOf(
      kw.raw,
      (x) => keywordValue(x, kwField, kwSort.target ?? 0, display),
      (x) => x.keywordId,
      { direction, offset, limit },
    );
    expectSame(kwPage.raw, expected, `${c.where} keyword page vs the whole table's`);
  }
  planned += kw.others + kwPage.others;

  const urlField = r.pick(CV_URL_FIELDS);
  const urlSort = { field: urlField, target: null, display, direction };
  const urlQuery = (q: CvRankingQuery<CvUrlField>) => rankingUrlsQuery(c.scope, c.targets[0]!, q);
  const urls = await everyPlan(
    c,
    `${c.where} URL table`,
    urlQuery({ ...base, sort: { field: 'url', target: null, display: null, direction } }),
    reads.urls,
  );
  const sum = (pick: (x: CvUrlRow) => number) => urls.raw.rows.reduce((s, x) => s + pick(x), 0);
  expectSame(
    [sum((x) => x.visibilityScoreStart), sum((x) => x.visibilityScore)],
    [first?.visibilityScores[0] ?? 0, last?.visibilityScores[0] ?? 0],
    `${c.where} URL table VS vs series`,
  );
  const urlPage = await everyPlan(
    c,
    `${c.where} URL page by ${urlField} ${display} ${direction} ${offset}+${limit}`,
    urlQuery({ ...base, sort: urlSort, offset, limit, url }),
    reads.urls,
  );
  if (url === null) {
    const expected = pageOf(
      urls.raw,
      (x) => urlValue(x, urlField, display),
      (x) => x.url,
      {
        direction,
        offset,
        limit,
      },
    );
    expectSame(urlPage.raw, expected, `${c.where} URL page vs the whole table's`);
  }
  planned += urls.others + urlPage.others;
  const ranked = kw.raw.rows.filter((x) => x.targets.some((t) => t.visibilityScore > 0)).length;
  return { ranked: ranked + urls.raw.rows.filter((x) => x.visibilityScore > 0).length, read: 4, planned };
}

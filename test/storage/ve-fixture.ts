// The visibility-explorer fixture shared by the storage and API tests: four keywords of gb-en (one with
// unknown volume), weekly pages on 2025-03-03 and 03-10 and a rank tracker's one-result snapshot of alpha on
// 03-12, plus alpha in us-en ranked by the same URL (which must never count in gb-en); and the fixture (or
// other rows) as the core reference metrics read it.
import { expect } from 'vitest';
import { matchesHostFilter, parseUrlParts, type HostFilter } from '@core/host-match';
import { buildRankData, type MetricResult } from '@core/metrics';
import { DEFAULT_CTR_MODEL } from '@core/metrics';
import { explorerData, explorerTypeScores } from '@core/metrics/explorer';
import { mergedResultType } from '@core/metrics/rank-data';
import type { RankStore, SerpResultInput } from '@storage/rank-store';

export const M = 'gb-en';
export const KEYWORDS = [
  { text: 'alpha', sv: 1000 },
  { text: 'beta', sv: 100 },
  { text: 'gamma', sv: null },
  { text: 'delta', sv: 10 },
];
export type Row = [string, string, number, string, SerpResultInput['resultType']?];
export const ROWS: Row[] = [
  ['alpha', '2025-03-03', 1, 'https://www.acme.com/blog/a'],
  ['alpha', '2025-03-03', 2, 'https://other.org/x'],
  ['alpha', '2025-03-03', 3, 'https://acme.com/', 'featured_snippet'],
  ['beta', '2025-03-03', 1, 'https://other.org/y'],
  ['beta', '2025-03-03', 2, 'https://www.acme.com/blog'],
  ['gamma', '2025-03-03', 1, 'https://www.acme.com/blog/b'],
  ['delta', '2025-03-03', 1, 'https://news.example/z'],
  ['delta', '2025-03-03', 2, 'https://www.acme.com/blogger'],
  ['alpha', '2025-03-10', 1, 'https://other.org/x'],
  ['alpha', '2025-03-10', 2, 'https://www.acme.com/blog/a', 'brand'],
  ['beta', '2025-03-10', 1, 'https://www.acme.com/shop'],
  ['beta', '2025-03-10', 2, 'https://other.org/y'],
  ['delta', '2025-03-10', 1, 'https://www.acme.com/blog/c'],
  // A rank tracker's snapshot of alpha alone, two days later: it hides alpha's 03-10 page at 03-12.
  ['alpha', '2025-03-12', 1, 'https://other.org/q'],
];

/** Rows of `market` as the store takes them, keywords by id (`ids`, by text); organic unless typed. */
export function serpInputs(
  market: string,
  ids: Map<string, number>,
  rows: readonly Row[],
): SerpResultInput[] {
  return rows.map(([kw, date, position, url, resultType]) => ({
    market,
    keywordId: ids.get(kw)!,
    date,
    position,
    url,
    resultType: resultType ?? 'organic',
  }));
}

/** Writes the fixture (migrating first); returns the gb-en keyword ids by text. */
export async function seed(rank: RankStore): Promise<Map<string, number>> {
  await rank.migrate();
  const ids = await rank.upsertKeywords(M, KEYWORDS);
  const other = await rank.upsertKeywords('us-en', [{ text: 'alpha', sv: 5000 }]);
  await rank.insertSerpResults([
    ...serpInputs(M, ids, ROWS),
    {
      market: 'us-en',
      keywordId: other.get('alpha')!,
      date: '2025-03-10',
      position: 1,
      url: 'https://www.acme.com/blog/a',
      resultType: 'organic',
    },
  ]);
  return ids;
}

/** Rows (this fixture's, or another test's) as the reference metrics read them: keywords by id, results. */
export function reference(
  ids: Map<string, number>,
  keywords: readonly { text: string; sv: number | null }[] = KEYWORDS,
  rows: readonly Row[] = ROWS,
) {
  const kws = keywords.map((k) => ({ id: ids.get(k.text)!, sv: k.sv, text: k.text }));
  const results: MetricResult[] = rows.map(([kw, date, position, url, resultType]) => ({
    keywordId: ids.get(kw)!,
    date,
    position,
    url,
    resultType: resultType ?? 'organic',
  }));
  return { keywords: kws, results, data: buildRankData(kws, results) };
}

/** The host's rank data as the explorer's reference reads it: its results and its keywords' snapshots. */
export function hostData(ref: ReturnType<typeof reference>, f: HostFilter) {
  const results = ref.results.filter((r) => matchesHostFilter(f, parseUrlParts(r.url)!));
  const kws = new Set(results.map((r) => r.keywordId));
  const snaps = ref.results
    .filter((r) => kws.has(r.keywordId))
    .map((r) => ({ keywordId: r.keywordId, date: r.date }));
  return explorerData(
    ref.keywords.filter((k) => kws.has(k.id)),
    snaps,
    results,
  );
}

/**
 * Checks a store's VS per point and result type for `f` against the reference on `ref`: result types merged
 * as the reference merges them (brand into organic), every (date, type) present on both sides, values equal
 * to 9 digits.
 */
export function expectTypeScores(
  ref: ReturnType<typeof reference>,
  f: HostFilter,
  points: readonly string[],
  got: readonly { date: string; resultType: string; visibilityScore: number }[],
) {
  const want = explorerTypeScores(
    hostData(ref, f),
    { key: f.value, filters: [f] },
    points,
    DEFAULT_CTR_MODEL,
  );
  const key = (x: { date: string; resultType: string }) =>
    `${x.date} ${mergedResultType(x.resultType as never)}`;
  const merged = new Map<string, number>();
  for (const x of got) merged.set(key(x), (merged.get(key(x)) ?? 0) + x.visibilityScore);
  expect([...merged.keys()].sort(), f.value).toEqual(want.map(key).sort());
  for (const w of want) expect(merged.get(key(w))!, f.value).toBeCloseTo(w.visibilityScore, 9);
}

// The visibility-explorer reads at the port, one case list run on DuckDB and on ClickHouse (when
// SIGHTLINE_TEST_CLICKHOUSE_URL is set): a hand-computed fixture (ctr 1 = .285, 2 = .157, 3 = .110) with a
// rank-tracker snapshot two days after a weekly one (the date rule's general path), a keyword with unknown
// volume, a snapshot too old to use, brand and featured-snippet results, a host+path target (/blog matches
// /blog and /blog/a, not /blogger) and a second market that must never leak in. Every answer is also checked
// against the core reference functions run on the whole fixture (src/core/metrics).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { matchesHostFilter, parseHostFilter, parseUrlParts } from '@core/host-match';
import {
  buildRankData,
  DEFAULT_CTR_MODEL,
  domainScores as referenceDomainScores,
  domainSummary as referenceSummary,
  type MetricResult,
} from '@core/metrics';
import { explorerData, explorerSeries, rankingSnapshots } from '@core/metrics/explorer';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { RankInputError } from '@storage/rank/input';
import type { RankStore } from '@storage/rank-store';
import { CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';
import { KEYWORDS, M, ROWS, seed } from './ve-fixture';

warnIfNoClickHouse('ClickHouse visibility-explorer reads');

const BLOG = parseHostFilter('www.acme.com/blog')!;
const ACME = parseHostFilter('acme.com')!;
const SHOP = parseHostFilter('www.acme.com')!;
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9);

/** The whole fixture as the reference metrics read it. */
function reference(ids: Map<string, number>) {
  const keywords = KEYWORDS.map((k) => ({ id: ids.get(k.text)!, sv: k.sv, text: k.text }));
  const results: MetricResult[] = ROWS.map(([kw, date, position, url, resultType]) => ({
    keywordId: ids.get(kw)!,
    date,
    position,
    url,
    resultType: resultType ?? 'organic',
  }));
  return { keywords, results, data: buildRankData(keywords, results) };
}

const engines: { name: string; skip: boolean; open: () => Promise<{ rank: RankStore; done: () => void }> }[] =
  [
    {
      name: 'DuckDB',
      skip: false,
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'sightline-ve-'));
        const rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
        return { rank, done: () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    {
      name: 'ClickHouse',
      skip: CLICKHOUSE_URL === '',
      open: async () => ({ rank: await openClickHouseRankStore(databases.next()), done: () => undefined }),
    },
  ];
const databases = freshDatabases();

describe.each(engines)('visibility-explorer reads on $name', ({ skip, open }) => {
  let rank: RankStore;
  let done: () => void;
  let ids: Map<string, number>;
  const id = (kw: string) => ids.get(kw)!;

  beforeAll(async () => {
    if (skip) return;
    ({ rank, done } = await open());
    ids = await seed(rank);
  });
  afterAll(async () => {
    if (skip) return;
    await rank.close();
    done();
  });

  it.skipIf(skip)('list the market’s snapshot dates in a range', async () => {
    const ve = rank.visibilityExplorer;
    expect(await ve.snapshotDates(M, '2025-03-01', '2025-03-31')).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-12',
    ]);
    expect(await ve.snapshotDates(M, '2025-03-04', '2025-03-11')).toEqual(['2025-03-10']);
    expect(await ve.snapshotDates('de-de', '2025-03-01', '2025-03-31')).toEqual([]);
  });

  it.skipIf(skip)('measure the keywords each point uses, on both date-rule paths', async () => {
    const ve = rank.visibilityExplorer;
    // Fast path (no point's window holds another snapshot date): 03-03 all four, 03-10 three (gamma's
    // 03-03 snapshot is 7 days old).
    expect(await ve.measured(M, ['2025-03-03', '2025-03-10'])).toEqual([
      { date: '2025-03-03', keywords: 4, unknownVolume: 1, searchVolume: 1110 },
      { date: '2025-03-10', keywords: 3, unknownVolume: 0, searchVolume: 1110 },
    ]);
    // General path: 03-12's window also holds 03-10; a date without snapshots measures its window.
    expect(await ve.measured(M, ['2025-03-10', '2025-03-12', '2025-03-15', '2025-04-30'])).toEqual([
      { date: '2025-03-10', keywords: 3, unknownVolume: 0, searchVolume: 1110 },
      { date: '2025-03-12', keywords: 3, unknownVolume: 0, searchVolume: 1110 },
      { date: '2025-03-15', keywords: 3, unknownVolume: 0, searchVolume: 1110 },
      { date: '2025-04-30', keywords: 0, unknownVolume: 0, searchVolume: 0 },
    ]);
    expect(await ve.measured('de-de', ['2025-03-10'])).toEqual([]);
  });

  it.skipIf(skip)('return exactly the results a host filter matches, in one market', async () => {
    const ve = rank.visibilityExplorer;
    for (const f of [BLOG, ACME, SHOP, parseHostFilter('other.org')!, parseHostFilter('nowhere.test')!]) {
      const got = await ve.targetResults(M, f, '2025-03-01', '2025-03-31');
      const want = ROWS.filter(([, , , url]) => matchesHostFilter(f, parseUrlParts(url)!))
        .map(([kw, date, position, url, type]) => ({
          keywordId: id(kw),
          date,
          position,
          resultType: type ?? 'organic',
          url,
        }))
        .sort((a, b) => a.keywordId - b.keywordId || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      expect(got).toEqual(want);
    }
    expect(await ve.targetResults(M, BLOG, '2025-03-04', '2025-03-09')).toEqual([]);
  });

  it.skipIf(skip)('list the snapshots of chosen keywords', async () => {
    const ve = rank.visibilityExplorer;
    expect(await ve.keywordSnapshots(M, [id('alpha'), id('gamma')], '2025-03-01', '2025-03-11')).toEqual([
      { keywordId: id('alpha'), date: '2025-03-03' },
      { keywordId: id('alpha'), date: '2025-03-10' },
      { keywordId: id('gamma'), date: '2025-03-03' },
    ]);
    expect(await ve.keywordSnapshots(M, [], '2025-03-01', '2025-03-31')).toEqual([]);
  });

  it.skipIf(skip)('sum every domain’s VS over chosen snapshots as the reference does', async () => {
    const ve = rank.visibilityExplorer;
    const snaps = [
      { keywordId: id('alpha'), date: '2025-03-10' },
      { keywordId: id('beta'), date: '2025-03-10' },
      { keywordId: id('gamma'), date: '2025-03-03' },
    ];
    const got = await ve.domainScores(M, snaps, DEFAULT_CTR, 10);
    // alpha 03-10: other.org .285×1000, acme .157×1000; beta: acme .285×100, other .157×100; gamma: no volume.
    expect(got.rows.map((r) => [r.domain, r.keywords])).toEqual([
      ['other.org', 2],
      ['acme.com', 3],
    ]);
    close(got.rows[0]!.visibilityScore, 285 + 15.7);
    close(got.rows[1]!.visibilityScore, 157 + 28.5);
    close(got.total, 285 + 15.7 + 157 + 28.5);
    const ref = referenceDomainScores(reference(ids).data, [id('alpha'), id('beta')], '2025-03-10');
    close(got.rows[0]!.visibilityScore, ref.get('other.org')!);
    close(got.rows[1]!.visibilityScore, ref.get('acme.com')!);
    expect((await ve.domainScores(M, snaps, DEFAULT_CTR, 1)).rows.map((r) => r.domain)).toEqual([
      'other.org',
    ]);
    expect(await ve.domainScores(M, [], DEFAULT_CTR, 5)).toEqual({ total: 0, rows: [] });
  });

  it.skipIf(skip)('give the host’s series exactly as the reference over every keyword', async () => {
    const ve = rank.visibilityExplorer;
    const span = { start: '2025-03-01', end: '2025-03-31' };
    const points = await ve.snapshotDates(M, span.start, span.end);
    const results = await ve.targetResults(M, BLOG, '2025-02-23', span.end);
    const kwIds = [...new Set(results.map((r) => r.keywordId))];
    const data = explorerData(
      await rank.readKeywords(M, kwIds),
      await ve.keywordSnapshots(M, kwIds, '2025-02-23', span.end),
      results,
    );
    const got = explorerSeries(
      data,
      { key: BLOG.value, filters: [BLOG] },
      await ve.measured(M, points),
      DEFAULT_CTR_MODEL,
    );
    const ref = reference(ids);
    const want = referenceSummary(
      ref.data,
      [{ key: BLOG.value, filters: [BLOG] }],
      ref.keywords.map((k) => k.id),
      span,
    ).targets[0]!;
    expect(got.series.map((p) => p.date)).toEqual(want.series.map((p) => p.date));
    got.series.forEach((p, i) => {
      close(p.visibilityScore, want.series[i]!.visibilityScore);
      close(p.visibility, want.series[i]!.visibility);
    });
    // By hand: 03-03 alpha 1st + beta 2nd (gamma has no volume), 03-10 alpha 2nd (brand) + delta 1st,
    // 03-12 alpha's newer snapshot has no /blog result: delta only.
    close(got.series[0]!.visibilityScore, 285 + 15.7);
    close(got.series[1]!.visibilityScore, 157 + 2.85);
    close(got.series[2]!.visibilityScore, 2.85);
    close(got.series[1]!.visibility, (159.85 / (1110 * 0.285)) * 100);
    expect(rankingSnapshots(data, { key: BLOG.value, filters: [BLOG] }, '2025-03-12')).toEqual([
      { keywordId: id('delta'), date: '2025-03-10' },
    ]);
  });

  it.skipIf(skip)('suggest domains, then hosts, prefix first, by length and name', async () => {
    const ve = rank.visibilityExplorer;
    expect(await ve.autocomplete(M, 'ACME', 10)).toEqual([
      { value: 'acme.com', kind: 'domain' },
      { value: 'www.acme.com', kind: 'host' },
    ]);
    expect(await ve.autocomplete(M, 'o', 2)).toEqual([
      { value: 'other.org', kind: 'domain' },
      { value: 'acme.com', kind: 'domain' },
    ]);
    expect(await ve.autocomplete(M, "'; DROP TABLE x; --", 5)).toEqual([]);
    expect(await ve.autocomplete('de-de', 'acme', 5)).toEqual([]);
  });

  it.skipIf(skip)('refuse bad input before reading', async () => {
    const ve = rank.visibilityExplorer;
    await expect(ve.snapshotDates('GB', '2025-03-01', '2025-03-31')).rejects.toBeInstanceOf(RankInputError);
    await expect(ve.measured(M, ['2025-02-30'])).rejects.toBeInstanceOf(RankInputError);
    await expect(ve.domainScores(M, [], [0.5], 3)).rejects.toBeInstanceOf(RankInputError);
    await expect(ve.autocomplete(M, 'a', 0)).rejects.toBeInstanceOf(RankInputError);
  });
});

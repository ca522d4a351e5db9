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
import { matchesHostFilter, parseHostFilter, parseUrlParts, type HostFilter } from '@core/host-match';
import {
  DEFAULT_CTR_MODEL,
  domainScores as referenceDomainScores,
  domainSummary as referenceSummary,
} from '@core/metrics';
import {
  bestResult,
  explorerData,
  explorerRankRanges,
  explorerSeries,
  keywordScores,
  rankingSnapshots,
  rankRangeCounts,
  urlScores,
} from '@core/metrics/explorer';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { RankInputError } from '@storage/rank/input';
import type { RankStore } from '@storage/rank-store';
import { CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';
import { expectTypeScores, hostData, M, reference, ROWS, seed } from './ve-fixture';

warnIfNoClickHouse('ClickHouse visibility-explorer reads');

const BLOG = parseHostFilter('www.acme.com/blog')!;
const ACME = parseHostFilter('acme.com')!;
const SHOP = parseHostFilter('www.acme.com')!;
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9);

/** Targets and point dates of the comparisons: 03-10 on the fast date-rule path, 03-12 and 03-15 not. */
const CASES: [HostFilter, string][] = [BLOG, ACME, SHOP].flatMap((f) =>
  ['2025-03-03', '2025-03-10', '2025-03-12', '2025-03-15'].map((d): [HostFilter, string] => [f, d]),
);

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
    // Fast path (no point's window holds another snapshot date): 03-03 all four (every keyword of the
    // market has a snapshot that day: the whole-market sums), 03-10 three (gamma's 03-03 snapshot is 7 days
    // old).
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

  it.skipIf(skip)('sum the league of the snapshots a host ranks in as the reference does', async () => {
    const ve = rank.visibilityExplorer;
    // ACME at 03-10 ranks in alpha 03-10, beta 03-10 and delta 03-10 (gamma's 03-03 page is too old).
    // alpha: other.org .285×1000, acme .157×1000; beta: acme .285×100, other .157×100; delta: acme .285×10.
    const got = (await ve.hostPoint(M, ACME, '2025-03-10', DEFAULT_CTR, 10, 10)).league;
    expect(got.rows.map((r) => [r.domain, r.keywords])).toEqual([
      ['other.org', 2],
      ['acme.com', 3],
    ]);
    close(got.rows[0]!.visibilityScore, 285 + 15.7);
    close(got.rows[1]!.visibilityScore, 157 + 28.5 + 2.85);
    close(got.total, 285 + 15.7 + 157 + 28.5 + 2.85);
    expect(
      (await ve.hostPoint(M, ACME, '2025-03-10', DEFAULT_CTR, 10, 1)).league.rows.map((r) => r.domain),
    ).toEqual(['other.org']);
    const ref = reference(ids);
    for (const [f, date] of CASES) {
      const target = { key: f.value, filters: [f] };
      const snaps = rankingSnapshots(hostData(ref, f), target, date);
      const want = new Map<string, number>();
      for (const x of snaps) {
        for (const [d, v] of referenceDomainScores(ref.data, [x.keywordId], x.date)) {
          want.set(d, (want.get(d) ?? 0) + v);
        }
      }
      const league = (await ve.hostPoint(M, f, date, DEFAULT_CTR, 10, 10)).league;
      expect(league.rows.map((r) => r.domain).sort()).toEqual([...want.keys()].sort());
      for (const r of league.rows) close(r.visibilityScore, want.get(r.domain)!);
      close(
        league.total,
        [...want.values()].reduce((x, y) => x + y, 0),
      );
    }
    expect(
      (await ve.hostPoint(M, parseHostFilter('nowhere.test')!, '2025-03-10', DEFAULT_CTR, 5, 5)).league,
    ).toEqual({
      total: 0,
      rows: [],
    });
  });

  it.skipIf(skip)('sum the host’s VS per point and result type as the reference does', async () => {
    const ve = rank.visibilityExplorer;
    const ref = reference(ids);
    // Both date-rule paths: the weekly dates alone each use their own day's snapshots (the stores' rollups),
    // and with 03-12 and 03-15 the points use older ones too (the rows).
    for (const points of [
      ['2025-03-03', '2025-03-10'],
      ['2025-03-03', '2025-03-10', '2025-03-12', '2025-03-15'],
    ]) {
      for (const f of [BLOG, ACME, SHOP]) {
        expectTypeScores(ref, f, points, await ve.hostTypeScores(M, f, points, DEFAULT_CTR));
      }
    }
    // By hand: ACME at 03-10 has alpha's brand result at 2 (.157 × 1000), beta organic 1st, delta 1st.
    const acme = await ve.hostTypeScores(M, ACME, ['2025-03-10'], DEFAULT_CTR);
    expect(acme.map((x) => x.resultType).sort()).toEqual(['brand', 'organic']);
    close(acme.find((x) => x.resultType === 'brand')!.visibilityScore, 157);
    close(acme.find((x) => x.resultType === 'organic')!.visibilityScore, 28.5 + 2.85);
    expect(await ve.hostTypeScores(M, ACME, [], DEFAULT_CTR)).toEqual([]);
  });

  it.skipIf(skip)('give the keywords and URLs where the host ranks as the reference does', async () => {
    const ve = rank.visibilityExplorer;
    const ref = reference(ids);
    const text = new Map(ref.keywords.map((k) => [k.id, k.text]));
    for (const [f, date] of CASES) {
      const target = { key: f.value, filters: [f] };
      const data = hostData(ref, f);
      const scores = keywordScores(data, target, date, DEFAULT_CTR_MODEL);
      const got = (await ve.hostPoint(M, f, date, DEFAULT_CTR, 10, 10)).keywords;
      expect(got.rankingKeywords).toBe(scores.size);
      close(
        got.visibilityScore,
        [...scores.values()].reduce((x, y) => x + y, 0),
      );
      expect(rankRangeCounts(got.bestPositions)).toEqual(explorerRankRanges(data, target, date));
      const want = [...scores]
        .sort(([a, x], [b, y]) => y - x || (text.get(a)! < text.get(b)! ? -1 : 1))
        .map(([kw, visibilityScore]) => {
          const best = bestResult(data, target, kw, date)!;
          const sv = ref.keywords.find((k) => k.id === kw)!.sv;
          return {
            keyword: text.get(kw),
            searchVolume: sv,
            position: best.position,
            url: best.url,
            visibilityScore,
          };
        });
      expect(got.top).toHaveLength(want.length);
      got.top.forEach((k, i) => {
        expect({ ...k, visibilityScore: 0 }).toEqual({ ...want[i]!, visibilityScore: 0 });
        close(k.visibilityScore, want[i]!.visibilityScore);
      });
      const urls = [...urlScores(data, target, date, DEFAULT_CTR_MODEL).values()].sort(
        (a, b) => b.visibilityScore - a.visibilityScore || (a.url < b.url ? -1 : 1),
      );
      const gotUrls = (await ve.hostPoint(M, f, date, DEFAULT_CTR, 10, 10)).urls;
      expect(gotUrls.map((u) => [u.url, u.keywords, u.bestPosition])).toEqual(
        urls.map((u) => [u.url, u.keywords, u.bestPosition]),
      );
      gotUrls.forEach((u, i) => close(u.visibilityScore, urls[i]!.visibilityScore));
    }
    // By hand: ACME at 03-10: alpha (brand at 2: 157), beta (1st: 28.5), delta (1st: 2.85); limit 2.
    const acme = (await ve.hostPoint(M, ACME, '2025-03-10', DEFAULT_CTR, 2, 2)).keywords;
    expect(acme.top.map((k) => [k.keyword, k.position, k.url])).toEqual([
      ['alpha', 2, 'https://www.acme.com/blog/a'],
      ['beta', 1, 'https://www.acme.com/shop'],
    ]);
    expect(acme.bestPositions).toEqual([
      { position: 1, keywords: 2 },
      { position: 2, keywords: 1 },
    ]);
    // gamma (unknown volume) ranks at 03-03 and scores 0, last.
    const early = (await ve.hostPoint(M, BLOG, '2025-03-03', DEFAULT_CTR, 10, 10)).keywords;
    expect(early.top.at(-1)).toMatchObject({ keyword: 'gamma', searchVolume: null, visibilityScore: 0 });
    expect((await ve.hostPoint(M, BLOG, '2025-03-03', DEFAULT_CTR, 1, 1)).urls.map((u) => u.url)).toEqual([
      'https://www.acme.com/blog/a',
    ]);
    const none = parseHostFilter('nowhere.test')!;
    expect(await ve.hostPoint(M, none, '2025-03-10', DEFAULT_CTR, 5, 5)).toEqual({
      keywords: { rankingKeywords: 0, visibilityScore: 0, bestPositions: [], top: [] },
      urls: [],
      league: { total: 0, rows: [] },
    });
    // A host the store knows that ranks nowhere at the date (no snapshot from 03-18 to 03-24): nothing.
    expect(await ve.hostPoint(M, BLOG, '2025-03-24', DEFAULT_CTR, 5, 5)).toEqual({
      keywords: { rankingKeywords: 0, visibilityScore: 0, bestPositions: [], top: [] },
      urls: [],
      league: { total: 0, rows: [] },
    });
  });

  it.skipIf(skip)('give the ranking rows of the first and last point as the reference does', async () => {
    const ve = rank.visibilityExplorer;
    const ref = reference(ids);
    const text = new Map(ref.keywords.map((k) => [k.id, k.text]));
    const spans: [string, string][] = [
      ['2025-03-03', '2025-03-12'],
      ['2025-03-03', '2025-03-10'],
      ['2025-03-10', '2025-03-10'],
      ['2025-03-12', '2025-03-24'],
    ];
    for (const f of [BLOG, ACME, SHOP]) {
      const target = { key: f.value, filters: [f] };
      const data = hostData(ref, f);
      for (const [start, end] of spans) {
        const s0 = keywordScores(data, target, start, DEFAULT_CTR_MODEL);
        const s1 = keywordScores(data, target, end, DEFAULT_CTR_MODEL);
        const at = (scores: Map<number, number>, kw: number, d: string) => {
          const best = bestResult(data, target, kw, d);
          return best === null ? null : { position: best.position, url: best.url, vs: scores.get(kw)! };
        };
        const want = [...new Set([...s0.keys(), ...s1.keys()])]
          .map((kw) => ({ keyword: text.get(kw)!, start: at(s0, kw, start), end: at(s1, kw, end) }))
          .sort((a, b) => (a.keyword < b.keyword ? -1 : 1));
        const got = (await ve.hostKeywordRanking(M, f, start, end, DEFAULT_CTR)).sort((a, b) =>
          a.keyword < b.keyword ? -1 : 1,
        );
        expect(got.map((r) => r.keyword)).toEqual(want.map((r) => r.keyword));
        got.forEach((r, i) => {
          const w = want[i]!;
          expect(r.searchVolume).toBe(ref.keywords.find((k) => k.text === r.keyword)!.sv);
          for (const side of ['start', 'end'] as const) {
            const x = r[side];
            const y = w[side];
            expect(x === null).toBe(y === null);
            if (x === null || y === null) continue;
            expect([x.position, x.url]).toEqual([y.position, y.url]);
            close(x.visibilityScore, y.vs);
          }
        });
        const u0 = urlScores(data, target, start, DEFAULT_CTR_MODEL);
        const u1 = urlScores(data, target, end, DEFAULT_CTR_MODEL);
        const urls = (await ve.hostUrlRanking(M, f, start, end, DEFAULT_CTR)).sort((a, b) =>
          a.url < b.url ? -1 : 1,
        );
        expect(urls.map((u) => u.url)).toEqual([...new Set([...u0.keys(), ...u1.keys()])].sort());
        for (const u of urls) {
          for (const [side, scores] of [
            ['start', u0],
            ['end', u1],
          ] as const) {
            const x = u[side];
            const y = scores.get(u.url) ?? null;
            expect(x === null).toBe(y === null);
            if (x === null || y === null) continue;
            expect([x.keywords, x.bestPosition, x.searchVolume]).toEqual([
              y.keywords,
              y.bestPosition,
              y.searchVolume,
            ]);
            close(x.visibilityScore, y.visibilityScore);
          }
        }
      }
    }
    // By hand: BLOG from 03-03 to 03-12: alpha 1st at 03-03 and hidden at 03-12 by the tracker's snapshot.
    const blog = await ve.hostKeywordRanking(M, BLOG, '2025-03-03', '2025-03-12', DEFAULT_CTR);
    expect(blog.find((r) => r.keyword === 'alpha')).toMatchObject({
      start: { position: 1, url: 'https://www.acme.com/blog/a' },
      end: null,
    });
    const none = parseHostFilter('nowhere.test')!;
    expect(await ve.hostKeywordRanking(M, none, '2025-03-03', '2025-03-12', DEFAULT_CTR)).toEqual([]);
    expect(await ve.hostUrlRanking(M, none, '2025-03-03', '2025-03-12', DEFAULT_CTR)).toEqual([]);
    await expect(
      ve.hostKeywordRanking(M, BLOG, '2025-02-30', '2025-03-12', DEFAULT_CTR),
    ).rejects.toBeInstanceOf(RankInputError);
    await expect(ve.hostUrlRanking(M, BLOG, '2025-03-03', '2025-03-12', [0.5])).rejects.toBeInstanceOf(
      RankInputError,
    );
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
    await expect(ve.hostPoint(M, ACME, '2025-03-10', [0.5], 3, 3)).rejects.toBeInstanceOf(RankInputError);
    await expect(ve.hostPoint(M, ACME, '2025-03-10', DEFAULT_CTR, 0, 3)).rejects.toBeInstanceOf(
      RankInputError,
    );
    await expect(ve.hostPoint(M, ACME, '2025-02-30', DEFAULT_CTR, 3, 3)).rejects.toBeInstanceOf(
      RankInputError,
    );
    await expect(ve.hostTypeScores(M, ACME, ['2025-02-30'], DEFAULT_CTR)).rejects.toBeInstanceOf(
      RankInputError,
    );
    await expect(ve.autocomplete(M, 'a', 0)).rejects.toBeInstanceOf(RankInputError);
  });
});

// The campaign-visibility reads of the DuckDB RankStore at the port: the date rule (latest snapshot at most
// 6 days old, a newer snapshot without a match hides an older match, rank-tracker snapshots without a
// position 1), a domain group counting a result once, tag AND/OR, keyword-table paging, unknown hosts, a market without data,
// and scope checks. Expected values are worked out by hand (ctr 1 = .285, 2 = .157, 5 = .072).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import type { CampaignVisibilityReads, CvScope, CvTarget } from '@storage/campaign-visibility-reads';
import { RankInputError } from '@storage/rank/input';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';

const dir = mkdtempSync(join(tmpdir(), 'sightline-cv-'));
let rank: RankStore;
let cv: CampaignVisibilityReads;
const ids: Record<string, number> = {};

const target = (key: string, ...values: string[]): CvTarget => ({
  key,
  filters: values.map((v) => parseHostFilter(v)!),
});
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
const ACME = target('acme', 'acme.com');
const WWW = target('www', 'www.acme.com');
const BOTH = target('both', 'acme.com', 'www.acme.com', 'www.acme.com/a');
const NOWHERE = target('nowhere', 'unknown-host.example');

beforeAll(async () => {
  rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
  await rank.migrate();
  cv = rank.campaignVisibility;
  const byText = await rank.upsertKeywords('gb-en', [
    { text: 'one', sv: 100 },
    { text: 'two', sv: 10 },
    { text: 'three', sv: 1 },
  ]);
  for (const [t, id] of byText) ids[t] = id;
  await rank.setCampaignKeywords(1, 'gb-en', [
    { keywordId: ids.one!, tags: ['a', 'b'], groups: [] },
    { keywordId: ids.two!, tags: ['a'], groups: [] },
    { keywordId: ids.three!, tags: ['b'], groups: [] },
  ]);
  const r = (kw: string, date: string, position: number, url: string) => ({
    market: 'gb-en',
    keywordId: ids[kw]!,
    date,
    position,
    resultType: 'organic' as const,
    url,
  });
  await rank.insertSerpResults([
    // 03-03: full pages. 03-05: a rank-tracker snapshot of "one" with only position 5, elsewhere.
    r('one', '2025-03-03', 1, 'https://www.acme.com/a'),
    r('one', '2025-03-03', 2, 'https://shop.acme.com/'),
    r('two', '2025-03-03', 1, 'https://other.org/'),
    r('two', '2025-03-03', 2, 'https://www.acme.com/b'),
    r('three', '2025-03-03', 1, 'https://www.acme.com/c'),
    r('one', '2025-03-05', 5, 'https://other.org/x'),
  ]);
});
afterAll(async () => {
  await rank.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('campaign-visibility reads on DuckDB', () => {
  it('use the latest snapshot at most 6 days old, even when it no longer matches', async () => {
    const s = await cv.series(
      scope(),
      [ACME, WWW, BOTH, NOWHERE],
      { start: '2025-03-01', end: '2025-03-12' },
      {
        market: true,
      },
    );
    expect(s.points.map((p) => p.date)).toEqual(['2025-03-03', '2025-03-05']);
    const [d3, d5] = s.points;
    // 03-03: acme one 100 × (.285 + .157) + two 10 × .157 + three 1 × .285 = 44.2 + 1.57 + .285.
    expect(d3!.visibilityScores[0]).toBeCloseTo(46.055, 10);
    expect(d3!.visibilityScores[1]).toBeCloseTo(28.5 + 1.57 + 0.285, 10);
    // The group matches www.acme.com/a three ways and shop.acme.com once: each result counts once.
    expect(d3!.visibilityScores[2]).toBeCloseTo(46.055, 10);
    expect(d3!.visibilityScores[3]).toBe(0);
    expect(d3!.marketVisibilityScore).toBeCloseTo(44.2 + 4.42 + 0.285, 10);
    expect(d3!.maxVisibilityScore).toBeCloseTo(111 * 0.285, 10);
    // 03-05: "one" uses its 03-05 snapshot (no acme result), "two" and "three" still their 03-03 ones.
    expect(d5!.visibilityScores[0]).toBeCloseTo(1.57 + 0.285, 10);
    expect(d5!.marketVisibilityScore).toBeCloseTo(7.2 + 4.42 + 0.285, 10);
    expect(d5!.keywords).toBe(3);
    expect(await cv.pointDates(scope(), { start: '2025-03-10', end: '2025-03-12' })).toEqual([]);
    const late = await cv.bestPositions(scope(), [ACME], '2025-03-10'); // 03-03 is 7 days old: unused
    expect(late).toEqual([]);
    expect(await cv.bestPositions(scope(), [ACME], '2025-03-09')).toEqual([
      { target: 0, position: 1, keywords: 1 },
      { target: 0, position: 2, keywords: 1 },
    ]);
  });

  it('combine tags with AND or OR and filter by keyword text', async () => {
    const count = async (over: Partial<CvScope>) =>
      (await cv.series(scope(over), [ACME], { start: '2025-03-01', end: '2025-03-03' }, { market: false }))
        .keywords;
    expect(await count({ tags: ['a', 'b'], tagsMatch: 'all' })).toBe(1);
    expect(await count({ tags: ['a', 'b'], tagsMatch: 'any' })).toBe(3);
    expect(await count({ tags: ['a'], tagsMatch: 'all' })).toBe(2);
    expect(await count({ keywords: ['two', 'three'] })).toBe(2);
    expect(await count({ groups: ['none'] })).toBe(0);
  });

  it('page the keyword table by a grouped text field of any target, with column filters', async () => {
    const page = (offset: number, limit: number | null) =>
      cv.rankingKeywords(scope(), [WWW, ACME], {
        span: { start: '2025-03-03', end: '2025-03-03' },
        url: null,
        sort: { field: 'url', target: 1, display: null, direction: 'desc' },
        filters: [{ field: 'url', target: 0, display: null, contains: 'ACME.COM/', min: null, max: null }],
        offset,
        limit,
      });
    const all = await page(0, null);
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.keyword)).toEqual(['three', 'two', 'one']);
    const second = await page(1, 1);
    expect(second.total).toBe(3);
    expect(second.rows).toEqual([
      {
        keywordId: ids.two,
        keyword: 'two',
        searchVolume: 10,
        tags: ['a'],
        groups: [],
        targets: [0, 1].map(() => ({
          position: 2,
          positionStart: 2,
          url: 'https://www.acme.com/b',
          visibilityScore: expect.closeTo(1.57, 10) as number,
          visibilityScoreStart: expect.closeTo(1.57, 10) as number,
        })),
      },
    ]);
    expect((await page(3, 5)).rows).toEqual([]);
    // Over 03-03…03-05 "one" ends on its 03-05 snapshot: no acme result there, 44.2 at the start.
    const span = await cv.rankingKeywords(scope(), [ACME], {
      span: { start: '2025-03-03', end: '2025-03-05' },
      url: null,
      sort: { field: 'visibilityScoreDeltas', target: 0, display: 'delta', direction: 'asc' },
      filters: [],
      offset: 0,
      limit: 1,
    });
    expect(span.rows[0]).toMatchObject({
      keyword: 'one',
      tags: ['a', 'b'],
      targets: [{ position: null, positionStart: 1, url: null, visibilityScore: 0 }],
    });
    expect(span.rows[0]!.targets[0]!.visibilityScoreStart).toBeCloseTo(44.2, 10);
  });

  it('answer empty for a market without data and refuse a malformed scope', async () => {
    expect(
      await cv.pointDates(scope({ market: 'de-de' }), { start: '2025-01-01', end: '2025-12-31' }),
    ).toEqual([]);
    expect(
      (
        await cv.rankingKeywords(scope({ market: 'de-de' }), [ACME], {
          span: { start: '2025-01-01', end: '2025-12-31' },
          url: null,
          sort: { field: 'keyword', target: null, display: null, direction: 'asc' },
          filters: [],
          offset: 0,
          limit: 10,
        })
      ).total,
    ).toBe(0);
    expect(() => cv.pointDates(scope({ ctr: [0.3] }), { start: '2025-01-01', end: '2025-01-02' })).toThrow(
      RankInputError,
    );
    expect(() => cv.pointDates(scope({ market: 'GB' }), { start: '2025-01-01', end: '2025-01-02' })).toThrow(
      RankInputError,
    );
  });

  it('through a snapshot, read every page from the state of the first one, even after a write', async () => {
    // Its own market and campaign, so that the write changes no other test's data.
    const fr = await rank.upsertKeywords('fr-fr', [
      { text: 'un', sv: 100 },
      { text: 'deux', sv: 100 },
    ]);
    await rank.setCampaignKeywords(2, 'fr-fr', [
      { keywordId: fr.get('un')!, tags: [], groups: [] },
      { keywordId: fr.get('deux')!, tags: [], groups: [] },
    ]);
    const result = (kw: string, position: number) => ({
      market: 'fr-fr',
      keywordId: fr.get(kw)!,
      date: '2025-03-03',
      position,
      resultType: 'organic' as const,
      url: `https://acme.com/${kw}`,
    });
    await rank.insertSerpResults([result('un', 1)]);
    const page = (reads: CampaignVisibilityReads, offset: number) =>
      reads.rankingKeywords(scope({ campaignId: 2, market: 'fr-fr' }), [ACME], {
        span: { start: '2025-03-03', end: '2025-03-03' },
        url: null,
        sort: { field: 'keyword', target: null, display: null, direction: 'desc' },
        filters: [],
        offset,
        limit: 1,
      });
    const snap = await cv.snapshot();
    try {
      expect((await page(snap.reads, 0)).rows[0]).toMatchObject({
        keyword: 'un',
        targets: [{ position: 1 }],
      });
      // "deux" ranks from now on; the snapshot still reads the store as it was.
      await rank.insertSerpResults([result('deux', 2)]);
      expect((await page(snap.reads, 1)).rows[0]).toMatchObject({
        keyword: 'deux',
        targets: [{ position: null, url: null }],
      });
      expect((await page(cv, 1)).rows[0]).toMatchObject({
        keyword: 'deux',
        targets: [{ position: 2, url: 'https://acme.com/deux' }],
      });
    } finally {
      await snap.close();
    }
  });
});

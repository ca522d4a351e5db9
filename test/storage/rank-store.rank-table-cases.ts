// Conformance cases for RankStore.rankTracking.page (issue 29 item 1): the rank table's page chosen, sorted
// and counted in the store equals @core/rank-tracking's tablePage over rankTrackingRows built from the
// store's own hits, page types and memberships (each checked against plain references elsewhere), for every
// filter and sort — best position ever and cannibalised only included — and for every row at once (a
// download), on the raw results and on the campaign's rank-tracking copy.
// Engine-neutral: they read the port only.
import { expect, it } from 'vitest';
import { parseHostFilter } from '@core/host-match';
import {
  NO_FILTER,
  rankTrackingRows,
  tablePage,
  tablePageRows,
  type PositionKind,
  type RtFilter,
  type RtSort,
} from '@core/rank-tracking';
import { Rng } from '@core/demo/prng';
import type { ResultType } from '@core/result-types';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import type { RtPageQuery, RtTarget } from '@storage/rank-tracking-reads';

const DATES = ['2026-04-06', '2026-04-13', '2026-04-20', '2026-04-27'];
const FOCUS: RtTarget = { key: 'a.com', filter: parseHostFilter('a.com')! };
const TYPES: ResultType[] = ['organic', 'organic', 'organic', 'featured_snippet', 'video', 'brand', 'news'];
const TAGS = ['red', 'blue', 'green'];

/** 48 keywords (some sharing a volume, some without one, some never ranked) over 4 snapshots. */
async function seed(store: RankStore): Promise<void> {
  const rng = new Rng(29);
  const next = () => rng.float();
  const texts = Array.from({ length: 48 }, (_, i) => `kw ${String.fromCharCode(97 + (i % 7))} ${i % 11}`);
  const unique = [...new Set(texts)];
  const ids = await store.upsertKeywords(
    'gb-en',
    unique.map((text, i) => ({ text, sv: i % 5 === 0 ? null : 100 * (i % 4) })),
  );
  await store.setCampaignKeywords(
    3,
    'gb-en',
    unique.map((text, i) => ({
      keywordId: ids.get(text)!,
      tags: TAGS.filter((_, t) => (i >> t) % 2 === 1),
      groups: i % 3 === 0 ? ['g1'] : i % 3 === 1 ? ['g2'] : [],
    })),
  );
  const rows: SerpResultInput[] = [];
  for (const text of unique) {
    const keywordId = ids.get(text)!;
    for (const date of DATES) {
      if (next() < 0.15) continue; // not checked on that date
      const depth = 3 + Math.floor(next() * 8);
      for (let position = 1; position <= depth; position++) {
        const resultType = TYPES[Math.floor(next() * TYPES.length)]!;
        const host = next() < 0.3 ? 'a.com' : next() < 0.5 ? 'b.com' : `x${position}.net`;
        rows.push({
          market: 'gb-en',
          keywordId,
          date,
          position,
          resultType,
          url: `https://${host}/p${position}`,
        });
      }
    }
  }
  await store.insertSerpResults(rows);
}

interface Case {
  kind: PositionKind;
  filter: Partial<RtFilter>;
  sort: RtSort;
  page?: number;
  /** null: every row (limit null, as a download reads). */
  pageSize?: number | null;
  start?: string;
}

const CASES: Case[] = [
  { kind: 'absolute', filter: {}, sort: { field: 'change', direction: 'desc' } },
  { kind: 'classic', filter: {}, sort: { field: 'change', direction: 'desc' }, page: 2, pageSize: 7 },
  { kind: 'absolute', filter: {}, sort: { field: 'change', direction: 'asc' }, pageSize: 100 },
  { kind: 'classic', filter: {}, sort: { field: 'previousChange', direction: 'desc' }, pageSize: 100 },
  { kind: 'absolute', filter: {}, sort: { field: 'position', direction: 'asc' }, pageSize: 100 },
  { kind: 'absolute', filter: {}, sort: { field: 'volume', direction: 'desc' }, pageSize: 100 },
  { kind: 'absolute', filter: {}, sort: { field: 'keyword', direction: 'desc' }, pageSize: 100 },
  { kind: 'absolute', filter: { tags: ['red', 'blue'] }, sort: { field: 'change', direction: 'desc' } },
  {
    kind: 'absolute',
    filter: { tags: ['red', 'blue'], tagsMatch: 'all' },
    sort: { field: 'keyword', direction: 'asc' },
  },
  {
    kind: 'classic',
    filter: { groups: ['g1'], text: 'kw b' },
    sort: { field: 'position', direction: 'desc' },
  },
  {
    kind: 'absolute',
    filter: { minPosition: 2, maxPosition: 5 },
    sort: { field: 'change', direction: 'desc' },
  },
  { kind: 'classic', filter: { movers: 'up', moveBy: 1 }, sort: { field: 'change', direction: 'desc' } },
  { kind: 'absolute', filter: { movers: 'down', moveBy: 1 }, sort: { field: 'change', direction: 'asc' } },
  { kind: 'absolute', filter: { status: 'new' }, sort: { field: 'keyword', direction: 'asc' } },
  { kind: 'classic', filter: { status: 'lost' }, sort: { field: 'volume', direction: 'asc' } },
  { kind: 'absolute', filter: { feature: 'video' }, sort: { field: 'change', direction: 'desc' } },
  {
    kind: 'absolute',
    filter: { feature: 'featured_snippet', featureOwned: true },
    sort: { field: 'position', direction: 'asc' },
  },
  // One date compared with itself (no change), a previous snapshot that is the start, and a page past the end.
  { kind: 'absolute', filter: {}, sort: { field: 'change', direction: 'desc' }, start: DATES[3] },
  { kind: 'absolute', filter: {}, sort: { field: 'previousChange', direction: 'asc' }, start: DATES[2] },
  { kind: 'absolute', filter: {}, sort: { field: 'change', direction: 'desc' }, page: 9, pageSize: 10 },
  // Best position ever: the whole history up to the end, whatever the start; nulls last both ways.
  { kind: 'absolute', filter: {}, sort: { field: 'best', direction: 'asc' }, pageSize: 100 },
  { kind: 'absolute', filter: {}, sort: { field: 'best', direction: 'desc' }, pageSize: 100 },
  { kind: 'classic', filter: {}, sort: { field: 'best', direction: 'asc' }, page: 2, pageSize: 9 },
  { kind: 'classic', filter: {}, sort: { field: 'best', direction: 'desc' }, pageSize: 100 },
  { kind: 'absolute', filter: {}, sort: { field: 'best', direction: 'asc' }, start: DATES[2], pageSize: 100 },
  {
    kind: 'absolute',
    filter: { tags: ['green'], minPosition: 1, maxPosition: 4 },
    sort: { field: 'best', direction: 'desc' },
  },
  // Cannibalised only: two URLs on one date or a best URL that changes, within [start, end].
  {
    kind: 'absolute',
    filter: { cannibalised: true },
    sort: { field: 'change', direction: 'desc' },
    pageSize: 100,
  },
  {
    kind: 'classic',
    filter: { cannibalised: true },
    sort: { field: 'keyword', direction: 'asc' },
    pageSize: 100,
  },
  {
    kind: 'absolute',
    filter: { cannibalised: true },
    sort: { field: 'keyword', direction: 'asc' },
    start: DATES[2],
    pageSize: 100,
  },
  {
    kind: 'absolute',
    filter: { cannibalised: true },
    sort: { field: 'position', direction: 'asc' },
    start: DATES[3],
    pageSize: 100,
  },
  {
    kind: 'absolute',
    filter: { cannibalised: true, tags: ['red'], movers: 'up', moveBy: 1 },
    sort: { field: 'change', direction: 'desc' },
  },
  {
    kind: 'classic',
    filter: { cannibalised: true, groups: ['g2'], status: 'new' },
    sort: { field: 'volume', direction: 'desc' },
  },
  {
    kind: 'absolute',
    filter: { cannibalised: true, feature: 'organic', featureOwned: true },
    sort: { field: 'best', direction: 'asc' },
    page: 2,
    pageSize: 5,
  },
  // Every row at once, as the download reads them.
  { kind: 'absolute', filter: {}, sort: { field: 'change', direction: 'desc' }, pageSize: null },
  {
    kind: 'classic',
    filter: { cannibalised: true },
    sort: { field: 'best', direction: 'desc' },
    pageSize: null,
  },
];

/** Every case's page from the store equals the reference built from the store's rows. */
async function expectPages(store: RankStore): Promise<void> {
  const members = await store.readCampaignKeywords(3);
  const texts = new Map((await store.readKeywords('gb-en')).map((k) => [k.id, k]));
  const keywords = members.map((m) => ({ ...texts.get(m.keywordId)!, tags: m.tags, groups: m.groups }));
  const scope = { campaignId: 3, market: 'gb-en', keywordIds: null };
  const end = DATES[3]!;
  const hits = await store.rankTracking.hits({ ...scope, targets: [FOCUS], from: DATES[0]!, to: end });
  const types = new Map(
    (await store.rankTracking.pageTypes({ ...scope, from: end, to: end })).map((p) => [p.keywordId, p.types]),
  );
  // The seed holds every kind the cannibalisation filter tells apart: two URLs on one date, only a change of
  // URL between dates, and a ranking keyword with neither.
  const whole = { start: DATES[0]!, previous: DATES[2]!, end, points: DATES };
  const kinds = rankTrackingRows(keywords, hits, types, 1, whole, 'absolute').map((r) =>
    [...new Set(r.cells[0]!.conflicts.map((x) => x.kind))].sort().join('+'),
  );
  expect(new Set(kinds)).toEqual(new Set(['', 'flip', 'multiple', 'flip+multiple']));
  for (const c of CASES) {
    const start = c.start ?? DATES[0]!;
    const dates = { start, previous: DATES[2]!, end, points: DATES.filter((d) => d >= start) };
    const filter = { ...NO_FILTER, ...c.filter };
    const page = c.page ?? 1;
    const rows = rankTrackingRows(keywords, hits, types, 1, dates, c.kind);
    const pageSize = c.pageSize === null ? rows.length : (c.pageSize ?? 10);
    const want = tablePage(rows, 0, filter, c.sort, page, pageSize);
    const q: RtPageQuery = {
      ...scope,
      focus: FOCUS,
      start,
      previous: dates.previous,
      end,
      history: DATES,
      kind: c.kind,
      filter,
      sort: c.sort,
      offset: (page - 1) * pageSize,
      limit: c.pageSize === null ? null : pageSize,
    };
    const got = await store.rankTracking.page(q);
    expect({ case: c, ...got }).toEqual({
      case: c,
      total: want.total,
      keywords: want.rows.map((r) => ({ ...r.keyword, types: types.get(r.keyword.id) ?? [] })),
    });
  }
}

/**
 * A page's keywords come with the memberships, texts and end-page types read apart (types [] at an end date
 * without a snapshot), and the page's rows built from them and from the page's own hits equal the rows built
 * from the whole campaign's reads, for whole-domain targets and for a host+path target beside its domain.
 */
async function expectPageRows(store: RankStore): Promise<void> {
  const end = DATES[3]!;
  const dates = { start: DATES[0]!, previous: DATES[2]!, end, points: DATES };
  const all = await store.readCampaignKeywords(3);
  const scope = { campaignId: 3, market: 'gb-en' };
  const q: RtPageQuery = {
    ...scope,
    focus: FOCUS,
    start: DATES[0]!,
    previous: DATES[2]!,
    end,
    history: DATES,
    kind: 'absolute',
    filter: NO_FILTER,
    sort: { field: 'keyword', direction: 'desc' },
    offset: 2,
    limit: Math.ceil(all.length / 3),
  };
  const got = (await store.rankTracking.page(q)).keywords;
  const ids = got.map((k) => k.id);
  const texts = new Map((await store.readKeywords('gb-en', ids)).map((k) => [k.id, k]));
  const types = new Map(
    (await store.rankTracking.pageTypes({ ...scope, keywordIds: ids, from: end, to: end })).map((p) => [
      p.keywordId,
      p.types,
    ]),
  );
  const want = new Map(
    (await store.readCampaignKeywords(3, ids)).map((m) => [
      m.keywordId,
      { ...texts.get(m.keywordId)!, tags: m.tags, groups: m.groups, types: types.get(m.keywordId) ?? [] },
    ]),
  );
  expect(got).toEqual(ids.map((id) => want.get(id)));
  expect(got.length).toBe(Math.ceil(all.length / 3));
  expect([...types.values()].some((t) => t.length > 0)).toBe(true);
  const later = '2027-01-04';
  const unsnapped = await store.rankTracking.page({ ...q, end: later, history: [...DATES, later] });
  expect(unsnapped.keywords.map((k) => k.types)).toEqual(got.map(() => []));
  expect(await store.rankTracking.page({ ...q, market: 'fr-fr' })).toEqual({ total: 0, keywords: [] });
  const members = new Map(all.map((m) => [m.keywordId, m]));
  const everyKeyword = [...texts.values()].flatMap((k) => {
    const m = members.get(k.id);
    return m === undefined ? [] : [{ ...k, tags: m.tags, groups: m.groups }];
  });
  for (const values of [
    ['a.com', 'b.com'],
    ['a.com', 'b.com', 'a.com/p2'],
  ]) {
    const targets = values.map((v) => ({ key: v, filter: parseHostFilter(v)! }));
    const span = { ...scope, targets, from: DATES[0]!, to: end };
    const pageHits = await store.rankTracking.hits({ ...span, keywordIds: ids });
    const allHits = await store.rankTracking.hits({ ...span, keywordIds: null });
    const rows = tablePageRows(got, ids, pageHits, targets.length, dates, 'absolute');
    const reference = rankTrackingRows(everyKeyword, allHits, types, targets.length, dates, 'absolute');
    const byId = new Map(reference.map((r) => [r.keyword.id, r]));
    expect(rows).toEqual(ids.map((id) => byId.get(id)));
  }
}

export function rankTableCases(get: () => RankStore): void {
  it('reads a page’s keywords with the page and builds its rows like the whole campaign’s, raw and copied', async () => {
    const store = get();
    await seed(store);
    await expectPageRows(store);
    await store.prepareCampaignReads(3, ['a.com', 'b.com']);
    await expectPageRows(store);
  });

  it('chooses, sorts and counts the rank table’s page like the reference, on raw results and on the copy', async () => {
    const store = get();
    await seed(store);
    await expectPages(store);
    await store.prepareCampaignReads(3, ['a.com', 'b.com']);
    await expectPages(store);
  });

  it('answers an empty page for an unknown market or campaign, by any sort or filter, and refuses a bad date', async () => {
    const store = get();
    await seed(store);
    const q: RtPageQuery = {
      campaignId: 3,
      market: 'gb-en',
      focus: FOCUS,
      start: DATES[0]!,
      previous: DATES[2]!,
      end: DATES[3]!,
      history: DATES,
      kind: 'absolute',
      filter: NO_FILTER,
      sort: { field: 'change', direction: 'desc' },
      offset: 0,
      limit: 50,
    };
    const byBest: RtPageQuery = {
      ...q,
      filter: { ...NO_FILTER, cannibalised: true },
      sort: { field: 'best', direction: 'asc' },
    };
    for (const query of [q, byBest]) {
      expect((await store.rankTracking.page(query)).total).toBeGreaterThan(0);
      expect(await store.rankTracking.page({ ...query, market: 'fr-fr' })).toEqual({
        total: 0,
        keywords: [],
      });
      expect(await store.rankTracking.page({ ...query, campaignId: 4 })).toEqual({
        total: 0,
        keywords: [],
      });
    }
    await expect(store.rankTracking.page({ ...byBest, history: ['2026-4-6'] })).rejects.toThrow(/2026-4-6/u);
  });
}

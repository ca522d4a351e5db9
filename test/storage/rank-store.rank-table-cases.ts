// Conformance cases for RankStore.rankTracking.page (issue 29 item 1): the rank table's page chosen, sorted
// and counted in the store equals @core/rank-tracking's tablePage over rankTrackingRows built from the
// store's own hits, page types and memberships (each checked against plain references elsewhere), for every
// filter and sort the page read serves, on the raw results and on the campaign's rank-tracking copy.
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
  pageSize?: number;
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
  for (const c of CASES) {
    const start = c.start ?? DATES[0]!;
    const dates = { start, previous: DATES[2]!, end, points: DATES.filter((d) => d >= start) };
    const filter = { ...NO_FILTER, ...c.filter };
    const page = c.page ?? 1;
    const pageSize = c.pageSize ?? 10;
    const rows = rankTrackingRows(keywords, hits, types, 1, dates, c.kind);
    const want = tablePage(rows, 0, filter, c.sort, page, pageSize);
    const q: RtPageQuery = {
      ...scope,
      focus: FOCUS,
      start,
      previous: dates.previous,
      end,
      kind: c.kind,
      filter,
      sort: c.sort,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    };
    const got = await store.rankTracking.page(q);
    expect({ case: c, ...got }).toEqual({
      case: c,
      total: want.total,
      keywordIds: want.rows.map((r) => r.keyword.id),
    });
  }
}

/**
 * A page's keywords read at once (pageKeywords) equal the memberships, texts and end-page types read apart,
 * and the page's rows built from them and from the page's own hits equal the rows built from the whole
 * campaign's reads, for whole-domain targets and for a host+path target beside its domain.
 */
async function expectPageRows(store: RankStore): Promise<void> {
  const end = DATES[3]!;
  const dates = { start: DATES[0]!, previous: DATES[2]!, end, points: DATES };
  const all = await store.readCampaignKeywords(3);
  // Every third member, in a shuffled order, plus a keyword of no campaign.
  const stranger = (await store.upsertKeywords('gb-en', [{ text: 'not a member', sv: 5 }])).get(
    'not a member',
  )!;
  const ids = [
    ...all
      .filter((_, i) => i % 3 === 0)
      .map((m) => m.keywordId)
      .reverse(),
    stranger,
  ];
  const scope = { campaignId: 3, market: 'gb-en' };
  const got = await store.rankTracking.pageKeywords({ ...scope, keywordIds: ids, end });
  const texts = new Map((await store.readKeywords('gb-en', ids)).map((k) => [k.id, k]));
  const types = new Map(
    (await store.rankTracking.pageTypes({ ...scope, keywordIds: ids, from: end, to: end })).map((p) => [
      p.keywordId,
      p.types,
    ]),
  );
  const want = (await store.readCampaignKeywords(3, ids)).map((m) => ({
    ...texts.get(m.keywordId)!,
    tags: m.tags,
    groups: m.groups,
    types: types.get(m.keywordId) ?? [],
  }));
  expect(got).toEqual(want);
  expect(got.length).toBe(ids.length - 1);
  expect(await store.rankTracking.pageKeywords({ ...scope, keywordIds: ids, end: '2027-01-04' })).toEqual(
    want.map((k) => ({ ...k, types: [] })),
  );
  expect(await store.rankTracking.pageKeywords({ ...scope, market: 'fr-fr', keywordIds: ids, end })).toEqual(
    [],
  );
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
    expect(rows).toEqual(ids.flatMap((id) => byId.get(id) ?? []));
    expect(rows.length).toBe(ids.length - 1);
  }
}

export function rankTableCases(get: () => RankStore): void {
  it('reads a page’s keywords in one read and builds its rows like the whole campaign’s, raw and copied', async () => {
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

  it('answers an empty page for an unknown market or campaign, and refuses a page by conflicts or best', async () => {
    const store = get();
    await seed(store);
    const q: RtPageQuery = {
      campaignId: 3,
      market: 'gb-en',
      focus: FOCUS,
      start: DATES[0]!,
      previous: DATES[2]!,
      end: DATES[3]!,
      kind: 'absolute',
      filter: NO_FILTER,
      sort: { field: 'change', direction: 'desc' },
      offset: 0,
      limit: 50,
    };
    expect((await store.rankTracking.page(q)).total).toBeGreaterThan(0);
    expect(await store.rankTracking.page({ ...q, market: 'fr-fr' })).toEqual({ total: 0, keywordIds: [] });
    expect(await store.rankTracking.page({ ...q, campaignId: 4 })).toEqual({ total: 0, keywordIds: [] });
    await expect(
      store.rankTracking.page({ ...q, filter: { ...NO_FILTER, cannibalised: true } }),
    ).rejects.toThrow(/every row/u);
    await expect(
      store.rankTracking.page({ ...q, sort: { field: 'best', direction: 'asc' } }),
    ).rejects.toThrow(/every row/u);
  });
}

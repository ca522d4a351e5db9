// Campaign visibility on a hand-made fixture (cv-fixture.ts): the summary endpoints, against values worked out by
// hand in the comments. Point dates of January 2025: 01-06, 01-13, 01-15 (k4's lone snapshot) and 01-20.
// Keywords used per point (latest snapshot ≤ 6 days old): 01-06 k1 k2 k3 · 01-13 k1 k2 k3 ·
// 01-15 k1 k2 k3 (from 01-13) k4 · 01-20 k1 k2 k4 (k4 from 01-15; k3's 01-13 is 7 days old).
// Targets: T0 acme.com (domain: www. and shop.), T1 shop.acme.com (host), T2 www.rival.co.uk/blog (path),
// T3 the group {acme.com, www.rival.co.uk/blog}.
import { describe, expect, it } from 'vitest';
import { byKey, D1, D3, DW, expectClose, field, round, type Item, type TypeShare } from './cv-fixture';
import { useCvFixtureApp } from './cv-fixture-app';

const cv = useCvFixtureApp();
const base = () => `/api/v3/campaign-visibility/${cv.fx.campaignId}`;

async function get(path: string) {
  const res = await cv.analyst.get(`${base()}/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const groupQuery = () => `domainGroups=${cv.fx.groupId}`;
const RANGE = 'startDate=2025-01-01&endDate=2025-01-31';

describe('domains (domain summary)', () => {
  it('gives VS, visibility and share per target at the end with deltas and series', async () => {
    const body = await get(`domains?${RANGE}&${groupQuery()}`);
    expect(body.dates).toEqual([D1, '2025-01-13', DW, D3]);
    expect(body.keywords).toBe(4);
    expect(body.unknownVolume).toBe(1);
    expect(body.items.map((i: Item) => i.key)).toEqual([
      'acme.com',
      'shop.acme.com',
      'www.rival.co.uk/blog',
      String(cv.fx.groupId),
    ]);
    const [acme, shop, blog, group] = body.items;
    // VS per point: T0 448.4, 236, 236, 499 · T1 141.4, 57, 57, 157 · T2 157, 316.4, 318.4, 82 ·
    // T3 605.4, 552.4, 554.4, 581 (e.g. T0 at 01-06: k1 1000 × (.285 + .110) + k2 200 × (.157 + .110)).
    const vs = (item: { series: { visibilityScore: number }[] }) => item.series.map((p) => p.visibilityScore);
    expectClose(vs(acme), [448.4, 236, 236, 499]);
    expectClose(vs(shop), [141.4, 57, 57, 157]);
    expectClose(vs(blog), [157, 316.4, 318.4, 82]);
    expectClose(vs(group), [605.4, 552.4, 554.4, 581]);
    expect(acme).toMatchObject({ kind: 'domain', label: 'Acme', color: '#1f77b4' });
    expect(group).toMatchObject({ kind: 'group', label: 'Acme and Rival blog', color: '#d62728' });
    expect(acme.visibilityScore).toBeCloseTo(499, 9);
    expect(acme.visibilityScoreDeltas.delta).toBeCloseTo(50.6, 9);
    expect(acme.visibilityScoreDeltas.percentageDelta).toBeCloseTo((50.6 / 448.4) * 100, 9);
    // Visibility: VS / (Σ sv × .285 over measured keywords of known volume): 342, 342, 356.25, 356.25.
    expectClose(
      acme.series.map((p: { visibility: number }) => p.visibility),
      [448.4 / 3.42, 236 / 3.42, 236 / 3.5625, 499 / 3.5625],
    );
    // Share of the selected domains (issue 26 item 1): at 01-20 the three domains sum to 738 and add up to
    // 100 %; the group is shown beside them with its share of the same sum, never added to it.
    expect(acme.share).toBeCloseTo((499 / 738) * 100, 9);
    expect(acme.share + shop.share + blog.share).toBeCloseTo(100, 9);
    expect(group.share).toBeCloseTo((581 / 738) * 100, 9);
    expect(blog.shareDeltas.delta).toBeCloseTo((82 / 738 - 157 / (448.4 + 141.4 + 157)) * 100, 9);
  });

  it('leaves a hidden domain out of every group and of the share denominator', async () => {
    // The filter bar hid www.rival.co.uk/blog: the group of acme.com and the blog is then acme.com alone.
    const body = await get(`domains?domains=acme.com&domains=shop.acme.com&${groupQuery()}`);
    const [acme, shop, group] = body.items;
    expect(group.visibilityScore).toBeCloseTo(acme.visibilityScore, 9);
    expect(acme.share).toBeCloseTo((499 / (499 + 157)) * 100, 9);
    expect(acme.share + shop.share).toBeCloseTo(100, 9);
    expect(group.share).toBeCloseTo(acme.share, 9);
  });

  it('divides share by every host of the market with useWholeMarket', async () => {
    // Market VS: 01-06 k1 1000 × .632 + k2 200 × .552 = 742.4; 01-20 632 + 88.4 + 2 = 722.4.
    const body = await get(`domains?${RANGE}&useWholeMarket=true`);
    const acme = byKey(body.items)['acme.com'] as { share: number; series: { share: number }[] };
    expect(acme.series[0]!.share).toBeCloseTo((448.4 / 742.4) * 100, 9);
    expect(acme.share).toBeCloseTo((499 / 722.4) * 100, 9);
  });

  it('filters keywords by tags (AND when more than one), groups, texts and result types', async () => {
    const and = await get(`domains?${RANGE}&tags=brand&tags=shoes`); // k1 only
    expect(and.keywords).toBe(1);
    expect(and.dates).toEqual([D1, '2025-01-13', D3]);
    expectClose(field(byKey(and.items)['acme.com'], 'visibilityScore'), [395, 157, 442]);
    const or = await get(`domains?${RANGE}&tags[]=brand&tags[]=socks&isAndFilter=false`); // k1, k3
    expect(or.keywords).toBe(2);
    const none = await get(`domains?${RANGE}&tags=brand&tags=socks`);
    expect(none.keywords).toBe(0);
    expect(none.dates).toEqual([]);
    const g2 = await get(`domains?${RANGE}&groups=G2`); // k2, k3
    expectClose(field(byKey(g2.items)['acme.com'], 'visibilityScore'), [53.4, 79, 57]);
    const text = await get(`domains?${RANGE}&keywords=Delta%20%20Laces`); // k4: normalised text
    expect(text.dates).toEqual([DW]);
    // Organic only (brand counts as organic): T0 at 01-06 loses k1's shopping result (110).
    const organic = await get(`domains?${RANGE}&kwResultTypes=organic`);
    expect(
      (byKey(organic.items)['acme.com'] as { series: { visibilityScore: number }[] }).series[0]!
        .visibilityScore,
    ).toBeCloseTo(338.4, 9);
  });
});

describe('whole-market', () => {
  it('gives the market totals and each target’s share of them', async () => {
    const body = await get(`whole-market?${RANGE}`);
    expect(body.market.map((m: { keywords: number }) => m.keywords)).toEqual([3, 3, 4, 3]);
    expectClose(
      body.market.map((m: { visibilityScore: number }) => m.visibilityScore),
      [742.4, 662.4, 664.4, 722.4],
    );
    expectClose(
      body.market.map((m: { maxVisibilityScore: number }) => m.maxVisibilityScore),
      [342, 342, 356.25, 356.25],
    );
    const blog = byKey(body.items)['www.rival.co.uk/blog'] as {
      share: number;
      shareDeltas: { delta: number };
    };
    expect(blog.share).toBeCloseTo((82 / 722.4) * 100, 9);
    expect(blog.shareDeltas.delta).toBeCloseTo((82 / 722.4 - 157 / 742.4) * 100, 9);
  });
});

describe('result-type-prominence', () => {
  it('splits VS by result type with brand merged into organic, in total and per date', async () => {
    const body = await get(`result-type-prominence?${RANGE}`);
    const acme = byKey(body.items)['acme.com'] as {
      total: TypeShare[];
      series: { date: string; types: TypeShare[] }[];
    };
    // T0: organic 338.4 + 236 + 236 + 499 = 1309.4 (brand 22 included), shopping 110.
    expect(acme.total.map((x) => x.resultType)).toEqual(['organic', 'shopping']);
    expect(acme.total[0]!.visibilityScore).toBeCloseTo(1309.4, 9);
    expect(acme.total[1]!.share).toBeCloseTo((110 / 1419.4) * 100, 9);
    expect(acme.series[2]!.types).toEqual([
      { resultType: 'organic', visibilityScore: expect.closeTo(236, 9), share: 100 },
    ]);
    const blog = byKey(body.items)['www.rival.co.uk/blog'] as { series: { types: TypeShare[] }[] };
    // T2 at 01-15: organic 285 + 2, featured snippet 31.4 (k2's /blog result).
    expect(blog.series[2]!.types.map((x) => [x.resultType, round(x.visibilityScore)])).toEqual([
      ['organic', 287],
      ['featured_snippet', 31.4],
    ]);
  });
});

describe('tags and visibility-share (keyword groups)', () => {
  it('split the point date’s VS by tag', async () => {
    const body = await get(`tags?date=${D3}&${groupQuery()}`);
    expect(body.items.map((i: { label: string; keywords: number }) => [i.label, i.keywords])).toEqual([
      ['brand', 1],
      ['shoes', 2],
      ['socks', 1],
    ]);
    const brand = body.items[0].domains.map((d: { visibilityScore: number }) => d.visibilityScore);
    expectClose(brand, [442, 157, 80, 522]);
    expect(body.items[0].domains[0].share).toBeCloseTo((442 / (442 + 157 + 80)) * 100, 9);
    expectClose(
      body.items[1].domains.map((d: { visibilityScore: number }) => d.visibilityScore),
      [499, 157, 80, 579],
    );
    expect(body.items[2].domains.every((d: { share: number }) => d.share === 0)).toBe(true);
  });

  it('split it by keyword group', async () => {
    const body = await get(`visibility-share?date=${D3}&${groupQuery()}`);
    expect(body.items.map((i: { label: string }) => i.label)).toEqual(['G1', 'G2']);
    expectClose(
      body.items[0].domains.map((d: { visibilityScore: number }) => d.visibilityScore),
      [499, 157, 80, 579],
    );
    expectClose(
      body.items[1].domains.map((d: { visibilityScore: number }) => d.visibilityScore),
      [57, 0, 0, 57],
    );
    expect(body.items[1].domains[0].share).toBeCloseTo(100, 9);
    expect(body.items[1].domains[3].share).toBeCloseTo(100, 9);
  });
});

describe('rank-ranges and search-volume-ranges', () => {
  it('count keywords by best position', async () => {
    const body = await get(`rank-ranges?date=${D3}&${groupQuery()}`);
    const ranges = (i: number) =>
      Object.fromEntries(
        body.items[i].ranges.map((r: { key: string; keywords: number }) => [r.key, r.keywords]),
      );
    expect(ranges(0)).toEqual({ '1-3': 2, '4-10': 0, '11-20': 0, '21-50': 0, '51-100': 0 });
    expect(ranges(1)).toMatchObject({ '1-3': 1, '4-10': 0 });
    expect(ranges(2)).toMatchObject({ '1-3': 0, '4-10': 2 }); // k1 at 4, k4 at 7 (01-15 snapshot)
    expect(ranges(3)).toMatchObject({ '1-3': 2, '4-10': 1 });
    expect(body.items.map((i: { ranking: number }) => i.ranking)).toEqual([2, 1, 2, 3]);
  });

  it('count keywords by search volume with each target’s ranking keywords and VS', async () => {
    const body = await get(`search-volume-ranges?date=${D3}`);
    const items = Object.fromEntries(body.items.map((i: { key: string }) => [i.key, i]));
    expect(body.items.map((i: { key: string; keywords: number }) => [i.key, i.keywords])).toEqual([
      ['1-10', 0],
      ['11-100', 1],
      ['101-1000', 2],
      ['1001-10000', 0],
      ['10001-100000', 0],
      ['>100000', 0],
      ['unknown', 1],
    ]);
    expect(items['101-1000'].domains[0]).toEqual({
      key: 'acme.com',
      ranking: 2,
      visibilityScore: expect.closeTo(499, 9),
    });
    expect(items['11-100'].domains[2]).toEqual({
      key: 'www.rival.co.uk/blog',
      ranking: 1,
      visibilityScore: expect.closeTo(2, 9),
    });
    expect(items['unknown'].domains[0]).toEqual({ key: 'acme.com', ranking: 0, visibilityScore: 0 });
  });
});

describe('competitors', () => {
  it('ranks registrable domains by VS at the end with share, delta and rank change', async () => {
    const body = await get(`competitors?${RANGE}`);
    expect(body).toMatchObject({ startDate: D1, endDate: D3, total: 3 });
    expect(
      body.items.map((i: { domain: string; rank: number; rankChange: number }) => [
        i.domain,
        i.rank,
        i.rankChange,
      ]),
    ).toEqual([
      ['acme.com', 1, 0],
      ['rival.co.uk', 2, 0],
      ['site.org', 3, 0],
    ]);
    expectClose(
      body.items.map((i: { visibilityScore: number }) => i.visibilityScore),
      [499, 192, 31.4],
    );
    expect(body.items[0].share).toBeCloseTo((499 / 722.4) * 100, 9);
    expectClose(
      body.items.map((i: { visibilityScoreDeltas: { delta: number } }) => i.visibilityScoreDeltas.delta),
      [50.6, -22, -48.6],
    );
    expect(body.items[0].tracked).toMatchObject({ key: 'acme.com', label: 'Acme' });
    expect(body.items[2].tracked).toBeNull();
    expect((await get(`competitors?${RANGE}&limit=1`)).items).toHaveLength(1);
  });
});

describe('visibility-score-lost', () => {
  it('sums keyword losses and gains from the first to the last point with the keywords behind them', async () => {
    const body = await get(`visibility-score-lost?${RANGE}&${groupQuery()}`);
    expect(body).toMatchObject({ startDate: D1, endDate: D3 });
    const [acme, shop, blog, group] = body.items;
    expect([acme.lost, acme.gained]).toEqual([0, expect.closeTo(50.6, 9)]);
    expect(acme.gainedKeywords.map((k: { keyword: string }) => k.keyword)).toEqual([
      'alpha shoes',
      'beta boots',
    ]);
    expect(acme.gainedKeywords[0]).toMatchObject({
      keywordId: cv.fx.ids.k1,
      searchVolume: 1000,
      start: expect.closeTo(395, 9),
      end: expect.closeTo(442, 9),
      change: expect.closeTo(47, 9),
    });
    expect([shop.lost, shop.gained]).toEqual([expect.closeTo(31.4, 9), expect.closeTo(47, 9)]);
    expect([blog.lost, blog.gained]).toEqual([expect.closeTo(77, 9), expect.closeTo(2, 9)]);
    expect(blog.gainedKeywords[0]).toMatchObject({
      keyword: 'delta laces',
      start: 0,
      end: expect.closeTo(2, 9),
    });
    expect([group.lost, group.gained]).toEqual([expect.closeTo(30, 9), expect.closeTo(5.6, 9)]);
    const top1 = await get(`visibility-score-lost?${RANGE}&${groupQuery()}&top=1`);
    expect(top1.items[3].gainedKeywords).toHaveLength(1);
    expect(top1.items[3].gainedKeywords[0].keyword).toBe('beta boots'); // +3.6 beats k4's +2
  });
});

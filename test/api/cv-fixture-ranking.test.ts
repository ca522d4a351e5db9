// Campaign visibility on a hand-made fixture (cv-fixture.ts): the ranking tables, autocomplete and filters, against values worked out by
// hand in the comments. Point dates of January 2025: 01-06, 01-13, 01-15 (k4's lone snapshot) and 01-20.
// Keywords used per point (latest snapshot ≤ 6 days old): 01-06 k1 k2 k3 · 01-13 k1 k2 k3 ·
// 01-15 k1 k2 k3 (from 01-13) k4 · 01-20 k1 k2 k4 (k4 from 01-15; k3's 01-13 is 7 days old).
// Targets: T0 acme.com (domain: www. and shop.), T1 shop.acme.com (host), T2 www.rival.co.uk/blog (path),
// T3 the group {acme.com, www.rival.co.uk/blog}.
import { describe, expect, it } from 'vitest';
import { D1, D3, DW, expectClose } from './cv-fixture';
import { useCvFixtureApp } from './cv-fixture-app';

const cv = useCvFixtureApp();
const base = () => `/api/v3/campaign-visibility/${cv.fx.campaignId}`;

async function get(path: string) {
  const res = await cv.analyst.get(`${base()}/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const groupQuery = () => `domainGroups=${cv.fx.groupId}`;

describe('ranking/keywords', () => {
  it('lists every keyword with grouped fields per target, sorted by volume by default', async () => {
    const body = await get(`ranking/keywords?startDate=2025-01-01&date=${D3}&${groupQuery()}`);
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 50, startDate: D1, endDate: D3 });
    expect(body.items.map((i: { keyword: string }) => i.keyword)).toEqual([
      'alpha shoes',
      'beta boots',
      'delta laces',
      'gamma socks',
    ]);
    const k1 = body.items[0];
    expect(k1).toMatchObject({
      keywordId: cv.fx.ids.k1,
      searchVolume: 1000,
      tags: ['brand', 'shoes'],
      groups: ['G1'],
    });
    expect(k1.domains[0]).toMatchObject({
      position: 1,
      url: 'https://www.acme.com/shoes',
      positionDeltas: { delta: 0, percentageDelta: 0 },
    });
    expect(k1.domains[0].visibilityScore).toBeCloseTo(442, 9);
    expect(k1.domains[0].visibilityScoreDeltas.delta).toBeCloseTo(47, 9);
    expect(k1.domains[1]).toMatchObject({
      position: 2,
      url: 'https://shop.acme.com/p/1',
      positionDeltas: { delta: -1 },
    });
    expect(k1.domains[2]).toMatchObject({
      position: 4,
      url: 'https://www.rival.co.uk/blog/shoes',
      positionDeltas: { delta: 2, percentageDelta: 100 },
    });
    const k2 = body.items[1];
    expect(k2.domains[1]).toMatchObject({
      position: null,
      positionDeltas: null,
      url: null,
      visibilityScore: 0,
    });
    expect(k2.domains[1].visibilityScoreDeltas.delta).toBeCloseTo(-31.4, 9);
    const k4 = body.items[2];
    expect(k4.domains[2]).toMatchObject({
      position: 7,
      positionDeltas: null,
      visibilityScoreDeltas: { percentageDelta: null },
    });
    expect(body.domains.map((d: { key: string }) => d.key)).toEqual([
      'acme.com',
      'shop.acme.com',
      'www.rival.co.uk/blog',
      String(cv.fx.groupId),
    ]);
  });

  it('sorts by grouped delta fields with a domain index, nulls last, and pages', async () => {
    const asc = await get(
      `ranking/keywords?startDate=2025-01-01&date=${D3}&sortField=visibilityScoreDeltas|2&sortDirection=asc`,
    );
    expect(asc.items.map((i: { keyword: string }) => i.keyword)).toEqual([
      'alpha shoes',
      'beta boots',
      'gamma socks',
      'delta laces',
    ]);
    // Percentage change of T0's VS: k1 +11.9 %, k2 +6.7 %, k3 and k4 none (no VS at the start).
    const pct = await get(
      `ranking/keywords?startDate=2025-01-01&date=${D3}&sortField=visibilityScoreDeltas|0.percentageDelta&sortDirection=desc`,
    );
    expect(pct.items.map((i: { keyword: string }) => i.keyword)).toEqual([
      'alpha shoes',
      'beta boots',
      'gamma socks',
      'delta laces',
    ]);
    const bySortKey = await get(
      `ranking/keywords?startDate=2025-01-01&date=${D3}&sortField=position&sortKey=2&sortDirection=asc`,
    );
    expect(bySortKey.items.map((i: { keyword: string }) => i.keyword)).toEqual([
      'alpha shoes',
      'delta laces',
      'beta boots',
      'gamma socks',
    ]);
    const page2 = await get(`ranking/keywords?startDate=2025-01-01&date=${D3}&pageSize=3&page=2`);
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((i: { keyword: string }) => i.keyword)).toEqual(['gamma socks']);
  });

  it('applies the URL filter and column filters named by field id', async () => {
    const url = await get(
      `ranking/keywords?startDate=2025-01-01&date=${D3}&url=${encodeURIComponent('https://www.rival.co.uk/blog')}`,
    );
    expect(url.items.map((i: { keyword: string }) => i.keyword)).toEqual(['alpha shoes', 'delta laces']);
    const top3 = await get(
      `ranking/keywords?startDate=2025-01-01&date=${D3}&${encodeURIComponent('position|0')}=1:3`,
    );
    expect(top3.total).toBe(2);
    const text = await get(`ranking/keywords?startDate=2025-01-01&date=${D3}&keyword=SHOE`);
    expect(text.items.map((i: { keyword: string }) => i.keyword)).toEqual(['alpha shoes']);
    const encoded = await get(
      `ranking/keywords?startDate=2025-01-01&date=${D3}&${encodeURIComponent('visibilityScoreDeltas|1%2Edelta')}=:-1`,
    );
    expect(encoded.items.map((i: { keyword: string }) => i.keyword)).toEqual(['beta boots']);
  });

  it('adds weekly_data on request: each row’s best position per target at every point date', async () => {
    const body = await get(`ranking/keywords?startDate=2025-01-01&date=${D3}&weekly_data=true&pageSize=1`);
    expect(body.weekly_data.dates).toEqual([D1, '2025-01-13', DW, D3]);
    const s = Object.fromEntries(
      body.weekly_data.series.map((x: { field: string; values: unknown[] }) => [x.field, x.values]),
    );
    expect(s['position|0']).toEqual([1, 2, 2, 1]);
    expect(s['position|1']).toEqual([3, null, null, 2]);
    expect(s['position|2']).toEqual([2, 1, 1, 4]);
    expect(body.weekly_data.series.every((x: { key: string }) => x.key === String(cv.fx.ids.k1))).toBe(true);
  });
});

describe('ranking/urls', () => {
  it('lists the first domain’s URLs with keywords, VS and deltas, sorted by VS', async () => {
    const body = await get(
      `ranking/urls?startDate=2025-01-01&date=${D3}&domains=acme.com&domains=shop.acme.com`,
    );
    expect(body).toMatchObject({ total: 5, startDate: D1, endDate: D3, domain: { key: 'acme.com' } });
    expect(body.items.map((i: { url: string }) => i.url)).toEqual([
      'https://www.acme.com/shoes',
      'https://shop.acme.com/p/1',
      'https://www.acme.com/boots',
      'https://shop.acme.com/boots',
      'https://www.acme.com/socks',
    ]);
    expect(body.items[1]).toMatchObject({
      keywords: 1,
      bestPosition: 2,
      searchVolume: 1000,
      keywordsDeltas: { delta: 0 },
    });
    expect(body.items[1].visibilityScoreDeltas.delta).toBeCloseTo(47, 9);
    expect(body.items[2].visibilityScoreDeltas.delta).toBeCloseTo(35, 9); // brand 22 → organic 57
    expect(body.items[3]).toMatchObject({
      keywords: 0,
      bestPosition: null,
      searchVolume: 0,
      keywordsDeltas: { delta: -1, percentageDelta: -100 },
    });
    const shop = await get(
      `ranking/urls?startDate=2025-01-01&date=${D3}&url=shop.acme.com&sortField=url&sortDirection=desc`,
    );
    expect(shop.items.map((i: { url: string }) => i.url)).toEqual([
      'https://shop.acme.com/p/1',
      'https://shop.acme.com/boots',
    ]);
    const weekly = await get(`ranking/urls?startDate=2025-01-01&date=${D3}&weekly_data=true&pageSize=1`);
    expect(weekly.weekly_data.series[0].key).toBe('https://www.acme.com/shoes');
    expectClose(weekly.weekly_data.series[0].values, [285, 157, 157, 285]);
  });
});

describe('autocomplete and filters', () => {
  it('suggests hosts and domains by VS and keywords by volume', async () => {
    const body = await get(`autocomplete?q=ACME&date=${D3}`);
    expect(body.domains.map((d: { value: string; kind: string }) => [d.value, d.kind])).toEqual([
      ['acme.com', 'domain'],
      ['www.acme.com', 'host'],
      ['shop.acme.com', 'host'],
    ]);
    expectClose(
      body.domains.map((d: { visibilityScore: number }) => d.visibilityScore),
      [499, 342, 157],
    );
    expect((await get(`autocomplete?q=s&date=${D3}&limit=2`)).keywords).toEqual([
      { keyword: 'alpha shoes', searchVolume: 1000 },
      { keyword: 'beta boots', searchVolume: 200 },
    ]);
  });

  it('lists the campaign’s filters', async () => {
    const body = await get('filters');
    expect(body.market).toBe('gb-en');
    expect(body.dates).toEqual([D1, '2025-01-13', DW, D3]);
    expect(body.domains.map((d: { value: string }) => d.value)).toEqual([
      'acme.com',
      'shop.acme.com',
      'www.rival.co.uk/blog',
    ]);
    expect(body.domainGroups[0]).toMatchObject({
      value: String(cv.fx.groupId),
      members: ['acme.com', 'www.rival.co.uk/blog'],
    });
    expect(body.tags).toEqual([
      { value: 'brand', keywords: 1 },
      { value: 'shoes', keywords: 2 },
      { value: 'socks', keywords: 1 },
    ]);
    expect(body.groups).toEqual([
      { value: 'G1', keywords: 2 },
      { value: 'G2', keywords: 2 },
    ]);
    expect(body.keywords).toBe(4);
    expect(body.resultTypes.map((r: { value: string }) => r.value)).not.toContain('brand');
  });
});

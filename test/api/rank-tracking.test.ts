// Rank tracking over HTTP (issue 29 items 1–3) on the hand-made campaign of cv-fixture.ts (snapshots D1, D2,
// DW, D3; tracked acme.com, shop.acme.com and www.rival.co.uk/blog): ROLE_CV (401/403), another
// organisation's campaign (404), 400 naming the bad parameter, the table's defaults, filters, sort and
// position kinds, the keyword drawer, the conflicts list and the CSV and XLSX exports. Every expected value is read
// by hand from the fixture's rows.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { RT_BASE } from '@contracts/paths';
import type { RtConflictsResponse, RtKeywordResponse, RtTableResponse } from '@contracts/rank-tracking';
import { errorOf } from './helpers';
import { D1, D2, D3, DW } from './cv-fixture';
import { useCvFixtureApp } from './cv-fixture-app';
import { expectXlsxLikeCsv } from './xlsx-check';

const cv = useCvFixtureApp();

const url = (endpoint: string, query = '', campaign = cv.fx.campaignId) =>
  `${RT_BASE}/${campaign}/${endpoint}${query ? `?${query}` : ''}`;
const ENDPOINTS = () => ['keywords', `keywords/${cv.fx.ids.k1}`, 'cannibalisation', 'csv', 'xlsx'];

async function table(query = ''): Promise<RtTableResponse> {
  const res = await cv.analyst.get(url('keywords', query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RtTableResponse;
}
const texts = (r: RtTableResponse) => r.rows.map((x) => x.keyword);

describe('access', () => {
  it('is 401 signed out, 403 without ROLE_CV and 404 for another organisation’s campaign', async () => {
    for (const e of ENDPOINTS()) {
      expect((await cv.t.app.inject({ method: 'GET', url: url(e) })).statusCode, e).toBe(401);
      const res = await cv.noRole.get(url(e));
      expect(res.statusCode, e).toBe(403);
      expect(errorOf(res).message).toContain('ROLE_CV');
      const other = await cv.outsider.get(url(e));
      expect(other.statusCode, e).toBe(404);
      expect(errorOf(other).message).toBe(`campaign ${cv.fx.campaignId} does not exist`);
    }
    expect((await cv.analyst.get(url(`keywords/${cv.fx.ids.k5}`))).statusCode).toBe(404);
  });

  it.each([
    ['positionKind=organic', 'positionKind'],
    ['minPosition=0', 'minPosition'],
    ['maxPosition=101', 'maxPosition'],
    ['movers=sideways', 'movers'],
    ['feature=banner', 'feature'],
    ['sortField=ctr', 'sortField'],
    ['pageSize=501', 'pageSize'],
    ['endDate=2025-02-30', 'endDate'],
    ['startDate=2025-01-20&endDate=2025-01-06', 'startDate'],
    ['focus=nobody.com', 'focus'],
  ])('keywords?%s is 400 naming %s', async (query, param) => {
    const res = await cv.analyst.get(url('keywords', query));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(param);
  });
});

describe('table', () => {
  it('compares the first and last snapshots, sorted by change, own domains first', async () => {
    const r = await table();
    expect(r.dates).toEqual({ start: D1, previous: DW, end: D3 });
    expect(r.snapshotDates).toEqual([D1, D2, DW, D3]);
    expect(r.targets.map((x) => [x.key, x.own])).toEqual([
      ['acme.com', true],
      ['shop.acme.com', true],
      ['www.rival.co.uk/blog', false],
    ]);
    expect(r.total).toBe(4);
    // Change of acme.com: beta boots 2 → 1 (+1), alpha shoes 1 → 1 (0), then no change, by text.
    expect(texts(r)).toEqual(['beta boots', 'alpha shoes', 'delta laces', 'gamma socks']);
    const boots = r.rows[0]!;
    expect(boots.features).toEqual(['organic', 'video']);
    expect(boots.cells[0]).toMatchObject({
      position: 1,
      change: 1,
      startPosition: 2,
      previousChange: null,
      best: 1,
      bestDate: D2,
      url: 'https://www.acme.com/boots',
      history: [2, 1, null, 1],
    });
    expect(boots.cells[0]!.conflicts.map((c) => [c.kind, c.date])).toEqual([
      ['multiple', D1],
      ['multiple', D2],
      ['flip', D3],
    ]);
    const shoes = r.rows[1]!;
    expect(shoes.cells[2]).toMatchObject({
      position: 4,
      startPosition: 2,
      change: -2,
      best: 1,
      bestDate: D2,
    });
  });

  it('filters by tags (OR and AND), groups, movers, lost, features and conflicts', async () => {
    expect(texts(await table('tags=socks'))).toEqual(['gamma socks']);
    expect(texts(await table('tags=brand&tags=socks'))).toEqual(['alpha shoes', 'gamma socks']);
    expect(texts(await table('tags=brand&tags=shoes&tagsMatch=all'))).toEqual(['alpha shoes']);
    expect(texts(await table('groups=G2'))).toEqual(['beta boots', 'gamma socks']);
    expect(texts(await table('movers=up'))).toEqual(['beta boots']);
    expect(texts(await table('movers=up&moveBy=2'))).toEqual([]);
    expect(texts(await table('focus=www.rival.co.uk/blog&movers=down&moveBy=2'))).toEqual(['alpha shoes']);
    expect(texts(await table('status=lost'))).toEqual(['gamma socks']);
    expect(texts(await table('minPosition=1&maxPosition=1&sortField=keyword&sortDirection=asc'))).toEqual([
      'alpha shoes',
      'beta boots',
    ]);
    expect(texts(await table('feature=video'))).toEqual(['beta boots']);
    expect(texts(await table('feature=video&featureOwned=true'))).toEqual([]);
    expect(texts(await table('cannibalised=true'))).toEqual(['beta boots', 'alpha shoes']);
    const page = await table('pageSize=1&page=2');
    expect([page.total, texts(page)]).toEqual([4, ['alpha shoes']]);
  });

  it('sorts by the best position ever (the whole history, whatever the start), rows without one last', async () => {
    const rival = 'focus=www.rival.co.uk/blog&sortField=best';
    // Rival blog's best: alpha shoes 1 (D2), beta boots 2 (D2's featured snippet), delta laces 7 (DW).
    expect(texts(await table(`${rival}&sortDirection=asc`))).toEqual([
      'alpha shoes',
      'beta boots',
      'delta laces',
      'gamma socks',
    ]);
    const desc = ['delta laces', 'beta boots', 'alpha shoes', 'gamma socks'];
    expect(texts(await table(`${rival}&sortDirection=desc`))).toEqual(desc);
    expect(texts(await table(`${rival}&sortDirection=desc&startDate=${D3}`))).toEqual(desc);
    // In classic terms the featured snippet is no position.
    expect(texts(await table(`${rival}&sortDirection=asc&positionKind=classic`))).toEqual([
      'alpha shoes',
      'delta laces',
      'beta boots',
      'gamma socks',
    ]);
    const csv = await cv.analyst.get(url('csv', `${rival}&sortDirection=desc`));
    expect((parse(csv.body.slice(1)) as string[][]).slice(1).map((r) => r[0])).toEqual(desc);
  });

  it('keeps cannibalised keywords within the compared dates only', async () => {
    // From D3 on, only alpha shoes has two Acme URLs (www.acme.com/shoes and shop.acme.com/p/1); beta
    // boots' flip to www.acme.com/boots is from D2's URL, before the start.
    expect(texts(await table(`cannibalised=true&startDate=${D3}`))).toEqual(['alpha shoes']);
    expect(texts(await table('cannibalised=true&tags=socks'))).toEqual([]);
  });

  it('switches to classic positions: non-organic results above do not count, and are not positions', async () => {
    const abs = await table('endDate=2025-01-13&sortField=keyword&sortDirection=asc');
    const cls = await table('endDate=2025-01-13&sortField=keyword&sortDirection=asc&positionKind=classic');
    // beta boots at D2: rival's featured snippet at 2 sits above www.acme.com/boots at 3.
    expect(abs.rows[1]!.cells[2]!.position).toBe(2);
    expect(cls.rows[1]!.cells[2]!.position).toBeNull();
    // alpha shoes at D1: shop.acme.com's shopping result (3) is a position only in absolute terms.
    expect(abs.rows[0]!.cells[1]!.history).toEqual([3, null]);
    expect(cls.rows[0]!.cells[1]!.history).toEqual([null, null]);
    expect(cls.dates).toEqual({ start: D1, previous: D1, end: D2 });
  });
});

describe('keyword drawer', () => {
  it('gives each domain’s history, the stored SERP with both positions, URL changes and conflicts', async () => {
    const res = await cv.analyst.get(url(`keywords/${cv.fx.ids.k2}`, 'date=2025-01-14'));
    expect(res.statusCode, res.body).toBe(200);
    const k = res.json() as RtKeywordResponse;
    expect(k.points).toEqual([D1, D2, DW, D3]);
    expect(k.history[0]).toEqual({
      positions: [2, 1, null, 1],
      urls: [
        'https://shop.acme.com/boots',
        'https://shop.acme.com/boots',
        null,
        'https://www.acme.com/boots',
      ],
    });
    expect(k.date).toBe(D2);
    expect(k.serp.map((s) => [s.position, s.classic, s.resultType, s.target])).toEqual([
      [1, 1, 'organic', 0],
      [2, null, 'featured_snippet', 2],
      [3, 2, 'organic', 0],
    ]);
    expect(k.urlChanges).toContainEqual({
      target: 0,
      date: D3,
      from: 'https://shop.acme.com/boots',
      to: 'https://www.acme.com/boots',
    });
  });

  it('lists the conflicts per tracked domain', async () => {
    const res = await cv.analyst.get(url('cannibalisation'));
    const c = res.json() as RtConflictsResponse;
    expect(c.domains[0]!.keywords.map((x) => x.keyword)).toEqual(['alpha shoes', 'beta boots']);
    expect(c.domains[2]!.keywords).toEqual([]);
  });
});

describe('CSV export', () => {
  it('has a BOM, a column group per domain and the table’s rows in its order', async () => {
    const res = await cv.analyst.get(url('csv', 'movers=up'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1)) as string[][];
    expect(rows[0]!.slice(0, 6)).toEqual([
      'keyword',
      'search volume',
      'tags',
      'groups',
      'SERP features',
      'Acme position',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual([['beta boots', '1', '1']]);
  });
});

describe('XLSX export', () => {
  it('holds the CSV’s cells, numbers as numbers, in one sheet with a bold frozen header', async () => {
    const query = 'sortField=keyword&sortDirection=asc';
    const rows = await expectXlsxLikeCsv(cv.analyst, url('csv', query), url('xlsx', query), 'Rank tracking');
    expect(rows.length).toBeGreaterThan(2);
    const book = (await cv.analyst.get(url('xlsx', query))).rawPayload;
    expect(book.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('OpenAPI', () => {
  it('documents the five endpoints with their parameters', async () => {
    const doc = (await cv.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const e of ['keywords', 'keywords/{keyword}', 'cannibalisation', 'csv', 'xlsx']) {
      const op = doc.paths[`${RT_BASE}/{campaign}/${e}`]?.get;
      expect(op, e).toBeDefined();
      const names = op.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['campaign', 'startDate', 'endDate', 'positionKind']));
    }
    const table = doc.paths[`${RT_BASE}/{campaign}/keywords`].get;
    expect(table.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'tags',
        'tagsMatch',
        'movers',
        'moveBy',
        'feature',
        'cannibalised',
        'sortField',
      ]),
    );
  });
});

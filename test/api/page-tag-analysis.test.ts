// Page Analysis and Tag Analysis over HTTP (issue 29 items 4 and 5) on the hand-made campaign of
// cv-fixture.ts (snapshots D1, D2, DW, D3; tracked acme.com, shop.acme.com and www.rival.co.uk/blog):
// ROLE_CV (401/403), another organisation's campaign (404), 400 naming the bad parameter, the URL table's
// rows, sort and paging, one URL in depth, the tag matrix and the CSV exports. Every expected value is read
// by hand from the fixture's rows with the default CTR curve (1: .285, 2: .157, 3: .110, 4: .080).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { PaPageResponse, PaPagesResponse } from '@contracts/page-analysis';
import { PA_BASE, TA_BASE } from '@contracts/paths';
import type { TaResponse, TaSeriesResponse } from '@contracts/tag-analysis';
import { errorOf } from './helpers';
import { D1, D2, D3 } from './cv-fixture';
import { useCvFixtureApp } from './cv-fixture-app';
import { expectXlsxLikeCsv } from './xlsx-check';

const cv = useCvFixtureApp();

const BOOTS = 'https://www.acme.com/boots';
const pa = (endpoint: string, query = '') =>
  `${PA_BASE}/${cv.fx.campaignId}/${endpoint}${query ? `?${query}` : ''}`;
const ta = (endpoint = '', query = '') =>
  `${TA_BASE}/${cv.fx.campaignId}${endpoint}${query ? `?${query}` : ''}`;

async function ok<T>(path: string): Promise<T> {
  const res = await cv.analyst.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('access', () => {
  it('is 401 signed out, 403 without ROLE_CV and 404 for another organisation’s campaign', async () => {
    const q = `url=${encodeURIComponent(BOOTS)}`;
    for (const e of [
      pa('pages'),
      pa('pages/csv'),
      pa('page', q),
      pa('page/csv', q),
      pa('pages/xlsx'),
      pa('page/xlsx', q),
      ta(),
      ta('/series', 'label=shoes'),
      ta('/csv'),
      ta('/xlsx'),
    ]) {
      expect((await cv.t.app.inject({ method: 'GET', url: e })).statusCode, e).toBe(401);
      const res = await cv.noRole.get(e);
      expect(res.statusCode, e).toBe(403);
      expect(errorOf(res).message).toContain('ROLE_CV');
      const other = await cv.outsider.get(e);
      expect(other.statusCode, e).toBe(404);
      expect(errorOf(other).message).toBe(`campaign ${cv.fx.campaignId} does not exist`);
    }
  });

  it.each([
    ['pages', 'sortField=ctr', 'sortField'],
    ['pages', 'pageSize=501', 'pageSize'],
    ['pages', 'focus=nobody.com', 'focus'],
    ['pages', 'endDate=2025-02-30', 'endDate'],
    ['page', '', 'url'],
    ['tags', 'kind=labels', 'kind'],
    ['series', '', 'label'],
    ['tags', 'startDate=2025-01-20&endDate=2025-01-06', 'startDate'],
  ])('%s?%s is 400 naming %s', async (endpoint, query, param) => {
    const res = await cv.analyst.get(
      endpoint === 'tags'
        ? ta('', query)
        : endpoint === 'series'
          ? ta('/series', query)
          : pa(endpoint, query),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(param);
  });
});

describe('documentation', () => {
  it('lists every route in the OpenAPI document', async () => {
    const doc = (await cv.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of ['pages', 'pages/csv', 'pages/xlsx', 'page', 'page/csv', 'page/xlsx']) {
      expect(Object.keys(doc.paths), p).toContain(`${PA_BASE}/{campaign}/${p}`);
    }
    for (const p of ['', '/series', '/csv', '/xlsx']) {
      expect(Object.keys(doc.paths), p).toContain(`${TA_BASE}/{campaign}${p}`);
    }
  });
});

describe('page analysis', () => {
  it('lists the URLs of the first own domain by visibility score, with gained, lost and conflicts', async () => {
    const r = await ok<PaPagesResponse>(pa('pages'));
    expect(r.dates).toEqual({ start: D1, end: D3 });
    expect(r.targets[r.focus]!.key).toBe('acme.com');
    expect(r.rows.map((x) => x.url)).toEqual([
      'https://www.acme.com/shoes',
      'https://shop.acme.com/p/1',
      BOOTS,
      'https://shop.acme.com/boots',
      'https://www.acme.com/socks',
    ]);
    expect(r.totals.urls).toBe(5);
    const shoes = r.rows[0]!;
    expect(shoes).toMatchObject({ keywords: 1, keywordsStart: 1, position: 1, best: 1, bestDate: D1 });
    expect(shoes.visibilityScore).toBeCloseTo(285, 9);
    // D1 1st, D2 2nd, DW no snapshot of alpha shoes, D3 1st.
    expect(shoes.series.map((v) => Math.round(v * 1000) / 1000)).toEqual([285, 157, 0, 285]);
    expect(shoes.conflicts).toBe(1);
    expect(r.rows[3]).toMatchObject({ keywords: 0, keywordsStart: 1, lost: 1, gained: 0, position: null });
    const paged = await ok<PaPagesResponse>(pa('pages', 'sortField=url&sortDirection=asc&pageSize=2&page=2'));
    expect([paged.total, paged.rows.map((x) => x.url)]).toEqual([
      5,
      ['https://www.acme.com/boots', 'https://www.acme.com/shoes'],
    ]);
    const filtered = await ok<PaPagesResponse>(pa('pages', 'q=SHOP.acme'));
    expect(filtered.total).toBe(2);
    const classic = await ok<PaPagesResponse>(pa('pages', 'positionKind=classic&sortField=url'));
    // shop.acme.com/p/1 is a shopping result at D1 (no classic rank) and organic 2nd at D3.
    expect(classic.rows.find((x) => x.url === 'https://shop.acme.com/p/1')).toMatchObject({
      position: 2,
      best: 2,
      bestDate: D3,
    });
  });

  it('opens one URL: its keywords with positions, change, status and conflicts', async () => {
    const r = await ok<PaPageResponse>(pa('page', `url=${encodeURIComponent(BOOTS)}`));
    expect(r.summary).toMatchObject({ url: BOOTS, keywords: 1, position: 1, conflicts: 1 });
    expect(r.summary!.visibilityScore).toBeCloseTo(57, 9);
    expect(r.summary!.visibilityScoreStart).toBeCloseTo(22, 9);
    expect(r.keywords).toHaveLength(1);
    expect(r.keywords[0]).toMatchObject({
      keywordId: cv.fx.ids.k2,
      keyword: 'beta boots',
      position: 1,
      startPosition: 3,
      change: 2,
      best: 1,
      bestDate: D3,
      status: 'kept',
    });
    expect(r.keywords[0]!.conflicts.map((c) => [c.kind, c.date])).toEqual([
      ['multiple', D1],
      ['multiple', D2],
      ['flip', D3],
    ]);
    const none = await ok<PaPageResponse>(pa('page', 'url=https%3A%2F%2Fnowhere.example%2F'));
    expect([none.summary, none.keywords]).toEqual([null, []]);
  });

  it('exports the URLs and one URL’s keywords as CSV with a byte-order mark', async () => {
    const res = await cv.analyst.get(pa('pages/csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => x.URL)[0]).toBe('https://www.acme.com/shoes');
    expect(rows).toHaveLength(5);
    const one = await cv.analyst.get(pa('page/csv', `url=${encodeURIComponent(BOOTS)}`));
    const kws = parse(one.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(kws.map((x) => [x.keyword, x.status])).toEqual([['beta boots', 'kept']]);
  });

  it('exports the same tables as XLSX', async () => {
    await expectXlsxLikeCsv(cv.analyst, pa('pages/csv'), pa('pages/xlsx'), 'Pages');
    const q = `url=${encodeURIComponent(BOOTS)}`;
    await expectXlsxLikeCsv(cv.analyst, pa('page/csv', q), pa('page/xlsx', q), 'Keywords of the URL');
  });
});

describe('tag analysis', () => {
  it('gives each tag’s visibility score, share, average position and ranges per domain, with deltas', async () => {
    const r = await ok<TaResponse>(ta());
    // The matrix compares the campaign's first and last points; gamma socks' D2 snapshot is 7 days before
    // D3, so socks is not measured at D3.
    expect(r.dates).toEqual({ start: D1, end: D3 });
    expect(r.labels.map((l) => l.label)).toEqual(['brand', 'shoes', 'socks']);
    const shoes = r.labels[1]!;
    expect(shoes.keywords).toBe(2);
    const [acme, shop, rival] = shoes.targets;
    // acme.com at D3: alpha shoes 1st and 2nd (1000 × (.285 + .157)), beta boots 1st (200 × .285).
    expect(acme!.end.visibilityScore).toBeCloseTo(499, 9);
    expect(acme!.end.averagePosition).toBe(1);
    expect(acme!.end.ranges).toEqual([2, 0, 0, 0, 0]);
    // At D1: 1000 × (.285 + .110) + 200 × (.157 + .110).
    expect(acme!.start.visibilityScore).toBeCloseTo(448.4, 9);
    expect(acme!.visibilityScoreDeltas.delta).toBeCloseTo(50.6, 9);
    expect(shop!.end.visibilityScore).toBeCloseTo(157, 9);
    expect(rival!.end).toMatchObject({ averagePosition: 4, ranked: 1, ranges: [0, 1, 0, 0, 0] });
    expect(acme!.end.share).toBeCloseTo((499 / (499 + 157 + 80)) * 100, 9);
    expect(acme!.end.visibility).toBeCloseTo((499 / (1200 * 0.285)) * 100, 9);
    const socks = r.labels[2]!;
    expect(socks.keywords).toBe(0);
    const series = await ok<TaSeriesResponse>(ta('/series', 'label=socks'));
    // A label's series has its own keywords' points: gamma socks has snapshots at D1 and D2 only.
    expect(series.points).toEqual([D1, D2]);
    expect(series.series[0]!.map((s) => s.ranked)).toEqual([1, 1]);
    const shoesSeries = await ok<TaSeriesResponse>(ta('/series', 'label=shoes'));
    expect(shoesSeries.points).toEqual([D1, D2, D3]);
    expect(shoesSeries.series[0]!.at(-1)).toEqual(acme!.end);
    expect(shoesSeries.series[0]![0]).toEqual(acme!.start);
  });

  it('splits by keyword group and exports the matrix as CSV', async () => {
    const r = await ok<TaResponse>(ta('', 'kind=groups'));
    expect(r.labels.map((l) => l.label)).toEqual(['G1', 'G2']);
    const res = await cv.analyst.get(ta('/csv', 'kind=groups'));
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2 * 3);
    expect(rows.map((x) => [x['keyword group'], x.domain]).slice(0, 3)).toEqual([
      ['G1', 'Acme'],
      ['G1', 'Acme shop'],
      ['G1', 'Rival blog'],
    ]);
    await expectXlsxLikeCsv(
      cv.analyst,
      ta('/csv', 'kind=groups'),
      ta('/xlsx', 'kind=groups'),
      'Keyword groups',
    );
  });
});

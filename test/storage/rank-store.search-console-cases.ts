// Conformance cases for the Search Console reads (issue 30), run by rankStoreSuite on every adapter: the
// tables of a property, and grouped sums with filters, two date ranges, sorting and paging, checked against
// sums computed here from the rows as staged (not through src/core), with hostile texts in queries and pages.
import { expect, it } from 'vitest';
import type { RankStore, SearchConsoleRowInput } from '@storage/rank-store';
import type { GscAggregateQuery } from '@storage/search-console-reads';

const PROPERTY = 'shop.example';
const QUERIES = ['roof tiles', 'it\'s "quoted"', 'ünïcödé straße', '%_ like', 'back\\slash', 'red roof'];
const DATES = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04'];

/** Dated API rows: every query × date × two pages × two devices, figures from a fixed formula. */
function apiRows(): SearchConsoleRowInput[] {
  const rows: SearchConsoleRowInput[] = [];
  QUERIES.forEach((query, qi) => {
    DATES.forEach((date, di) => {
      ['/a', '/b?x=1'].forEach((path, pi) => {
        ['desktop', 'mobile'].forEach((device, vi) => {
          const impressions = 10 + qi * 7 + di * 3 + pi * 5 + vi;
          const clicks = (qi + di + pi + vi) % 4;
          rows.push({
            source: 'api',
            dimensions: 'date,device,page,query',
            date,
            query,
            page: `https://${PROPERTY}${path}`,
            country: null,
            device,
            searchAppearance: null,
            clicks,
            impressions,
            ctr: clicks / impressions,
            position: 1 + ((qi * 3 + di + pi * 9) % 17),
          });
        });
      });
    });
  });
  return rows;
}

const EXPORT_ROW: SearchConsoleRowInput = {
  source: 'export',
  dimensions: 'query',
  date: null,
  query: 'roof tiles',
  page: null,
  country: null,
  device: null,
  searchAppearance: null,
  clicks: 1000,
  impressions: 5000,
  ctr: 0.2,
  position: 2.5,
};

async function load(store: RankStore): Promise<SearchConsoleRowInput[]> {
  const rows = apiRows();
  let imp = await store.beginImport();
  await imp.addSearchConsoleRows(rows);
  await imp.commit({
    keywords: [],
    campaign: null,
    searchConsole: { property: PROPERTY, searchType: 'web', period: '' },
  });
  imp = await store.beginImport();
  await imp.addSearchConsoleRows([EXPORT_ROW]);
  await imp.commit({
    keywords: [],
    campaign: null,
    searchConsole: { property: PROPERTY, searchType: 'web', period: 'Last 6 months' },
  });
  return rows;
}

const base: GscAggregateQuery = {
  property: PROPERTY,
  searchType: 'web',
  period: '',
  dimensions: 'date,device,page,query',
  groupBy: ['query'],
  current: null,
  previous: null,
  sort: { field: 'clicks', direction: 'desc' },
  offset: 0,
  limit: 100,
};

/** Sums per query of the rows in [start, end], computed from the staged rows. */
function reference(rows: SearchConsoleRowInput[], start: string, end: string) {
  const out = new Map<string, { clicks: number; impressions: number; positionWeight: number }>();
  for (const r of rows) {
    if (r.date! < start || r.date! > end) continue;
    const s = out.get(r.query!) ?? { clicks: 0, impressions: 0, positionWeight: 0 };
    s.clicks += r.clicks;
    s.impressions += r.impressions;
    s.positionWeight += r.position * r.impressions;
    out.set(r.query!, s);
  }
  return out;
}

export function searchConsoleCases(store: () => RankStore): void {
  it('lists the tables of a property with their dates', async () => {
    await load(store());
    expect(await store().searchConsole.tables(PROPERTY)).toEqual([
      {
        searchType: 'web',
        period: '',
        dimensions: 'date,device,page,query',
        rows: QUERIES.length * DATES.length * 4,
        firstDate: '2025-03-01',
        lastDate: '2025-03-04',
      },
      {
        searchType: 'web',
        period: 'Last 6 months',
        dimensions: 'query',
        rows: 1,
        firstDate: null,
        lastDate: null,
      },
    ]);
    expect(await store().searchConsole.tables('other.example')).toEqual([]);
    expect(await store().searchConsole.properties()).toEqual([{ property: PROPERTY, rows: 97 }]);
  });

  it('sums per group over two date ranges side by side, sorted and paged', async () => {
    const rows = await load(store());
    const cur = reference(rows, '2025-03-03', '2025-03-04');
    const prev = reference(rows, '2025-03-01', '2025-03-02');
    const q: GscAggregateQuery = {
      ...base,
      current: { start: '2025-03-03', end: '2025-03-04' },
      previous: { start: '2025-03-01', end: '2025-03-02' },
      sort: { field: 'query', direction: 'asc' },
    };
    const all = await store().searchConsole.aggregate(q);
    expect(all.total).toBe(QUERIES.length);
    expect(all.groups.map((g) => g.keys.query)).toEqual([...QUERIES].sort());
    for (const g of all.groups) {
      const c = cur.get(g.keys.query!)!;
      const p = prev.get(g.keys.query!)!;
      expect(g.current.clicks).toBe(c.clicks);
      expect(g.current.impressions).toBe(c.impressions);
      expect(g.current.positionWeight).toBeCloseTo(c.positionWeight, 6);
      expect(g.previous!.clicks).toBe(p.clicks);
      expect(g.previous!.positionWeight).toBeCloseTo(p.positionWeight, 6);
    }
    const page = await store().searchConsole.aggregate({ ...q, offset: 2, limit: 2 });
    expect(page.total).toBe(QUERIES.length);
    expect(page.groups.map((g) => g.keys.query)).toEqual([...QUERIES].sort().slice(2, 4));
    // A page past the last group still gets the count (DuckDB reads it from the page's rows otherwise).
    const past = await store().searchConsole.aggregate({ ...q, offset: QUERIES.length + 5, limit: 2 });
    expect(past).toEqual({ groups: [], total: QUERIES.length });

    const byCtr = await store().searchConsole.aggregate({ ...q, sort: { field: 'ctr', direction: 'desc' } });
    const ctrs = byCtr.groups.map((g) => g.current.clicks / g.current.impressions);
    expect(ctrs).toEqual([...ctrs].sort((a, b) => b - a));
    const byChange = await store().searchConsole.aggregate({
      ...q,
      sort: { field: 'clicksChange', direction: 'asc' },
    });
    const changes = byChange.groups.map((g) => g.current.clicks - g.previous!.clicks);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
  });

  it('filters by text (contains, not, equals, regex), by values and by position; totals and days', async () => {
    const rows = await load(store());
    const agg = (extra: Partial<GscAggregateQuery>) =>
      store().searchConsole.aggregate({ ...base, ...extra, sort: { field: 'query', direction: 'asc' } });
    const names = async (extra: Partial<GscAggregateQuery>) =>
      (await agg(extra)).groups.map((g) => g.keys.query);
    expect(await names({ query: [{ op: 'contains', value: 'roof' }] })).toEqual(['red roof', 'roof tiles']);
    expect(await names({ query: [{ op: 'notContains', value: 'roof' }] })).toHaveLength(QUERIES.length - 2);
    expect(await names({ query: [{ op: 'equals', value: 'it\'s "quoted"' }] })).toEqual(['it\'s "quoted"']);
    expect(await names({ query: [{ op: 'contains', value: '%_' }] })).toEqual(['%_ like']);
    expect(await names({ query: [{ op: 'contains', value: 'back\\sl' }] })).toEqual(['back\\slash']);
    expect(await names({ query: [{ op: 'regex', value: '^r.*(tiles|roof)$' }] })).toEqual([
      'red roof',
      'roof tiles',
    ]);
    expect(await names({ query: [{ op: 'notRegex', value: 'o' }] })).toEqual([
      '%_ like',
      'back\\slash',
      'ünïcödé straße',
    ]);
    expect(await names({ page: [{ op: 'contains', value: '/b?x' }], queries: ['red roof'] })).toEqual([
      'red roof',
    ]);

    const mobile = rows.filter((r) => r.device === 'mobile');
    const total = await agg({ groupBy: [], devices: ['mobile'] });
    expect(total.total).toBe(1);
    expect(total.groups[0]!.current.clicks).toBe(mobile.reduce((a, r) => a + r.clicks, 0));
    expect(total.groups[0]!.current.impressions).toBe(mobile.reduce((a, r) => a + r.impressions, 0));
    const none = await agg({ groupBy: [], current: { start: '2020-01-01', end: '2020-01-31' } });
    expect(none.groups[0]!.current).toEqual({ clicks: 0, impressions: 0, positionWeight: 0 });

    const days = await store().searchConsole.aggregate({
      ...base,
      groupBy: ['date'],
      sort: { field: 'date', direction: 'asc' },
    });
    expect(days.groups.map((g) => g.keys.date)).toEqual(DATES);

    const ref = reference(rows, '0000-01-01', '9999-12-31');
    const striking = [...ref].filter(([, s]) => {
      const p = s.positionWeight / s.impressions;
      return p >= 8 && p <= 20;
    });
    const found = await agg({ positionBetween: [8, 20] });
    expect(found.groups.map((g) => g.keys.query)).toEqual(striking.map(([q]) => q).sort());
    expect(found.total).toBe(striking.length);
  });

  it('sums clicks and impressions per position bucket (average position rounded half up)', async () => {
    const rows = await load(store());
    const range = { start: '2025-03-02', end: '2025-03-04' };
    const expected = new Map<number, { clicks: number; impressions: number }>();
    for (const r of rows) {
      if (r.date! < range.start || r.date! > range.end || r.device !== 'mobile') continue;
      const b = Math.floor(r.position + 0.5);
      const e = expected.get(b) ?? { clicks: 0, impressions: 0 };
      e.clicks += r.clicks;
      e.impressions += r.impressions;
      expected.set(b, e);
    }
    const { groupBy: _g, sort: _s, offset: _o, limit: _l, ...rowsQuery } = base;
    const buckets = await store().searchConsole.positionBuckets({
      ...rowsQuery,
      current: range,
      devices: ['mobile'],
    });
    expect(buckets).toEqual(
      [...expected].sort((a, b) => a[0] - b[0]).map(([bucket, e]) => ({ bucket, ...e })),
    );
  });
}

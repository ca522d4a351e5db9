// Search Console analysis through the API (issue 30 items 2–4) on the real exports of ../shared/data: the
// duo.com and chobble web-export folders and the flashcom API rows, imported as the organisation's jobs,
// then browsed. Expected figures are computed here from the files (csv-parse), not through the app's code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CONSOLE_BASE } from '@contracts/search-console';
import { ROLES } from '@core/roles';
import { openPath } from '@ingest/formats/index';
import { ImportService } from '@server/services/import-service';
import { ensureMarket } from '@server/services/market-keys';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const DATA = join(process.cwd(), '../shared/data/search-console');
const FLASHCOM = join(DATA, 'gsc_api_flashcom_daily.csv');
const SITE = 'flashcomindonesia.com';
const NOW = '2026-03-10T12:00:00.000Z';

interface FileRow {
  Date: string;
  Page: string;
  Query: string;
  Clicks: string;
  Impressions: string;
  Position: string;
}
const fileRows = parse(readFileSync(FLASHCOM), { columns: true }) as FileRow[];
const sum = (rows: FileRow[], k: 'Clicks' | 'Impressions') => rows.reduce((a, r) => a + Number(r[k]), 0);

describe('Search Console API on the shared exports', () => {
  let t: TestApp;
  let analyst: Client;
  let other: Client;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(NOW) });
    const org = await seedOrganisation(t.stores, 'Operator');
    orgId = org.id;
    const orgB = await seedOrganisation(t.stores, 'Other');
    await seedUser(t.stores, org.id, 'analyst@example.com', [...ROLES]);
    await seedUser(t.stores, orgB.id, 'b@example.com', [...ROLES]);
    const imports = new ImportService(t.stores.meta, t.stores.rank, () => new Date(NOW));
    for (const path of [
      FLASHCOM,
      join(DATA, 'gsc_export_duo_com'),
      join(DATA, 'gsc_export_chobble_tickets'),
    ]) {
      const job = await imports.run({
        organisationId: org.id,
        userId: null,
        files: [path],
        bytesTotal: null,
        open: async () => [await openPath(path)],
        dryRun: false,
      });
      expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    }
    analyst = await Client.signIn(t.app, 'analyst@example.com');
    other = await Client.signIn(t.app, 'b@example.com');
  }, 120_000);

  afterAll(async () => t?.close());

  const get = async (c: Client, path: string) => {
    const res = await c.get(`${SEARCH_CONSOLE_BASE}${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists the sites and their imported tables; another organisation sees none', async () => {
    const sites = await get(analyst, '/sites');
    expect(sites.items.map((s: { site: string }) => s.site).sort()).toEqual([
      'duo.com',
      SITE,
      'tickets.chobble.com',
    ]);
    const flash = sites.items.find((s: { site: string }) => s.site === SITE);
    expect(flash.tables).toEqual([
      {
        searchType: 'web',
        dimensions: ['date', 'page', 'query'],
        period: '',
        rows: fileRows.length,
        firstDate: '2024-03-30',
        lastDate: '2025-08-08',
      },
    ]);
    // A web export's tables carry the period of its Filters.csv, whose last line has no line break.
    for (const site of ['duo.com', 'tickets.chobble.com']) {
      const tables = sites.items.find((s: { site: string }) => s.site === site).tables;
      expect(tables.map((x: { period: string }) => x.period)).toEqual(tables.map(() => 'Last 6 months'));
    }
    expect((await get(other, '/sites')).items).toEqual([]);
    const res = await other.get(`${SEARCH_CONSOLE_BASE}/analytics?site=${SITE}`);
    expect(res.statusCode).toBe(404);
  });

  it('answers raw analytics with totals, a daily chart and two periods equal to the file', async () => {
    const r = await get(analyst, `/analytics?site=${SITE}&dimensions=query&pageSize=5`);
    expect(r.totals.clicks).toBe(sum(fileRows, 'Clicks'));
    expect(r.totals.impressions).toBe(sum(fileRows, 'Impressions'));
    expect(r.totals.ctr).toBeCloseTo(sum(fileRows, 'Clicks') / sum(fileRows, 'Impressions'), 12);
    const weighted = fileRows.reduce((a, x) => a + Number(x.Position) * Number(x.Impressions), 0);
    expect(r.totals.position).toBeCloseTo(weighted / sum(fileRows, 'Impressions'), 9);
    expect(r.rows).toHaveLength(5);
    expect(r.total).toBe(new Set(fileRows.map((x) => x.Query.trim().toLowerCase())).size);
    expect(r.daily.reduce((a: number, d: { clicks: number }) => a + d.clicks, 0)).toBe(r.totals.clicks);
    const clicks = r.rows.map((x: { clicks: number }) => x.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));

    const cur = fileRows.filter((x) => x.Date >= '2025-01-01' && x.Date <= '2025-03-31');
    const prev = fileRows.filter((x) => x.Date >= '2024-10-01' && x.Date <= '2024-12-31');
    const c = await get(
      analyst,
      `/analytics?site=${SITE}&dimensions=page&dimensions=date&startDate=2025-01-01&endDate=2025-03-31&compareStartDate=2024-10-01&compareEndDate=2024-12-31&sortField=date&pageSize=3`,
    );
    expect(c.totals.clicks).toBe(sum(cur, 'Clicks'));
    expect(c.totals.previous.clicks).toBe(sum(prev, 'Clicks'));
    expect(c.source.current).toEqual({ start: '2025-01-01', end: '2025-03-31' });
    expect(c.rows[0].keys.date >= '2024-10-01').toBe(true);
    expect(c.daily.every((d: { previous: unknown }) => d.previous !== null)).toBe(true);

    const filtered = await get(
      analyst,
      `/analytics?site=${SITE}&dimensions=query&queryFilter=${encodeURIComponent('regex:^cara ')}&pageFilter=notContains:windows`,
    );
    const expected = fileRows.filter((x) => /^cara /u.test(x.Query) && !x.Page.includes('windows'));
    expect(filtered.totals.clicks).toBe(sum(expected, 'Clicks'));
  });

  it('refuses bad filters, sorts and dimension combinations with 400', async () => {
    const bad = async (qs: string, pattern: RegExp) => {
      const res = await analyst.get(`${SEARCH_CONSOLE_BASE}/analytics?${qs}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).message).toMatch(pattern);
    };
    await bad(`site=${SITE}&queryFilter=${encodeURIComponent('regex:(?=a)')}`, /look-around/u);
    await bad(`site=${SITE}&queryFilter=${encodeURIComponent('regex:([a-')}`, /not usable/u);
    await bad(`site=${SITE}&sortField=country`, /cannot sort by/u);
    await bad(`site=${SITE}&dimensions=country`, /no imported Search Console table/u);
    await bad('site=duo.com&dimensions=query&dimensions=page', /no imported Search Console table/u);
    await bad(`site=${SITE}&compareStartDate=2025-01-01`, /compareEndDate/u);
    await bad(`site=${SITE}&dimensions=weekday`, /expected one of/u);
  });

  it('browses the web exports: one dimension per table, the Dates table for totals and the chart', async () => {
    const duo = await get(analyst, '/analytics?site=duo.com&dimensions=query&pageSize=2');
    expect(duo.source.dated).toBe(false);
    expect(duo.rows[0].keys.query).toBe('duo');
    expect(duo.rows[0].clicks).toBe(82836);
    const dates = parse(readFileSync(join(DATA, 'gsc_export_duo_com/Dates.csv')), { columns: true }) as {
      Clicks: string;
    }[];
    expect(duo.totals.clicks).toBe(dates.reduce((a, r) => a + Number(r.Clicks), 0));
    expect(duo.daily).toHaveLength(dates.length);
    const chobble = await get(analyst, '/analytics?site=tickets.chobble.com&dimensions=country&pageSize=1');
    expect(chobble.rows).toHaveLength(1);
    // No query × page rows in a web export: pages and queries are listed on their own.
    const pages = await get(analyst, '/page-keywords?site=duo.com&pageSize=1');
    expect(pages.source.dimensions).toEqual(['page']);
    expect(pages.rows[0]).toMatchObject({ page: 'https://duo.com/', clicks: 260781, queries: [] });
    const queries = await get(analyst, '/keyword-pages?site=tickets.chobble.com&pageSize=1');
    expect(queries.rows[0].pages).toEqual([]);
    expect(queries.rows[0].split).toBe(false);
  });

  it('lists pages per query and flags queries split between pages with their click shares', async () => {
    const r = await get(analyst, `/keyword-pages?site=${SITE}&pageSize=200`);
    const byQuery = new Map<string, Map<string, number>>();
    for (const x of fileRows) {
      const q = byQuery.get(x.Query) ?? new Map<string, number>();
      q.set(x.Page, (q.get(x.Page) ?? 0) + Number(x.Clicks));
      byQuery.set(x.Query, q);
    }
    let checked = 0;
    for (const row of r.rows) {
      const pages = byQuery.get(row.query);
      if (pages === undefined) continue;
      checked++;
      const clicked = [...pages.values()].filter((v) => v > 0).length;
      expect(row.split).toBe(clicked > 1);
      expect(row.pages).toHaveLength(pages.size);
      for (const p of row.pages) {
        expect(p.clicks).toBe(pages.get(p.page));
        if (row.clicks > 0) expect(p.clickShare).toBeCloseTo(p.clicks / row.clicks, 12);
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(r.rows.some((x: { split: boolean }) => x.split)).toBe(true);
  });

  it("puts the rank tracker's position of the site's domain beside tracked queries", async () => {
    const period = 'startDate=2025-01-01&endDate=2025-03-31';
    const before = await get(analyst, `/keyword-pages?site=${SITE}&${period}&pageSize=3`);
    const [tracked, unranked, untracked] = before.rows.map((r: { query: string }) => r.query) as string[];
    expect(before.rows.map((r: { trackedPosition: unknown }) => r.trackedPosition)).toEqual([
      null,
      null,
      null,
    ]);
    // A campaign tracking the site's domain as its own and two of the queries, snapshots on 2025-03-17 and
    // 2025-04-02: the second is nearer the period's end (2025-03-31), the first nearer 2025-03-18.
    const { meta, rank } = t.stores;
    const org = orgId;
    const project = await meta.createProject(org, 'Flashcom', NOW);
    const campaign = await meta.createCampaign(
      { organisationId: org, projectId: project.id, name: 'Flashcom ID', market: 'id-id' },
      NOW,
    );
    await meta.addTrackedDomain(campaign.id, {
      value: SITE,
      label: 'Flashcom',
      color: '#1f77b4',
      isOwn: true,
    });
    const market = (await ensureMarket(meta, org, 'id-id')).rankKey;
    const ids = await rank.upsertKeywords(market, [
      { text: tracked!, sv: 100 },
      { text: unranked!, sv: 50 },
    ]);
    await rank.setCampaignKeywords(
      campaign.id,
      market,
      [tracked!, unranked!].map((k) => ({ keywordId: ids.get(k)!, tags: [], groups: [] })),
    );
    const result = (keyword: string, date: string, position: number, url: string) => ({
      market,
      keywordId: ids.get(keyword)!,
      date,
      position,
      resultType: 'organic' as const,
      url,
    });
    await rank.insertSerpResults([
      result(tracked!, '2025-03-17', 2, `https://${SITE}/a`),
      result(tracked!, '2025-04-02', 1, 'https://rival.example/x'),
      result(tracked!, '2025-04-02', 4, `https://www.${SITE}/b`),
      result(tracked!, '2025-04-02', 9, `https://${SITE}/c`),
      result(unranked!, '2025-04-02', 1, 'https://rival.example/y'),
    ]);
    const positions = async (qs: string) =>
      Object.fromEntries(
        (await get(analyst, `/keyword-pages?site=${SITE}&${qs}&pageSize=3`)).rows.map(
          (r: { query: string; trackedPosition: number | null }) => [r.query, r.trackedPosition],
        ),
      );
    expect(await positions(period)).toEqual({ [tracked!]: 4, [unranked!]: null, [untracked!]: null });
    expect((await positions('startDate=2025-01-01&endDate=2025-03-18'))[tracked!]).toBe(2);
  });

  it('lists queries per page, decaying pages and striking-distance queries, with CSV exports', async () => {
    const pages = await get(analyst, `/page-keywords?site=${SITE}&queriesPerPage=3`);
    expect(pages.rows[0].queries.length).toBeLessThanOrEqual(3);
    const decay = await get(
      analyst,
      `/page-keywords?site=${SITE}&view=decaying&startDate=2025-01-01&endDate=2025-03-31`,
    );
    expect(decay.source.previous).toEqual({ start: '2024-10-03', end: '2024-12-31' });
    for (const p of decay.rows) expect(p.clicks).toBeLessThan(p.previous.clicks);
    const losses = decay.rows.map(
      (p: { clicks: number; previous: { clicks: number } }) => p.clicks - p.previous.clicks,
    );
    expect(losses).toEqual([...losses].sort((a, b) => a - b));

    const striking = await get(analyst, `/striking-distance?site=${SITE}&pageSize=1000`);
    expect(striking.ctrModel).toBe('default');
    for (const q of striking.rows) {
      expect(q.position).toBeGreaterThanOrEqual(8);
      expect(q.position).toBeLessThanOrEqual(20);
      expect(q.potentialClicks).toBeCloseTo(q.impressions * 0.11, 9);
    }
    const extra = striking.rows.map((q: { extraClicks: number }) => q.extraClicks);
    expect(extra).toEqual([...extra].sort((a, b) => b - a));

    const csv = await analyst.get(`${SEARCH_CONSOLE_BASE}/analytics/csv?site=${SITE}&dimensions=query`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/u);
    const lines = csv.body
      .replace(/^\uFEFF/u, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('query,clicks,impressions,ctr,position');
    expect(lines).toHaveLength(1 + new Set(fileRows.map((x) => x.Query.trim().toLowerCase())).size);
    for (const path of ['keyword-pages', 'page-keywords', 'striking-distance']) {
      const res = await analyst.get(`${SEARCH_CONSOLE_BASE}/${path}/csv?site=${SITE}`);
      expect(res.statusCode, path).toBe(200);
    }
    expect((await other.get(`${SEARCH_CONSOLE_BASE}/analytics/csv?site=${SITE}`)).statusCode).toBe(404);
  });
});

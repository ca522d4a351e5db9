// Every real-world sample in ../shared/data through detection and its parser: the counts of records,
// rejects (with their lines and reasons) and warnings, and spot checks of the values that matter.
import { join } from 'node:path';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { formatReject } from '@ingest/errors';
import { rankToSerpResult } from '@ingest/records';
import { SHARED, byKind, parsePath } from './helpers';

const serpApi = (f: string) => join(SHARED, 'serp-api', f);

describe('every file of ../shared/data is covered', () => {
  it('lists the files this suite covers', () => {
    const files = ['serp-api', 'keywords', 'rank-tracker', 'search-console', 'ctr'].flatMap((d) =>
      readdirSync(join(SHARED, d), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(SHARED.length + 1)),
    );
    expect(files.sort()).toEqual(
      [
        'ctr/published_ctr_by_position.csv',
        'keywords/ahrefs_pl_phones.csv',
        'keywords/uk_keywords_with_volume.json',
        'rank-tracker/wide_rank_sheet.csv',
        'search-console/gsc_api_flashcom_daily.csv',
        ...['Countries', 'Devices', 'Filters', 'Pages', 'Queries', 'Search appearance', 'Chart'].map(
          (t) => `search-console/gsc_export_chobble_tickets/${t}.csv`,
        ),
        ...['Countries', 'Dates', 'Devices', 'Filters', 'Pages', 'Queries', 'Search appearance'].map(
          (t) => `search-console/gsc_export_duo_com/${t}.csv`,
        ),
        'serp-api/dfs_serp_google_local_finder_live_advanced.json',
        'serp-api/dfs_serp_google_organic_live_regular.json',
        'serp-api/dfs_serp_google_organic_task_get_regular.json',
        'serp-api/google_light_7_coffee_keywords.json',
        'serp-api/google_light_fast_coffee.json',
        'serp-api/google_matcha_ca_top_stories.json',
        'serp-api/google_matcha_vancouver_full_serp.json',
        'serp-api/scaleserp_google_pl_apartamenty_inwestycyjne_2020-06-06.json',
      ].sort(),
    );
  });
});

describe('SerpApi', () => {
  it('google_light: 7 responses, 70 organic results below a question box', async () => {
    const p = await parsePath(serpApi('google_light_7_coffee_keywords.json'), { market: 'us-en' });
    const serp = byKind(p, 'serp');
    expect(p.rejects).toEqual([]);
    expect(serp).toHaveLength(70);
    expect(new Set(serp.map((r) => r.keyword))).toEqual(
      new Set([
        'coffee',
        'iced coffee',
        'cortado',
        'latte',
        'matcha',
        'pumpkin spice latte',
        'oatmilk latte',
      ]),
    );
    expect(new Set(serp.map((r) => `${r.market} ${r.date}`))).toEqual(new Set(['us-en 2025-09-10']));
    // coffee: the related-questions box (no links) takes rank 1, Wikipedia is organic #1 → position 2
    const coffee = serp.filter((r) => r.keyword === 'coffee');
    expect(coffee[0]).toMatchObject({ position: 2, resultType: 'organic', domain: 'wikipedia.org' });
    // cortado: the answer box is a featured snippet at 1
    expect(serp.find((r) => r.keyword === 'cortado' && r.position === 1)).toMatchObject({
      resultType: 'featured_snippet',
      url: 'https://en.wikipedia.org/wiki/Cortado',
    });
    expect(p.warnings.find((w) => w.code === 'no-link')?.count).toBe(12);
  });

  it('google_light without a market option: the file has no language, every response is rejected', async () => {
    const p = await parsePath(serpApi('google_light_7_coffee_keywords.json'));
    expect(p.records).toEqual([]);
    expect(p.rejects).toHaveLength(7);
    expect(p.rejects[0]).toMatchObject({ code: 'missing-market', line: null, pointer: '[0]' });
    expect(p.rejects[0]!.reason).toMatch(/gives the country \(us\) but not the language; pass a market/u);
  });

  it('google_light_fast: one response with hl and gl, 10 organic results at 1–10', async () => {
    const p = await parsePath(serpApi('google_light_fast_coffee.json'));
    const serp = byKind(p, 'serp');
    expect(p.rejects).toEqual([]);
    expect(serp.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(serp[0]).toMatchObject({
      market: 'us-en',
      keyword: 'coffee',
      date: '2025-09-24',
      host: 'en.wikipedia.org',
    });
  });

  it('google (Vancouver): features laid out before organic results, knowledge panel last', async () => {
    const p = await parsePath(serpApi('google_matcha_vancouver_full_serp.json'), { market: 'ca-en' });
    const serp = byKind(p, 'serp');
    expect(p.rejects).toEqual([]);
    expect(serp.map((r) => `${r.position} ${r.resultType}`)).toEqual([
      // 1: local pack of 3 places without a website (stores nothing, takes one rank)
      '2 ai_overview',
      '3 people_also_ask',
      '4 people_also_ask',
      '5 people_also_ask',
      '6 video',
      '7 video',
      '8 video',
      // 9: immersive products without links
      ...[10, 11, 12, 13, 14, 15, 16, 17, 18].map((n) => `${n} organic`),
      '19 knowledge_panel',
    ]);
    expect(serp[0]!.url).toBe('https://www.healthline.com/nutrition/7-benefits-of-matcha-tea');
    // the highlight fragment of a featured-snippet link is not part of the URL
    expect(serp[3]!.url).toBe('https://pmc.ncbi.nlm.nih.gov/articles/PMC9792400/');
    expect(serp[3]!.domain).toBe('nih.gov');
  });

  it('google (top stories): stories are news results; the missing language is taken from the option', async () => {
    const p = await parsePath(serpApi('google_matcha_ca_top_stories.json'), { market: 'us-en' });
    const serp = byKind(p, 'serp');
    expect(serp).toHaveLength(20);
    expect(serp.filter((r) => r.resultType === 'news')).toHaveLength(6);
    expect(serp.every((r) => r.market === 'ca-en')).toBe(true);
    expect(p.warnings.map((w) => w.code)).toContain('market-language');
  });
});

describe('DataForSEO', () => {
  it('organic live: ads occupy no rank; rank_absolute order is kept', async () => {
    const p = await parsePath(serpApi('dfs_serp_google_organic_live_regular.json'));
    const serp = byKind(p, 'serp');
    expect(p.rejects).toEqual([]);
    expect(serp.map((r) => [r.position, r.resultType, r.host])).toEqual([
      [1, 'featured_snippet', 'www.rome.net'],
      [2, 'organic', 'www.kayak.com'],
      [3, 'organic', 'www.skyscanner.com'],
      [4, 'organic', 'www.expedia.com'],
      [5, 'organic', 'www.ethiopianairlines.com'],
      [6, 'organic', 'www.vietnamairlines.com'],
      [7, 'organic', 'books.google.com'],
    ]);
    expect(serp[0]).toMatchObject({
      market: 'us-en',
      date: '2019-11-15',
      keyword: 'flight ticket new york san francisco',
    });
    expect(p.warnings.find((w) => w.code === 'paid-skipped')?.count).toBe(3);
  });

  it('organic task_get: 6 results', async () => {
    const p = await parsePath(serpApi('dfs_serp_google_organic_task_get_regular.json'));
    expect(byKind(p, 'serp').map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(byKind(p, 'serp')[0]!.resultType).toBe('featured_snippet');
  });

  it('local finder: 20 places, 2 without a website keep their rank', async () => {
    const p = await parsePath(serpApi('dfs_serp_google_local_finder_live_advanced.json'), {
      market: 'us-en',
    });
    const serp = byKind(p, 'serp');
    expect(p.rejects).toEqual([]);
    expect(serp).toHaveLength(18);
    expect(serp.every((r) => r.resultType === 'local_pack' && r.market === 'us-en')).toBe(true);
    expect(serp.map((r) => r.position)).toEqual([
      1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20,
    ]);
  });

  it('local finder without a market: location_code 2840 gives the United States, language_code en', async () => {
    const p = await parsePath(serpApi('dfs_serp_google_local_finder_live_advanced.json'));
    expect(p.rejects).toEqual([]);
    expect(new Set(byKind(p, 'serp').map((r) => r.market))).toEqual(new Set(['us-en']));
  });

  it('a city location_code does not name a country: without --market the snapshot is rejected', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sightline-dfs-')), 'city.json');
    const doc = JSON.parse(readFileSync(serpApi('dfs_serp_google_local_finder_live_advanced.json'), 'utf8'));
    doc.tasks[0].data.location_code = 1006886;
    doc.tasks[0].result[0].location_code = 1006886;
    writeFileSync(file, JSON.stringify(doc));
    const p = await parsePath(file);
    expect(p.records).toEqual([]);
    expect(p.rejects.map((r) => [r.code, r.pointer])).toEqual([['missing-market', 'tasks[0].result[0]']]);
  });
});

describe('ScaleSERP (ValueSERP)', () => {
  it('wrapped response: block positions give the ranks, skipped blocks keep theirs, ads none', async () => {
    const p = await parsePath(serpApi('scaleserp_google_pl_apartamenty_inwestycyjne_2020-06-06.json'));
    const serp = byKind(p, 'serp');
    expect(p.rejects).toEqual([]);
    expect(serp.map((r) => `${r.position} ${r.resultType}`)).toEqual([
      ...[1, 2, 3, 4, 7, 8, 9, 10, 11, 12].map((n) => `${n} organic`),
      '13 local_pack',
      '14 local_pack',
      '15 local_pack',
    ]);
    expect(serp[0]).toMatchObject({
      market: 'pl-pl',
      date: '2020-06-06',
      keyword: 'apartamenty inwestycyjne',
    });
    expect(p.warnings.find((w) => w.code === 'paid-skipped')?.count).toBe(7);
  });
});

describe('keyword lists', () => {
  it('Ahrefs (;, BOM): 8,025 keywords; 72 rows with spreadsheet-mangled numbers rejected with line and column', async () => {
    const p = await parsePath(join(SHARED, 'keywords', 'ahrefs_pl_phones.csv'), { market: 'pl-pl' });
    const kw = byKind(p, 'keyword');
    expect(kw).toHaveLength(8025);
    expect(kw[0]).toMatchObject({ market: 'pl-pl', keyword: 'iphone 16', sv: 559000, line: 2 });
    expect(p.rejects).toHaveLength(72);
    expect(p.rejects.every((r) => r.code === 'mangled-number')).toBe(true);
    const hist = p.rejects.filter((r) => r.field === 'YoY_hist');
    const fc = p.rejects.filter((r) => r.field === 'YoY_fc');
    expect(hist.map((r) => r.line)).toEqual([
      5, 22, 55, 162, 202, 679, 960, 999, 1128, 1144, 1147, 1246, 1319, 1326, 1366, 1421, 1473, 1671, 1689,
      1715, 1838, 1881, 1947, 2031, 2125, 2198, 2229, 2324, 2358, 2363, 2526, 2620, 2621, 2675, 2709, 2717,
      2740, 2782, 2785, 2834, 2855, 2952, 2979, 2983, 3090, 3113, 3244, 3272, 3363, 3380, 3551, 3637, 3696,
      3887, 3964, 4258, 4273, 4337, 4367, 4374, 5252, 5447, 6645,
    ]);
    expect(fc.map((r) => r.line)).toEqual([157, 285, 291, 606, 1884, 2052, 2306, 2323, 2362]);
    expect(formatReject(p.rejects[0]!)).toBe(
      `${join(SHARED, 'keywords', 'ahrefs_pl_phones.csv')}:5:6: [YoY_hist] YoY_hist "cze.84" is not a number: ` +
        'it looks like a number a spreadsheet turned into a date',
    );
    expect(new Set(kw.map((k) => k.keyword)).has('iphone 17')).toBe(false);
  });

  it('Ahrefs without a market: the file is rejected, saying to pass one', async () => {
    const p = await parsePath(join(SHARED, 'keywords', 'ahrefs_pl_phones.csv'));
    expect(p.records).toEqual([]);
    expect(p.rejects).toEqual([expect.objectContaining({ line: 1, code: 'missing-column', fatal: true })]);
    expect(p.rejects[0]!.reason).toMatch(/--market/u);
  });

  it('JSON list: 368 UK keywords with group and volume', async () => {
    const p = await parsePath(join(SHARED, 'keywords', 'uk_keywords_with_volume.json'), { market: 'gb-en' });
    const kw = byKind(p, 'keyword');
    expect(p.rejects).toEqual([]);
    expect(kw).toHaveLength(368);
    expect(kw[0]).toEqual({
      kind: 'keyword',
      market: 'gb-en',
      keyword: 'antique ridge tiles',
      sv: 50,
      groups: ['Ridge Tiles'],
      tags: [],
      line: null,
    });
    expect(kw.filter((k) => k.sv === 0)).toHaveLength(250);
  });
});

describe('wide rank sheet', () => {
  it('368 keywords × 8 date-device columns: 2,567 ranks, 257 not ranked, 120 blank cells skipped', async () => {
    const p = await parsePath(join(SHARED, 'rank-tracker', 'wide_rank_sheet.csv'), {
      market: 'gb-en',
      target: 'https://www.example.co.uk/',
    });
    expect(p.rejects).toEqual([]);
    const ranks = byKind(p, 'rank');
    expect(ranks).toHaveLength(2824);
    expect(ranks.filter((r) => r.position !== null)).toHaveLength(2567);
    expect(ranks.filter((r) => r.position === null)).toHaveLength(257);
    expect(new Set(ranks.map((r) => r.market))).toEqual(new Set(['gb-en', 'gb-en-mobile']));
    expect(new Set(ranks.map((r) => r.date))).toEqual(
      new Set(['2026-01-27', '2026-02-02', '2026-02-16', '2026-04-09']),
    );
    expect(ranks[0]).toMatchObject({
      keyword: 'antique ridge tiles',
      date: '2026-01-27',
      market: 'gb-en-mobile',
      position: 15,
      line: 2,
    });
    expect(rankToSerpResult(ranks[0]!)).toMatchObject({
      resultType: 'organic',
      position: 15,
      domain: 'example.co.uk',
    });
    const kw = byKind(p, 'keyword');
    expect(kw).toHaveLength(736);
    expect(kw[0]).toMatchObject({ keyword: 'antique ridge tiles', sv: 50, groups: ['Ridge Tiles'] });
  });

  it('columns dated after "now" are rejected once each and skipped', async () => {
    const p = await parsePath(join(SHARED, 'rank-tracker', 'wide_rank_sheet.csv'), {
      market: 'gb-en',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(p.rejects.map((r) => [r.line, r.column, r.code])).toEqual([
      [1, 10, 'future-date'],
      [1, 11, 'future-date'],
    ]);
    expect(byKind(p, 'rank').every((r) => r.date < '2026-03-01')).toBe(true);
  });
});

describe('Search Console', () => {
  it('API rows: 6,000 date × page × query rows, CTR as a fraction', async () => {
    const p = await parsePath(join(SHARED, 'search-console', 'gsc_api_flashcom_daily.csv'));
    const rows = byKind(p, 'gsc');
    expect(p.rejects).toEqual([]);
    expect(rows).toHaveLength(6000);
    expect(rows[0]).toEqual({
      kind: 'gsc',
      source: 'api',
      dimensions: ['date', 'page', 'query'],
      date: '2024-08-28',
      query: 'cara membuat windows portable di flashdisk',
      page: 'https://flashcomindonesia.com/cara-membuat-windows-portable.html',
      country: null,
      device: null,
      searchAppearance: null,
      clicks: 18,
      impressions: 29,
      ctr: 0.6206896551724138,
      position: 1.793103448275862,
      line: 2,
    });
  });

  it('web export folder (duo.com): 2,435 rows over six tables, plus the filters', async () => {
    const p = await parsePath(join(SHARED, 'search-console', 'gsc_export_duo_com'));
    expect(p.rejects).toEqual([]);
    const rows = byKind(p, 'gsc');
    const per = (d: string) => rows.filter((r) => r.dimensions[0] === d).length;
    expect([
      per('country'),
      per('date'),
      per('device'),
      per('page'),
      per('query'),
      per('searchAppearance'),
    ]).toEqual([244, 184, 3, 1000, 1000, 4]);
    expect(rows.find((r) => r.query === 'duo')).toMatchObject({
      source: 'export',
      clicks: 82836,
      impressions: 2235819,
      ctr: 0.037,
      position: 3.63,
    });
    expect(rows.find((r) => r.dimensions[0] === 'country')).toMatchObject({ country: 'us', ctr: 0.0542 });
    expect(rows.find((r) => r.dimensions[0] === 'device')).toMatchObject({ device: 'desktop' });
    expect(byKind(p, 'gsc-filters')).toEqual([
      {
        kind: 'gsc-filters',
        searchType: 'web',
        dateRange: 'Last 6 months',
        filters: [
          { name: 'Search type', value: 'Web' },
          { name: 'Date', value: 'Last 6 months' },
        ],
      },
    ]);
  });

  it('web export folder (chobble): Chart.csv as dates, multi-line quoted queries, an empty table', async () => {
    const p = await parsePath(join(SHARED, 'search-console', 'gsc_export_chobble_tickets'));
    expect(p.rejects).toEqual([]);
    const rows = byKind(p, 'gsc');
    expect(rows).toHaveLength(552);
    const queries = rows.filter((r) => r.dimensions[0] === 'query');
    expect(queries).toHaveLength(196);
    const long = queries.find((r) => r.query!.startsWith('"cheddar up" -"aged cheddar"'));
    expect(long).toMatchObject({ line: 63, impressions: 4, position: 3.5 });
    expect(long!.query).toContain('"wedge of" -"wedges"');
    expect(long!.query).not.toMatch(/\n/u);
    // the line after a three-line record is counted right
    expect(queries.find((r) => r.query === 'tickts')).toMatchObject({ line: 68 });
    expect(rows.filter((r) => r.dimensions[0] === 'date')).toHaveLength(129);
    expect(rows.filter((r) => r.dimensions[0] === 'country').map((r) => r.country)).not.toContain(null);
  });
});

describe('files that are not an import format', () => {
  it('the published CTR table is rejected with the known formats listed', async () => {
    const p = await parsePath(join(SHARED, 'ctr', 'published_ctr_by_position.csv'));
    expect(p.records).toEqual([]);
    expect(p.rejects).toHaveLength(1);
    expect(p.rejects[0]).toMatchObject({ code: 'unknown-format', line: null, fatal: true });
    expect(p.rejects[0]!.reason).toMatch(/no known header \(the first line has study, data_year, metric/u);
    expect(p.rejects[0]!.reason).toMatch(/serp-csv: generic SERP CSV/u);
    expect(p.rejects[0]!.reason).toMatch(/--format/u);
  });
});

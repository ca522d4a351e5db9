// The other import formats on small hand-written inputs: keyword lists, SerpBear, wide rank sheets,
// Search Console, the absolute-position rule of SERP API responses, and folder/zip sources.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sourceFromSavedUpload } from '@ingest/formats/index';
import { byKind, collectSource, parsePath, parseText } from './helpers';

const utf16le = (s: string) =>
  new Uint8Array([0xff, 0xfe, ...[...s].flatMap((c) => [c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8])]);

describe('keyword lists', () => {
  it('Keyword Planner: UTF-16, tabs, title lines, grouped volumes, ranges', async () => {
    const text = [
      'Keyword Stats 2026-01-05 at 10_00_00',
      'All locations',
      'Keyword\tCurrency\tAvg. monthly searches\tThree month change\tCompetition\tCompetition (indexed value)',
      'Cheap Flights\tGBP\t1,000,000\t-18%\tLow\t12',
      'cheap flights to paris\tGBP\t1K – 10K\t0%\tLow\t5',
      'flights\tGBP\t\t\tHigh\t',
      'cheap flights\tGBP\t900\t0%\tLow\t4',
    ].join('\r\n');
    const p = await parseText('planner.csv', utf16le(text), { market: 'gb-en' });
    expect(p.rejects).toEqual([]);
    expect(byKind(p, 'keyword').map((k) => [k.keyword, k.sv, k.line])).toEqual([
      ['cheap flights', 1000000, 4],
      ['cheap flights to paris', null, 5],
      ['flights', null, 6],
      ['cheap flights', 900, 7],
    ]);
    expect(p.warnings.map((w) => [w.code, w.count])).toEqual([
      ['encoding', 1],
      ['volume-range', 1],
      ['duplicate-keyword', 1],
    ]);
  });

  it('Semrush: quoted trend lists are not numbers to check; a mangled KD is; a country column sets the country', async () => {
    const text = [
      'Keyword,Intent,Volume,Trend,Keyword Difficulty,CPC (USD),Database',
      'iphone,"Navigational","1 500","0.81,1.00,0.66",67,1.2,us',
      'ipad,Commercial,800,"0.5,0.5",lut.45,0.9,de',
      'macbook,,x100,,10,1,us',
      'imac,,10,,10,1,atlantis',
    ].join('\n');
    const p = await parseText('semrush.csv', text, { market: 'gb-en' });
    expect(byKind(p, 'keyword')).toEqual([
      { kind: 'keyword', market: 'us-en', keyword: 'iphone', sv: 1500, groups: [], tags: [], line: 2 },
    ]);
    expect(p.rejects.map((r) => [r.line, r.field, r.code, r.reason])).toEqual([
      [
        3,
        'Keyword Difficulty',
        'mangled-number',
        'Keyword Difficulty "lut.45" is not a number: it looks like a number a spreadsheet turned into a date',
      ],
      [4, 'Volume', 'invalid-number', 'search volume "x100" is not a number'],
      [5, 'Database', 'invalid-market', 'country "atlantis" is not a known country'],
    ]);
    expect(p.warnings.map((w) => w.code)).toContain('market-language');
  });

  it('JSON lists of objects or strings; a list without a market option is refused', async () => {
    const p = await parseText(
      'k.json',
      '{"keywords":[{"Keyword":"A","Search Volume":"1,200","Tags":"x; y"},"b",{"kw":1}]}',
      {
        market: 'us-en',
      },
    );
    expect(byKind(p, 'keyword').map((k) => [k.keyword, k.sv, k.tags])).toEqual([
      ['a', 1200, ['x', 'y']],
      ['b', null, []],
    ]);
    expect(p.rejects).toEqual([expect.objectContaining({ pointer: '[2]', code: 'missing-column' })]);
    const none = await parseText('k.json', '[{"keyword":"a"}]');
    expect(none.rejects).toEqual([expect.objectContaining({ code: 'missing-market', fatal: true })]);
  });

  it('malformed JSON is rejected with its line and column', async () => {
    const p = await parseText('bad.json', '[\n  {"keyword": "a"},\n  {"keyword": }\n]', {
      market: 'us-en',
      format: 'keywords',
    });
    expect(p.rejects).toEqual([
      expect.objectContaining({ line: 3, column: 15, code: 'malformed-json', fatal: true }),
    ]);
  });
});

describe('SerpBear', () => {
  it('keyword export: ranks, not ranked, tags, country names, language from the market option', async () => {
    const text = [
      'ID,Keyword,Position,URL,Country,Device,Updated,Added,Tags',
      '1, best shoes, 4, https://www.shop.co.uk/shoes, United Kingdom, desktop, 2026-03-01T06:00:00.000Z, 2026-01-01T00:00:00.000Z, brand,core',
      '2, running shoes, -, -, Germany, mobile, 2026-03-01T06:00:00.000Z, 2026-01-01T00:00:00.000Z, ',
      '3, trail shoes, 0x, -, Germany, mobile, 2026-03-01T06:00:00.000Z, 2026-01-01T00:00:00.000Z, ',
      '4, trail shoes, 5, -, Narnia, mobile, 2026-03-01T06:00:00.000Z, 2026-01-01T00:00:00.000Z, ',
    ].join('\r\n');
    const p = await parseText('serpbear.csv', text, { market: 'gb-en' });
    expect(byKind(p, 'rank')).toEqual([
      {
        kind: 'rank',
        date: '2026-03-01',
        market: 'gb-en',
        keyword: 'best shoes',
        position: 4,
        url: 'https://www.shop.co.uk/shoes',
        host: 'www.shop.co.uk',
        domain: 'shop.co.uk',
        path: '/shoes',
        tags: ['brand', 'core'],
        line: 2,
      },
      expect.objectContaining({
        market: 'de-en-mobile',
        keyword: 'running shoes',
        position: null,
        url: null,
        tags: [],
        line: 3,
      }),
    ]);
    expect(p.rejects.map((r) => [r.line, r.code])).toEqual([
      [4, 'invalid-position'],
      [5, 'invalid-market'],
    ]);
  });

  it('Search Console export: CTR in percent, countries by name', async () => {
    const text =
      'ID,Keyword,Position,Impressions,Clicks,CTR,Country,Device\n0, best shoes, 3.5, 200, 10, 5, United States, desktop\n';
    const p = await parseText('sc.csv', text);
    expect(byKind(p, 'gsc')).toEqual([
      expect.objectContaining({
        query: 'best shoes',
        position: 3.5,
        impressions: 200,
        clicks: 10,
        ctr: 0.05,
        country: 'us',
        device: 'desktop',
      }),
    ]);
  });
});

describe('wide rank sheets', () => {
  it('bare date columns use the option’s device; bad cells are rejected alone', async () => {
    const text =
      'Keyword,Volume,2026-01-05,2026-01-12,Notes\nshoes,"1,000",3,0,hello\nboots,,,101\nsocks,x,1,2\n';
    const p = await parseText('sheet.csv', text, { market: 'us-en-mobile' });
    expect(byKind(p, 'rank').map((r) => [r.keyword, r.date, r.market, r.position, r.url])).toEqual([
      ['shoes', '2026-01-05', 'us-en-mobile', 3, null],
      ['shoes', '2026-01-12', 'us-en-mobile', null, null],
    ]);
    expect(byKind(p, 'keyword').map((k) => [k.keyword, k.sv])).toEqual([
      ['shoes', 1000],
      ['boots', null],
    ]);
    expect(p.rejects.map((r) => [r.line, r.column, r.code])).toEqual([
      [3, 4, 'invalid-position'],
      [4, 2, 'invalid-number'],
    ]);
    expect(p.warnings.map((w) => w.message)).toEqual(['columns ignored: Notes']);
  });

  it('needs a market option', async () => {
    const p = await parseText('sheet.csv', 'Keyword,2026-01-05 Desktop\nshoes,3\n');
    expect(p.rejects).toEqual([
      expect.objectContaining({
        code: 'missing-column',
        fatal: true,
        reason: expect.stringMatching(/--market/u),
      }),
    ]);
  });
});

describe('Search Console', () => {
  it('API rows: alpha-3 countries, upper-case devices, bad rows rejected', async () => {
    const text = [
      'date,country,device,query,clicks,impressions,ctr,position',
      '2026-01-05,gbr,DESKTOP,Best  Shoes,3,100,0.03,4.2',
      '2026-01-05,xxx,MOBILE,shoes,1,10,0.1,2',
      '2026-01-05,usa,TV,shoes,1,10,0.1,2',
      '2026-01-05,usa,MOBILE,shoes,1,10,1.5,2',
      '2026-01-05,usa,MOBILE,shoes,1,10,0.1,0.5',
    ].join('\n');
    const p = await parseText('api.csv', text);
    expect(byKind(p, 'gsc')).toEqual([
      expect.objectContaining({
        source: 'api',
        dimensions: ['date', 'country', 'device', 'query'],
        country: 'gb',
        device: 'desktop',
        query: 'best shoes',
        ctr: 0.03,
      }),
    ]);
    expect(p.rejects.map((r) => [r.line, r.code, r.reason])).toEqual([
      [3, 'invalid-value', 'country "xxx" is not a known country'],
      [4, 'invalid-value', 'device "TV" is not desktop, mobile or tablet'],
      [5, 'invalid-number', 'CTR "1.5" is outside 0–100 %'],
      [6, 'invalid-position', 'average position 0.5 is below 1'],
    ]);
  });

  it('a comparison export is refused whole', async () => {
    const p = await parseText(
      'Queries.csv',
      'Top queries,Last 3 months Clicks,Previous 3 months Clicks,Clicks,Impressions,CTR,Position\n',
    );
    expect(p.rejects).toEqual([
      expect.objectContaining({
        code: 'missing-column',
        fatal: true,
        reason: expect.stringMatching(/comparison export/u),
      }),
    ]);
  });

  it('reads the export as a .zip, skipping files that are not its tables', async () => {
    const zip = zipSync({
      'export/Queries.csv': strToU8('Top queries,Clicks,Impressions,CTR,Position\nshoes,1,10,10%,2.5\n'),
      'export/Devices.csv': strToU8('Device,Clicks,Impressions,CTR,Position\nTablet,0,1,0%,7\n'),
      'export/notes.txt': strToU8('hello'),
    });
    const p = await parseText('gsc.zip', zip);
    expect(byKind(p, 'gsc').map((r) => [r.dimensions[0], r.query ?? r.device, r.ctr])).toEqual([
      ['device', 'tablet', 0],
      ['query', 'shoes', 0.1],
    ]);
    expect(p.warnings).toEqual([
      expect.objectContaining({ file: 'gsc.zip/export/notes.txt', code: 'ignored-file' }),
    ]);
    const saved = join(mkdtempSync(join(tmpdir(), 'sightline-up-')), '0-up.zip');
    writeFileSync(saved, zip);
    const uploaded = await collectSource(await sourceFromSavedUpload('up.zip', saved, zip.length));
    expect(byKind(uploaded, 'gsc')).toHaveLength(2);
    expect(uploaded.warnings).toEqual([
      expect.objectContaining({ file: 'up.zip/export/notes.txt', code: 'ignored-file' }),
    ]);
    const broken = await parseText('gsc.zip', zip.subarray(0, 60));
    expect(broken.rejects).toEqual([expect.objectContaining({ code: 'unreadable', fatal: true })]);
  });

  it('reads a folder; a missing path is a clear reject', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-gsc-'));
    mkdirSync(join(dir, 'export'));
    writeFileSync(
      join(dir, 'export', 'Pages.csv'),
      'Top pages,Clicks,Impressions,CTR,Position\nhttps://a.com/x,1,2,50%,1\n/nohost,1,2,50%,1\n',
    );
    const p = await parsePath(join(dir, 'export'));
    expect(byKind(p, 'gsc').map((r) => r.page)).toEqual(['https://a.com/x']);
    expect(p.rejects.map((r) => [r.line, r.code])).toEqual([[3, 'invalid-url']]);
    const gone = await parsePath(join(dir, 'nope'));
    expect(gone.rejects).toEqual([
      expect.objectContaining({
        code: 'unreadable',
        reason: expect.stringMatching(/no such file or folder/u),
      }),
    ]);
  });
});

describe('absolute positions of SERP API responses', () => {
  const serpApi = (extra: object) =>
    JSON.stringify({
      search_metadata: { status: 'Success', created_at: '2026-02-01 10:00:00 UTC' },
      search_parameters: { engine: 'google', q: 'Shoes', gl: 'gb', hl: 'en-GB', device: 'mobile' },
      ...extra,
    });

  it('SerpApi: answer box without a link takes a rank; ads take none; depth is 100', async () => {
    const organic = Array.from({ length: 105 }, (_, i) => ({ position: i + 1, link: `https://s${i}.com/` }));
    const p = await parseText(
      'r.json',
      serpApi({
        ads: [{ link: 'https://ad.com' }],
        answer_box: { type: 'calculator' },
        organic_results: organic,
      }),
    );
    const serp = byKind(p, 'serp');
    expect(serp).toHaveLength(99);
    expect(serp[0]).toMatchObject({
      position: 2,
      host: 's0.com',
      market: 'gb-en-mobile',
      keyword: 'shoes',
      date: '2026-02-01',
    });
    expect(serp.at(-1)).toMatchObject({ position: 100, host: 's98.com' });
    expect(p.warnings.map((w) => [w.code, w.count])).toEqual([
      ['paid-skipped', 1],
      ['beyond-depth', 6],
      ['no-link', 1],
    ]);
  });

  it('SerpApi: failed searches, other engines and tablets are rejected per response', async () => {
    const docs = [
      {
        error: "Google hasn't returned any results",
        search_metadata: { status: 'Error' },
        search_parameters: {},
      },
      JSON.parse(serpApi({ search_parameters: { engine: 'bing', q: 'x' } })),
      JSON.parse(
        serpApi({ search_parameters: { engine: 'google', q: 'x', gl: 'us', hl: 'en', device: 'tablet' } }),
      ),
    ];
    const p = await parseText('r.json', JSON.stringify(docs), { format: 'serpapi' });
    expect(p.rejects.map((r) => [r.pointer, r.reason])).toEqual([
      ['[0]', "the search failed: Google hasn't returned any results"],
      ['[1]', 'engine bing is not a Google web search (google, google_light, google_light_fast)'],
      ['[2]', 'device tablet is not tracked (desktop or mobile)'],
    ]);
  });

  it('DataForSEO advanced: a carousel takes one rank per link; related searches none; failed tasks rejected', async () => {
    const doc = {
      tasks: [
        {
          status_code: 20000,
          data: { device: 'desktop' },
          result: [
            {
              keyword: 'shoes',
              language_code: 'en',
              check_url: 'https://www.google.co.uk/search?q=shoes&gl=GB&hl=en',
              datetime: '2026-02-01 08:00:00 +00:00',
              items: [
                { type: 'organic', rank_absolute: 3, url: 'https://c.com/' },
                {
                  type: 'top_stories',
                  rank_absolute: 1,
                  items: [{ url: 'https://n1.com/a' }, { url: 'https://n2.com/b' }],
                },
                { type: 'related_searches', rank_absolute: 2 },
                {
                  type: 'people_also_ask',
                  rank_absolute: 4,
                  items: [{ title: 'q', expanded_element: [{ url: 'https://p.com/' }] }],
                },
                { type: 'perspectives', rank_absolute: 5, url: 'https://x.com/' },
              ],
            },
          ],
        },
        { status_code: 40501, status_message: 'Invalid Field' },
      ],
    };
    const p = await parseText('d.json', JSON.stringify(doc));
    expect(byKind(p, 'serp').map((r) => [r.position, r.resultType, r.host, r.market])).toEqual([
      [1, 'news', 'n1.com', 'gb-en'],
      [2, 'news', 'n2.com', 'gb-en'],
      [3, 'organic', 'c.com', 'gb-en'],
      [4, 'people_also_ask', 'p.com', 'gb-en'],
      [5, 'other', 'x.com', 'gb-en'],
    ]);
    expect(p.rejects).toEqual([
      expect.objectContaining({ pointer: 'tasks[1]', reason: 'the task failed: 40501 Invalid Field' }),
    ]);
  });

  it('ValueSERP bare: gaps in block_position keep their ranks, unplaced blocks come last', async () => {
    const doc = {
      request_info: { success: true },
      search_metadata: { created_at: '2026-02-01T10:00:00.000Z' },
      search_parameters: { q: 'shoes', gl: 'us', hl: 'en' },
      organic_results: [
        { position: 1, block_position: 2, link: 'https://a.com/' },
        { position: 2, block_position: 5, link: 'https://b.com/' },
      ],
      local_results: [
        { position: 1, block_position: 3, link: 'https://l1.com/' },
        { position: 2, block_position: 3 },
        { position: 3, block_position: 3, link: 'https://l3.com/' },
      ],
      knowledge_graph: { title: 'Shoes', website: 'https://k.com/' },
    };
    const p = await parseText('v.json', JSON.stringify(doc));
    expect(byKind(p, 'serp').map((r) => [r.position, r.resultType, r.host])).toEqual([
      [2, 'organic', 'a.com'],
      [3, 'local_pack', 'l1.com'],
      [4, 'local_pack', 'l3.com'],
      [6, 'organic', 'b.com'],
      [7, 'knowledge_panel', 'k.com'],
    ]);
  });
});

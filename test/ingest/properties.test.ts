// Property tests over every parser: generated rows written with a CSV writer (csv-stringify) and read back
// give exactly the records they describe, with the hand-written fast path and csv-parse agreeing; arbitrary
// bytes and arbitrary JSON never throw, they only reject.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { RESULT_TYPES } from '@core/result-types';
import { MAX_POSITION } from '@core/ctr';
import { normaliseKeyword } from '@core/keyword';
import { FORMATS } from '@ingest/detect';
import type { FormatId } from '@ingest/detect';
import type { SerpResultRecord } from '@ingest/records';
import { byKind, parseText } from './helpers';

const market = fc.constantFrom('gb-en', 'us-en-mobile', 'de-de', 'pl-pl');
const day = fc
  .integer({ min: Date.UTC(2015, 0, 1) / 864e5, max: Date.UTC(2026, 10, 22) / 864e5 })
  .map((d) => new Date(d * 864e5).toISOString().slice(0, 10));
const word = fc.stringMatching(/^[a-zA-Z0-9ąęóśżźćńłÄÖÜß]{1,8}$/u);
const rawKeyword = fc
  .array(word, { minLength: 1, maxLength: 4 })
  .chain((ws) => fc.constantFrom(' ', '  ', '\t').map((sep) => ` ${ws.join(sep)} `));
// Not `xn--…`: a punycode label that does not decode (`xn--0`) makes the URL invalid, and it is rejected.
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/u).filter((l) => !l.startsWith('xn--'));
const url = fc
  .tuple(
    fc.array(label, { minLength: 1, maxLength: 2 }),
    fc.constantFrom('com', 'co.uk', 'de', 'pl'),
    fc.array(label, { maxLength: 3 }),
  )
  .map(([h, tld, p]) => `https://${h.join('.')}.${tld}/${p.join('/')}`);
const title = fc.option(fc.string({ unit: 'grapheme', maxLength: 30 }), { nil: null });

interface Snapshot {
  market: string;
  date: string;
  keyword: string;
  results: { position: number; url: string; type: string; title: string | null }[];
  sv: number | null;
}

const snapshot: fc.Arbitrary<Snapshot> = fc.record({
  market,
  date: day,
  keyword: rawKeyword,
  sv: fc.option(fc.nat({ max: 5_000_000 }), { nil: null }),
  results: fc.uniqueArray(
    fc.record({
      position: fc.integer({ min: 1, max: MAX_POSITION }),
      url,
      type: fc.constantFrom(...RESULT_TYPES),
      title,
    }),
    { minLength: 1, maxLength: 6, selector: (r) => r.position },
  ),
});
const snapshots = fc.uniqueArray(snapshot, {
  minLength: 1,
  maxLength: 8,
  selector: (s) => `${s.market}|${normaliseKeyword(s.keyword)}|${s.date}`,
});

function serpRows(snaps: Snapshot[]): string[][] {
  return snaps.flatMap((s) =>
    s.results.map((r) => [
      s.date,
      s.market,
      s.keyword,
      String(r.position),
      r.url,
      r.type,
      s.sv === null ? '' : String(s.sv),
      r.title ?? '',
    ]),
  );
}

function expected(snaps: Snapshot[]): Partial<SerpResultRecord>[] {
  return snaps.flatMap((s) =>
    s.results.map((r) => ({
      date: s.date,
      market: s.market,
      keyword: normaliseKeyword(s.keyword),
      position: r.position,
      resultType: r.type as SerpResultRecord['resultType'],
      url: r.url,
      title: r.title === null || r.title.trim() === '' ? null : r.title.trim(),
      sv: s.sv,
    })),
  );
}

const strip = (records: SerpResultRecord[]) =>
  records.map(({ date, market, keyword, position, resultType, url, title, sv }) => ({
    date,
    market,
    keyword,
    position,
    resultType,
    url,
    title,
    sv,
  }));

const HEADER = ['date', 'market', 'keyword', 'position', 'url', 'result_type', 'search_volume', 'title'];

describe('round trips through a CSV writer', () => {
  it('generic SERP CSV: rows come back as their records; quoting everything changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(snapshots, fc.constantFrom(',', ';', '\t'), async (snaps, delimiter) => {
        const rows = serpRows(snaps);
        const plain = await parseText('p.csv', stringify([HEADER, ...rows], { delimiter }));
        const quoted = await parseText('q.csv', stringify([HEADER, ...rows], { delimiter, quoted: true }), {
          format: 'serp-csv',
        });
        expect(plain.rejects).toEqual([]);
        expect(strip(byKind(plain, 'serp'))).toEqual(expected(snaps));
        expect(quoted.records).toEqual(plain.records);
      }),
      { numRuns: 150 },
    );
  });

  it('keyword lists: keyword and volume, grouped or not, with , ; or tab', async () => {
    const entry = fc.record({
      keyword: rawKeyword,
      sv: fc.option(fc.nat({ max: 50_000_000 }), { nil: null }),
      grouped: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(entry, { minLength: 1, maxLength: 20, selector: (e) => normaliseKeyword(e.keyword) }),
        fc.constantFrom(',', ';', '\t'),
        async (entries, delimiter) => {
          const rows = entries.map((e) => [
            e.keyword,
            e.sv === null ? '' : e.grouped ? e.sv.toLocaleString('en-GB') : String(e.sv),
            '0.5',
          ]);
          const p = await parseText(
            'k.csv',
            stringify([['Keyword', 'Search Volume', 'CPC'], ...rows], { delimiter }),
            { market: 'gb-en' },
          );
          expect(p.rejects).toEqual([]);
          expect(byKind(p, 'keyword').map((k) => [k.keyword, k.sv])).toEqual(
            entries.map((e) => [normaliseKeyword(e.keyword), e.sv]),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('wide rank sheets: every cell comes back as a rank, a "not ranked" or nothing', async () => {
    const cellValue = fc.option(fc.integer({ min: 0, max: MAX_POSITION }), { nil: null });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(day, { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(rawKeyword, { minLength: 1, maxLength: 10, selector: normaliseKeyword }),
        fc.infiniteStream(cellValue),
        async (dates, keywords, cells) => {
          const it = cells[Symbol.iterator]();
          const grid = keywords.map(() => dates.map(() => it.next().value as number | null));
          const header = ['Keyword', ...dates.map((d) => `${d} Desktop`)];
          const rows = keywords.map((k, i) => [k, ...grid[i]!.map((v) => (v === null ? '' : String(v)))]);
          const p = await parseText('s.csv', stringify([header, ...rows]), {
            market: 'us-en',
            format: 'rank-sheet',
          });
          expect(p.rejects).toEqual([]);
          const want = keywords.flatMap((k, i) =>
            dates.flatMap((d, j) => {
              const v = grid[i]![j]!;
              return v === null ? [] : [[normaliseKeyword(k), d, v === 0 ? null : v]];
            }),
          );
          expect(byKind(p, 'rank').map((r) => [r.keyword, r.date, r.position])).toEqual(want);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('Search Console API rows and export tables: counts, CTR and position come back', async () => {
    const row = fc.record({
      date: day,
      query: rawKeyword,
      page: url,
      clicks: fc.nat({ max: 10_000 }),
      extra: fc.nat({ max: 100_000 }),
      position: fc.integer({ min: 100, max: 10_000 }).map((p) => p / 100),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 15 }), async (rows) => {
        const lines = rows.map((r) => {
          const impressions = r.clicks + r.extra;
          const ctr = impressions === 0 ? 0 : r.clicks / impressions;
          return [
            r.date,
            r.page,
            r.query,
            String(r.clicks),
            String(impressions),
            String(ctr),
            String(r.position),
          ];
        });
        const api = await parseText(
          'rows.csv',
          stringify([['Date', 'Page', 'Query', 'Clicks', 'Impressions', 'CTR', 'Position'], ...lines]),
        );
        expect(api.rejects).toEqual([]);
        expect(
          byKind(api, 'gsc').map((g) => [
            g.date,
            g.page,
            g.query,
            g.clicks,
            g.impressions,
            g.ctr,
            g.position,
          ]),
        ).toEqual(
          lines.map((l, i) => [
            l[0],
            l[1],
            normaliseKeyword(rows[i]!.query),
            Number(l[3]),
            Number(l[4]),
            Number(l[5]),
            Number(l[6]),
          ]),
        );
        const table = rows.map((r) => [
          r.query,
          String(r.clicks),
          String(r.clicks + r.extra),
          '12.5%',
          String(r.position),
        ]);
        const exp = await parseText(
          'Queries.csv',
          stringify([['Top queries', 'Clicks', 'Impressions', 'CTR', 'Position'], ...table]),
        );
        expect(exp.rejects).toEqual([]);
        expect(byKind(exp, 'gsc').map((g) => [g.query, g.ctr])).toEqual(
          rows.map((r) => [normaliseKeyword(r.query), 0.125]),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('SerpBear: its own ", "-joined export comes back as rank observations', async () => {
    const obs = fc.record({
      keyword: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      position: fc.integer({ min: 0, max: 100 }),
      url,
      date: day,
      mobile: fc.boolean(),
      tags: fc.array(word, { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(obs, { minLength: 1, maxLength: 10 }), async (list) => {
        const body = list
          .map(
            (o, i) =>
              `${i}, ${o.keyword}, ${o.position === 0 ? '-' : o.position}, ${o.position === 0 ? '-' : o.url}, United States, ${o.mobile ? 'mobile' : 'desktop'}, ${o.date}T12:00:00.000Z, 2015-01-01T00:00:00.000Z, ${o.tags.join(',')}`,
          )
          .join('\r\n');
        const p = await parseText(
          'sb.csv',
          `ID,Keyword,Position,URL,Country,Device,Updated,Added,Tags\r\n${body}\r\n`,
          { market: 'us-en' },
        );
        expect(p.rejects).toEqual([]);
        expect(
          byKind(p, 'rank').map((r) => [r.keyword, r.position, r.url, r.date, r.market, r.tags]),
        ).toEqual(
          list.map((o) => [
            normaliseKeyword(o.keyword),
            o.position === 0 ? null : o.position,
            o.position === 0 ? null : o.url,
            o.date,
            o.mobile ? 'us-en-mobile' : 'us-en',
            o.tags,
          ]),
        );
      }),
      { numRuns: 100 },
    );
  });
});

describe('SERP API responses', () => {
  it('positions are distinct, 1–100, and follow the page order of the blocks', async () => {
    const link = fc.option(url, { nil: undefined });
    const doc = fc.record({
      answer_box: fc.option(fc.record({ link }), { nil: undefined }),
      local_results: fc.array(fc.record({ title: fc.constant('p'), website: link }), { maxLength: 4 }),
      related_questions: fc.array(fc.record({ question: fc.constant('q'), link }), { maxLength: 4 }),
      inline_videos: fc.array(fc.record({ link }), { maxLength: 4 }),
      organic_results: fc.array(fc.record({ link: url }), { maxLength: 110 }),
    });
    await fc.assert(
      fc.asyncProperty(doc, async (d) => {
        const response = {
          search_metadata: { status: 'Success', created_at: '2026-01-01 00:00:00 UTC' },
          search_parameters: { engine: 'google', q: 'x', gl: 'us', hl: 'en' },
          ...d,
          organic_results: d.organic_results.map((o, i) => ({ ...o, position: i + 1 })),
        };
        const p = await parseText('r.json', JSON.stringify(response));
        expect(p.rejects).toEqual([]);
        const positions = byKind(p, 'serp').map((r) => r.position);
        expect(
          positions.every((x, i) => x >= 1 && x <= MAX_POSITION && (i === 0 || x > positions[i - 1]!)),
        ).toBe(true);
        const order = ['featured_snippet', 'local_pack', 'people_also_ask', 'video', 'organic'];
        const types = byKind(p, 'serp').map((r) => order.indexOf(r.resultType));
        expect(types).toEqual([...types].sort((a, b) => a - b));
      }),
      { numRuns: 150 },
    );
  });
});

describe('DataForSEO and ValueSERP positions', () => {
  it('DataForSEO: the rank_absolute order without ads, numbered from 1', async () => {
    const item = fc.record({
      type: fc.constantFrom('organic', 'paid', 'featured_snippet', 'local_pack'),
      url,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 60 }), async (items) => {
        const shuffled = items.map((it, i) => ({ ...it, rank_absolute: i + 1 })).reverse();
        const doc = {
          tasks: [
            {
              status_code: 20000,
              data: { device: 'mobile' },
              result: [
                {
                  keyword: 'k',
                  language_code: 'de',
                  check_url: 'https://www.google.de/search?q=k&gl=DE&hl=de',
                  datetime: '2026-01-01 00:00:00 +00:00',
                  items: shuffled,
                },
              ],
            },
          ],
        };
        const p = await parseText('d.json', JSON.stringify(doc));
        const want = items.filter((it) => it.type !== 'paid').map((it, i) => [i + 1, it.url]);
        expect(byKind(p, 'serp').map((r) => [r.position, r.url])).toEqual(want);
        expect(byKind(p, 'serp').every((r) => r.market === 'de-de-mobile')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('ValueSERP: with one result per block, the position is the block position', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 30 }),
        async (blocks) => {
          const doc = {
            search_metadata: { created_at: '2026-01-01T00:00:00Z' },
            search_parameters: { q: 'k', gl: 'fr', hl: 'fr' },
            organic_results: blocks.map((b) => ({ block_position: b, link: `https://b${b}.fr/` })),
          };
          const p = await parseText('v.json', JSON.stringify({ status: 'success', data: doc }));
          expect(byKind(p, 'serp').map((r) => [r.position, r.host])).toEqual(
            [...blocks].sort((a, b) => a - b).map((b) => [b, `b${b}.fr`]),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keyword JSON lists: every object comes back as its keyword and volume', async () => {
    const entry = fc.record({
      keyword: rawKeyword,
      avg_monthly_searches: fc.option(fc.nat({ max: 1_000_000 }), { nil: null }),
      group: word,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(entry, { minLength: 1, maxLength: 30, selector: (e) => normaliseKeyword(e.keyword) }),
        async (list) => {
          const p = await parseText('k.json', JSON.stringify(list), { market: 'gb-en' });
          expect(p.rejects).toEqual([]);
          expect(byKind(p, 'keyword').map((k) => [k.keyword, k.sv, k.groups])).toEqual(
            list.map((e) => [normaliseKeyword(e.keyword), e.avg_monthly_searches, [e.group]]),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('bad input never throws', () => {
  const formats = Object.keys(FORMATS) as FormatId[];

  it('arbitrary bytes, for every format: rejects only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom(...formats),
        async (bytes, format) => {
          const p = await parseText('junk', bytes, { format, market: 'gb-en', maxLineLength: 100 });
          for (const r of p.rejects) {
            expect(r.file.startsWith('junk')).toBe(true);
            expect(r.reason.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('arbitrary text in CSV shape and arbitrary JSON, for every format: rejects only', async () => {
    const csvish = fc
      .array(
        fc.array(
          fc.string({
            unit: fc.constantFrom('a', '1', ',', ';', '"', '\n', '\r', ' ', '-', '.', '%', 'é', '0'),
          }),
          { maxLength: 6 },
        ),
        { maxLength: 6 },
      )
      .map((rows) => rows.map((r) => r.join(',')).join('\n'));
    const json = fc.jsonValue().map((v) => JSON.stringify(v));
    await fc.assert(
      fc.asyncProperty(fc.oneof(csvish, json), fc.constantFrom(...formats), async (text, format) => {
        const p = await parseText('t', text, { format, market: 'us-en' });
        for (const r of p.records) if (r.kind === 'serp') expect(r.position).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 400 },
    );
  });

  it('detection on arbitrary bytes gives a format or an explanation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const p = await parseText('x.bin', bytes, { market: 'gb-en' });
        expect(p.rejects.every((r) => r.reason !== '')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

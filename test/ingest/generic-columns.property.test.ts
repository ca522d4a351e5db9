// The bulk path of the generic SERP CSV against the general one: for any generated file mixing valid rows
// with every kind of bad cell (dates, markets, keywords, positions, URLs, result types, volumes, titles,
// field counts, quoting, blank lines, CRLF), parsing into the column sink gives exactly the records, rejects
// (with the same lines and messages), warnings and row counts as parsing into records; and the import
// stager stages the same keywords, URLs (with titles), SERP rows and writer rejects from either.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SerpColumnSink } from '@ingest/formats/generic-columns';
import { UrlNormaliser, parseSource, sourceFromBytes } from '@ingest/formats/index';
import { ImportStager } from '@ingest/pipeline/stager';
import type { SerpResultRecord } from '@ingest/records';
import type {
  RankImport,
  SearchConsoleRowInput,
  StagedRankRow,
  StagedSerpRows,
  StagedUrl,
} from '@storage/rank-store';
import { NOW } from './helpers';

const COLUMNS = ['date', 'market', 'keyword', 'position', 'url', 'result_type', 'search_volume', 'title'];

/** Per column: cells that pass (drawn 4 times in 5), and cells that are rejected or need care. */
const CELLS: Record<string, [good: string[], odd: fc.Arbitrary<string>]> = {
  date: [
    ['2026-01-05', '2026-01-12', ' 2026-01-12'],
    fc.constantFrom('2026-02-30', '2027-01-01', '05/01/2026', '1999-12-31', ''),
  ],
  market: [['gb-en', 'us-en-mobile', 'GB-EN', ' de-de '], fc.constantFrom('uk-en', 'xx', '')],
  keyword: [
    ['roof tiles', 'Roof  Tiles', ' flat ', 'ridge, hip', 'say "slate"', 'ünïcode'],
    fc.oneof(fc.constantFrom('', '   '), fc.string({ maxLength: 12 })),
  ],
  position: [
    ['1', '2', '3', '10', '100', '05', ' 7'],
    fc.constantFrom('0', '101', 'x', '', '1.0', '4294967297'),
  ],
  url: [
    [
      'https://www.alpha.co.uk/a',
      'http://Beta.COM/b?q=1',
      'shop.gamma.org/x',
      'https://delta.de',
      ' https://alpha.co.uk/pad ',
      'https://alpha.co.uk/pad',
      'https://alpha.co.uk/pad#:~:text=tile',
    ],
    fc.constantFrom(
      '/no/host',
      'mailto:a@b.c',
      'https://a b.com/',
      'https://xn--bcher-kva.de/',
      'https://10.0.0.1/x',
      '',
    ),
  ],
  result_type: [['organic', '', 'News', 'video', ' featured_snippet '], fc.constantFrom('banner', 'ad')],
  search_volume: [['', '0', '100', ' 20 ', '12345678901'], fc.constantFrom('1,000', '1 000', 'abc', '-5')],
  title: [
    ['', 'Title A', 'Title B', '  padded\u00a0', '\u3000wide\u3000', 'with, comma', 'a "quote"'],
    fc.string({ maxLength: 10 }),
  ],
};

const cellOf = Object.fromEntries(
  Object.entries(CELLS).map(([name, [good, odd]]) => [
    name,
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: odd }),
  ]),
) as Record<string, fc.Arbitrary<string>>;

function quote(cell: string): string {
  return /[",\r\n]/u.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** A header (the required columns in any order, optional ones maybe) and raw lines below it. */
const file = fc
  .record({
    columns: fc
      .subarray(COLUMNS.slice(5), { minLength: 0 })
      .chain((opt) => fc.shuffledSubarray([...COLUMNS.slice(0, 5), ...opt], { minLength: 5 + opt.length })),
    rows: fc.array(
      fc.record({
        cells: fc.record(cellOf),
        shape: fc.oneof(
          { weight: 12, arbitrary: fc.constant('plain') },
          { weight: 1, arbitrary: fc.constantFrom('extra', 'extra-empty', 'short', 'blank', 'open-quote') },
        ),
      }),
      { minLength: 1, maxLength: 25 },
    ),
    crlf: fc.boolean(),
  })
  .map(({ columns, rows, crlf }) => {
    const lines = [columns.join(',')];
    for (const r of rows) {
      const cells = columns.map((c) => quote(r.cells[c as keyof typeof r.cells]!));
      if (r.shape === 'blank') lines.push('');
      else if (r.shape === 'extra') lines.push(`${cells.join(',')},surplus`);
      else if (r.shape === 'extra-empty') lines.push(`${cells.join(',')},,`);
      else if (r.shape === 'short') lines.push(cells.slice(0, 3).join(','));
      else if (r.shape === 'open-quote') lines.push(`${cells.join(',')},"never closed`);
      else lines.push(cells.join(','));
    }
    return lines.join(crlf ? '\r\n' : '\n') + (crlf ? '\r\n' : '\n');
  });

async function viaRecords(text: string) {
  const out = {
    records: [] as SerpResultRecord[],
    rejects: [] as unknown[],
    warnings: [] as unknown[],
    rows: 0,
  };
  for await (const b of parseSource(sourceFromBytes('f.csv', Buffer.from(text)), {
    now: NOW,
    format: 'serp-csv',
  })) {
    out.records.push(...(b.records as SerpResultRecord[]));
    out.rejects.push(...b.rejects);
    out.warnings.push(...b.warnings);
    out.rows = b.rowsRead;
  }
  return out;
}

async function viaColumns(text: string) {
  const urls = new UrlNormaliser();
  const sink = new SerpColumnSink(urls);
  const out = {
    records: [] as SerpResultRecord[],
    rejects: [] as unknown[],
    warnings: [] as unknown[],
    rows: 0,
  };
  const source = sourceFromBytes('f.csv', Buffer.from(text));
  for await (const b of parseSource(source, { now: NOW, format: 'serp-csv', urls, serpRows: sink })) {
    expect(b.records).toEqual([]);
    out.records.push(...sink.toRecords(sink.drain()));
    out.rejects.push(...b.rejects);
    out.warnings.push(...b.warnings);
    out.rows = b.rowsRead;
  }
  return { out, sink };
}

/** A RankImport that only records what it is given (the stager's output), to compare two stagings. */
function capture() {
  const got = { urls: [] as StagedUrl[], serp: [] as number[][] };
  const sink: RankImport = {
    addUrls: (u: readonly StagedUrl[]) => (got.urls.push(...u), Promise.resolve()),
    addSerpRows: (r: StagedSerpRows) => {
      for (let i = 0; i < r.count; i++)
        got.serp.push([r.keyword[i]!, r.day[i]!, r.position[i]!, r.resultType[i]!, r.url[i]!, r.part[i]!]);
      return Promise.resolve();
    },
    addRankRows: (_: readonly StagedRankRow[]) => Promise.resolve(),
    addSearchConsoleRows: (_: readonly SearchConsoleRowInput[]) => Promise.resolve(),
    commit: () => Promise.reject(new Error('not committed in this test')),
    abort: () => Promise.resolve(),
  };
  return { got, sink };
}

describe('generic SERP CSV: column sink against records', () => {
  it('gives the same records, rejects, warnings and row counts for any file', async () => {
    let made = 0;
    await fc.assert(
      fc.asyncProperty(file, async (text) => {
        const a = await viaRecords(text);
        const { out: b } = await viaColumns(text);
        expect(b).toEqual(a);
        made += a.records.length;
      }),
      { numRuns: 300 },
    );
    // The generator is not all rejects: most files give records.
    expect(made).toBeGreaterThan(300);
  });

  it('stages the same keywords, URLs, titles, rows and writer rejects from either path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(file, { minLength: 1, maxLength: 3 }), async (texts) => {
        const one = capture();
        const two = capture();
        const byRecords = new ImportStager(one.sink);
        const byColumns = new ImportStager(two.sink);
        const urls = new UrlNormaliser();
        const sink = new SerpColumnSink(urls);
        let accepted = [0, 0];
        for (const [i, text] of texts.entries()) {
          const name = `f${i}.csv`;
          byRecords.startFile(name);
          byColumns.startFile(name);
          for await (const b of parseSource(sourceFromBytes(name, Buffer.from(text)), {
            now: NOW,
            format: 'serp-csv',
          }))
            accepted[0] += await byRecords.add(b.records);
          const source = sourceFromBytes(name, Buffer.from(text));
          for await (const _ of parseSource(source, { now: NOW, format: 'serp-csv', urls, serpRows: sink }))
            accepted[1] += await byColumns.addColumns(sink, sink.drain());
        }
        await byRecords.flush();
        await byColumns.flush();
        expect(accepted[1]).toBe(accepted[0]);
        expect(two.got).toEqual(one.got);
        expect(byColumns.keywords).toEqual(byRecords.keywords);
        expect(byColumns.rejects).toEqual(byRecords.rejects);
        expect(byColumns.counts).toEqual(byRecords.counts);
        expect(byColumns.snapshotCount).toBe(byRecords.snapshotCount);
        accepted = [0, 0];
      }),
      { numRuns: 150 },
    );
  });

  it('stages a URL given by a record file and a generic SERP CSV of one import once, in either order', async () => {
    const csv = 'date,market,keyword,position,url\n2026-01-05,gb-en,flat,1, https://a.example.com/x \n';
    const record = (await viaRecords(csv)).records[0]!;
    for (const recordsFirst of [true, false]) {
      const { got, sink: port } = capture();
      const stager = new ImportStager(port);
      const urls = new UrlNormaliser();
      const sink = new SerpColumnSink(urls);
      const columns = async () => {
        stager.startFile('b.csv');
        const source = sourceFromBytes('b.csv', Buffer.from(csv.replace('2026-01-05', '2026-01-12')));
        for await (const _ of parseSource(source, { now: NOW, format: 'serp-csv', urls, serpRows: sink }))
          await stager.addColumns(sink, sink.drain());
      };
      if (!recordsFirst) await columns();
      stager.startFile('a.csv');
      await stager.add([record]);
      if (recordsFirst) await columns();
      await stager.flush();
      expect(got.urls.map((u) => [u.localId, u.url])).toEqual([[0, 'https://a.example.com/x']]);
      expect(got.serp.map((r) => r[4])).toEqual([0, 0]);
    }
  });
});

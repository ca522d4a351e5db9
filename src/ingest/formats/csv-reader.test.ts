// The CSV record reader: plain and quoted records, line numbers, delimiter sniffing, caps and bad quoting,
// round trips through csv-stringify under any chunking, and arbitrary bytes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { WarningLog } from '../errors';
import { CsvReader, sniffDelimiter, splitQuoted } from './csv-reader';
import { TextReader } from './text';

/** Bytes cut into chunks at the given sizes (cycled), as a stream would deliver them. */
async function* chunks(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let i = 0;
  let k = 0;
  while (i < bytes.length) {
    const n = Math.max(1, sizes[k++ % sizes.length]!);
    yield bytes.subarray(i, i + n);
    i += n;
  }
}

async function read(
  text: string | Uint8Array,
  opts: { delimiter?: string; maxLineLength?: number; sizes?: number[] } = {},
) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const warnings = new WarningLog('t.csv');
  const reader = new TextReader('t.csv', chunks(bytes, opts.sizes ?? [1 << 16]), warnings);
  const csv = new CsvReader(reader, {
    file: 't.csv',
    delimiter: opts.delimiter,
    maxLineLength: opts.maxLineLength,
  });
  const rows: string[][] = [];
  const lines: number[] = [];
  const sink = {
    plain(t: string, start: number, end: number, line: number) {
      rows.push(t.slice(start, end).split(csv.delimiter));
      lines.push(line);
    },
    quoted(cells: string[], line: number) {
      rows.push(cells);
      lines.push(line);
    },
  };
  for await (const _ of csv.run(sink)) continue;
  return { rows, lines, rejects: csv.rejects, warnings: warnings.drain(), delimiter: csv.delimiter };
}

describe('CsvReader', () => {
  it('splits plain lines, handles CRLF, skips blank lines, numbers lines from 1', async () => {
    const r = await read('a,b,c\r\n1,2,3\r\n\r\n,,\n4,5,6');
    expect(r.rows).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
    expect(r.lines).toEqual([1, 2, 5]);
  });

  it('reads quoted cells with delimiters, doubled quotes and line breaks through csv-parse', async () => {
    const r = await read('q,n\n"a, ""b""\nc",1\nplain,2\n');
    expect(r.rows).toEqual([
      ['q', 'n'],
      ['a, "b"\nc', '1'],
      ['plain', '2'],
    ]);
    expect(r.lines).toEqual([1, 2, 4]);
  });

  it('sniffs , ; or tab from the first lines, title lines included', () => {
    expect(sniffDelimiter(['Keyword Stats 2024-01-01', 'Keyword\tCurrency\tAvg. monthly searches'])).toBe(
      '\t',
    );
    expect(sniffDelimiter(['Keyword;Volume;"a,b"'])).toBe(';');
    expect(sniffDelimiter(['one column'])).toBe(',');
  });

  it('rejects a line over the cap without buffering it, then goes on', async () => {
    const long = 'x'.repeat(5000);
    const r = await read(`a,b\n1,2\n${long},3\n4,5\n`, { maxLineLength: 1000, sizes: [700] });
    expect(r.rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['4', '5'],
    ]);
    expect(r.lines).toEqual([1, 2, 4]);
    expect(r.rejects).toEqual([
      { file: 't.csv', line: 3, code: 'line-too-long', reason: 'line is longer than 1,000 characters' },
    ]);
  });

  it('rejects the first line of a quote left open and resumes after it', async () => {
    const r = await read('a,b\n"open,1\n2,3\n4,5\n');
    expect(r.rejects).toEqual([
      {
        file: 't.csv',
        line: 2,
        code: 'malformed-csv',
        reason: 'a quoted field is not closed before the end of the file',
      },
    ]);
    expect(r.rows).toEqual([
      ['a', 'b'],
      ['2', '3'],
      ['4', '5'],
    ]);
  });

  it('rejects a malformed quoted record with csv-parse’s reason', async () => {
    const r = await read('a,b\nx"y"z,1\nok,2\n');
    expect(r.rows).toEqual([
      ['a', 'b'],
      ['ok', '2'],
    ]);
    expect(r.rejects).toHaveLength(1);
    expect(r.rejects[0]).toMatchObject({ line: 2, code: 'malformed-csv' });
    expect(r.rejects[0]!.reason).toMatch(/^malformed CSV: /u);
  });

  it('reads any table written by csv-stringify back unchanged, whatever the chunking', async () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'b', 'é', ' ', ',', ';', '"', '\n', '\r\n', '\t', 'x', '💡'),
      maxLength: 8,
    });
    const row = fc
      .array(cell, { minLength: 3, maxLength: 3 })
      .filter((r) => r.some((c) => /[^\s,;]/u.test(c)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 5 }),
        async (rows, sizes) => {
          const text = stringify(rows, { delimiter: ',' });
          const r = await read(text, { delimiter: ',', sizes });
          expect(r.rejects).toEqual([]);
          expect(r.rows).toEqual(rows);
          // each row starts on the line after the line breaks written before it
          const starts: number[] = [];
          let line = 1;
          for (const rw of rows) {
            starts.push(line);
            line += stringify([rw], { delimiter: ',' }).split('\n').length - 1;
          }
          expect(r.lines).toEqual(starts);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary bytes: everything is rows or rejects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 1, max: 64 }),
        async (bytes, size) => {
          const r = await read(bytes, { maxLineLength: 50, sizes: [size] });
          expect(Array.isArray(r.rows)).toBe(true);
          for (const rej of r.rejects) expect(rej.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits a quoted record by hand exactly as csv-parse does, and leaves it what is not well formed', () => {
    const pieces = ['a', '"', ',', ';', '\n', '\r', ' ', 'é', '""', '"x,y"', '"a\nb"'];
    let byHand = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces)).map((a) => a.join('')),
        fc.constantFrom(',', ';'),
        (text, d) => {
          // The reader only passes records with a quote.
          if (!text.includes('"')) return;
          const cells = splitQuoted(text, d);
          if (cells === null) return;
          byHand++;
          const ref = parse(text, {
            delimiter: d,
            relax_column_count: true,
            skip_empty_lines: true,
            record_delimiter: ['\r\n', '\n'],
          }) as string[][];
          expect(ref).toEqual([cells]);
        },
      ),
      { numRuns: 5000 },
    );
    expect(byHand).toBeGreaterThan(100);
    expect(splitQuoted('a,"b ""c""",', ',')).toEqual(['a', 'b "c"', '']);
    expect(splitQuoted('a,"b"c', ',')).toBeNull();
    expect(splitQuoted('a,b"c', ',')).toBeNull();
  });
});

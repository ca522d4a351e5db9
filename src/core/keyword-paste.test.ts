import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  inBatches,
  KeywordPasteParser,
  parseKeywordLine,
  parseKeywordPaste,
  parseKeywordPasteInChunks,
} from './keyword-paste';

describe('parseKeywordPaste', () => {
  it('reads keyword, volume, tags and group columns, normalising the keyword', () => {
    const r = parseKeywordPaste(
      'Cheap  Flights\t90,500\tbrand, travel\tFlights\nhotels paris\t1200\nrent a car\n\nferry\t\tsea',
    );
    expect(r.errors).toEqual([]);
    expect(r.lines).toBe(4);
    expect(r.keywords).toEqual([
      { keyword: 'cheap flights', searchVolume: 90_500, tags: ['brand', 'travel'], group: 'Flights' },
      { keyword: 'hotels paris', searchVolume: 1200 },
      { keyword: 'rent a car' },
      { keyword: 'ferry', tags: ['sea'] },
    ]);
  });

  it('accepts Windows line ends and thousands grouped with spaces', () => {
    const r = parseKeywordPaste('a\t1 234 567\r\nb\t12\u00a0000\r\n');
    expect(r.keywords).toEqual([
      { keyword: 'a', searchVolume: 1_234_567 },
      { keyword: 'b', searchVolume: 12_000 },
    ]);
  });

  it('reports each bad line with its number and reason, and keeps the others', () => {
    const r = parseKeywordPaste(
      [
        'good one\t10',
        '\t50',
        'mangled\tcze.84',
        'decimal\t1.234',
        'too many\t1\ta\tb\tc',
        `long\t1\t${'x'.repeat(101)}`,
        'negative\t-5',
        'fine\t',
      ].join('\n'),
    );
    expect(r.keywords.map((k) => k.keyword)).toEqual(['good one', 'fine']);
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([
      [2, 'it has no keyword before the first tab'],
      [3, expect.stringContaining('"cze.84" is not a whole number')],
      [4, expect.stringContaining('"1.234" is not a whole number')],
      [5, expect.stringContaining('5 tab-separated columns')],
      [6, expect.stringContaining('longer than 100 characters')],
      [7, expect.stringContaining('"-5" is not a whole number')],
    ]);
    expect(r.errors[1]!.text).toBe('mangled\tcze.84');
  });

  it('counts line numbers over blank lines', () => {
    const r = parseKeywordPaste('\n\nok\n\n\tbad');
    expect(r.errors).toEqual([{ line: 5, text: '\tbad', reason: 'it has no keyword before the first tab' }]);
  });

  it('skips a header line', () => {
    const r = parseKeywordPaste('Keyword\tSearch volume\tTags\nshoes\t100');
    expect(r.header).toBe(true);
    expect(r.keywords).toEqual([{ keyword: 'shoes', searchVolume: 100 }]);
    expect(parseKeywordPaste('keyword\t100').header).toBe(false);
  });

  it('merges a repeated keyword as the server does: tags joined, last volume and group win', () => {
    const r = parseKeywordPaste('Shoes\t10\ta\tG1\nshoes\t\tb\nSHOES\t30\ta\tG2');
    expect(r.duplicates).toBe(2);
    expect(r.keywords).toEqual([{ keyword: 'shoes', searchVolume: 30, tags: ['a', 'b'], group: 'G2' }]);
  });

  it('refuses control characters and over-long keywords', () => {
    expect(parseKeywordLine('a\u202eb')).toEqual({
      ok: false,
      reason: 'the keyword holds control or text-direction characters',
    });
    expect(parseKeywordLine('k'.repeat(501))).toMatchObject({ ok: false });
    expect(
      parseKeywordLine(`k\t1\t${Array.from({ length: 51 }, (_, i) => `t${i}`).join(',')}`),
    ).toMatchObject({
      ok: false,
      reason: 'it has 51 tags: at most 50',
    });
  });

  it('gives the same result however the lines are chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-c ]{0,3}(\t[0-9x]{0,2})?(\t[ab,]{0,3})?$/u), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (lines, size) => {
          const whole = parseKeywordPaste(lines.join('\n'));
          const parser = new KeywordPasteParser();
          inBatches(lines, size).forEach((chunk, i) => parser.feed(chunk, i * size + 1));
          expect(parser.result()).toEqual(whole);
        },
      ),
    );
  });
});

describe('parseKeywordPasteInChunks', () => {
  it('reads 100,000 lines in chunks, reporting progress, and yields between chunks', async () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `keyword ${i}\t${i}\ttag${i % 3}`).join('\n');
    const progress: number[] = [];
    let pauses = 0;
    const r = await parseKeywordPasteInChunks(text, {
      chunkSize: 20_000,
      onProgress: (done) => progress.push(done),
      pause: async () => {
        pauses += 1;
      },
    });
    expect(r?.keywords).toHaveLength(100_000);
    expect(r?.errors).toEqual([]);
    expect(progress).toEqual([20_000, 40_000, 60_000, 80_000, 100_000]);
    expect(pauses).toBe(4);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const r = await parseKeywordPasteInChunks('a\nb\nc', {
      chunkSize: 1,
      signal: controller.signal,
      pause: async () => controller.abort(),
    });
    expect(r).toBeNull();
  });
});

describe('inBatches', () => {
  it('slices without losing or reordering anything', () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBatches([], 3)).toEqual([]);
  });
});

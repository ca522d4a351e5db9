// The generic SERP CSV fast path (the store reads the file itself: pipeline/fast-csv.ts, duckdb/import-csv.ts)
// against the streaming path on real DuckDB stores: for files with every kind of bad row the outcome (counts,
// rejects with their lines, columns and messages, warnings) and the stored keywords and SERPs are the same;
// files the fast path cannot read row-for-line (a line break inside quotes, a stray quote, extra fields)
// are streamed instead, with the same outcome.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openPath, sourceFromStream } from '@ingest/formats/index';
import { runImport } from '@ingest/pipeline/index';
import type { ImportOutcome, ImportRequest } from '@ingest/pipeline/index';
import type { RankStore } from '@storage/rank-store';
import { NOW, tempRankStore, type TempRank } from '../import-fixtures';

let fast: TempRank;
let slow: TempRank;
beforeEach(async () => {
  fast = await tempRankStore();
  slow = await tempRankStore();
});
afterEach(async () => {
  await fast.close();
  await slow.close();
});

/** The store, noting whether an import's stageSerpCsv was asked and staged the file (true) or declined it. */
function watched(rank: RankStore, used: boolean[]): RankStore {
  return {
    ...rank,
    beginImport: async () => {
      const imp = await rank.beginImport();
      return {
        ...imp,
        stageSerpCsv: async (file, rules, cap) => {
          const r = await imp.stageSerpCsv!(file, rules, cap);
          used.push(r !== null);
          return r;
        },
      };
    },
  };
}

type Options = Omit<ImportRequest, 'sources' | 'now'>;

/** The store without the fast path: every file is streamed. */
function streamed(rank: RankStore): RankStore {
  return {
    ...rank,
    beginImport: async () => {
      const { stageSerpCsv: _, ...imp } = await rank.beginImport();
      return imp;
    },
  };
}

/** Imports the file `text` into `fast` (fast path when it can) and into `slow` (streamed). */
async function both(text: string, options: Options = {}): Promise<[ImportOutcome, ImportOutcome, boolean[]]> {
  const path = join(fast.dir, 'serp.csv');
  writeFileSync(path, text);
  const used: boolean[] = [];
  const a = await runImport(watched(fast.rank, used), {
    sources: [await openPath(path)],
    now: NOW,
    ...options,
  });
  const b = await runImport(streamed(slow.rank), { sources: [await openPath(path)], now: NOW, ...options });
  return [a, b, used];
}

const same = (o: ImportOutcome) => ({ ...o, durationMs: 0 });

async function stored(rank: RankStore, markets: string[], dates: string[]) {
  const out: unknown[] = [];
  for (const m of markets) {
    out.push(await rank.readKeywords(m));
    for (const d of dates) out.push(await rank.readSnapshot(m, d));
  }
  return out;
}

const HEADER = 'date,market,keyword,position,url,result_type,search_volume,title,notes';
const ROWS = [
  '2026-01-05,gb-en,Roof Tiles,1,https://www.a.co.uk/x,organic,1200,"Tiles, roofs",n',
  '2026-01-05,gb-en,roof  tiles,2, https://www.a.co.uk/x ,news,,  Padded title  ,',
  '2026-01-05,gb-en,roof tiles,2,https://b.com/,organic,,,', // repeated within the run
  '2026-01-05,gb-en,roof tiles,3,https://b.com/#:~:text=hi,video,"1,300",,',
  '2026-01-05,gb-en,flat roof,1,https://c.org/a?q=1,,2500,,',
  '2026-01-05,gb-en,roof tiles,3,https://d.de/,organic,,,', // repeated later in the file
  '2027-01-04,gb-en,roof tiles,4,https://d.de/,organic,,,',
  '2026-02-30,gb-en,roof tiles,4,https://d.de/,organic,,,',
  '2026-01-05,xx-yy,roof tiles,4,https://d.de/,organic,,,',
  '2026-01-05,,roof tiles,4,https://d.de/,organic,,,',
  '2026-01-05,gb-en,   ,4,https://d.de/,organic,,,',
  '2026-01-05,gb-en,flat roof,0,https://d.de/,organic,,,',
  '2026-01-05,gb-en,flat roof,abc,https://d.de/,organic,,,',
  '2026-01-05,gb-en,flat roof,101,https://d.de/,organic,,,',
  '2026-01-05,gb-en,flat roof,5,/just/a/path,organic,,,',
  '2026-01-05,gb-en,flat roof,6,https://e.com/,banner,,,',
  `2026-01-05,gb-en,flat roof,7,https://e.com/,organic,,${'x'.repeat(2001)},`,
  '2026-01-05,gb-en,flat roof,8,https://e.com/,organic,cze.84,,',
  ',,,,,,,,',
  '2026-01-12,gb-en,flat roof,1,https://e.com/,organic,900',
  '2026-01-12,us-en-mobile,flat roof,2,HTTPS://E.COM/,organic,,',
  '2026-01-12,gb-en,flat roof,2,https://f.com/,organic,1 200,',
  '2026-01-12,gb-en,Flat Roof,9,https://f.com/,organic,,Last title',
];

it('rejects and stores exactly what the streaming path does', async () => {
  const [a, b, used] = await both(`${HEADER}\n${ROWS.join('\n')}\n`);
  expect(used).toEqual([true]);
  expect(a.ok).toBe(true);
  expect(a.rejects.map((r) => r.line)).toEqual([4, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 7]);
  expect(same(a)).toEqual(same(b));
  const markets = ['gb-en', 'us-en-mobile'];
  const dates = ['2026-01-05', '2026-01-12'];
  expect(await stored(fast.rank, markets, dates)).toEqual(await stored(slow.rank, markets, dates));
  expect(await fast.rank.counts()).toEqual(await slow.rank.counts());
});

it('finds a repeated position of 64 or more (the second word of the repeat check) as the streaming path does', async () => {
  const rows = [63, 64, 100, 64, 99, 100].map(
    (p) => `2026-01-05,gb-en,tiles,${p},https://a.com/${p},organic,,`,
  );
  const [a, b, used] = await both(
    `date,market,keyword,position,url,result_type,search_volume,title\n${rows.join('\n')}\n`,
  );
  expect(used).toEqual([true]);
  expect(a.rejects.map((r) => r.line)).toEqual([5, 7]);
  expect(same(a)).toEqual(same(b));
  expect(a.rowsWritten).toBe(4);
});

it('reads clean small columns without their dictionaries (casts, constants) exactly as the streaming path', async () => {
  const header = 'date,market,keyword,position,url,result_type,search_volume,title';
  const clean = [
    '2026-01-05,gb-en,tiles,1,https://a.com/,organic,1200,',
    '2026-01-05,gb-en,tiles,2,https://b.com/,news,1200,',
    '2026-01-12,gb-en,tiles,1,https://b.com/,organic,900,',
    '2026-01-12,gb-en,slate,10,https://c.com/,video,,',
    '2026-01-19,gb-en,slate,3,https://c.com/,organic,1000,',
  ];
  // One file whose volumes SQL casts alike, one where a spreadsheet's "1,300" needs the importer's rule.
  for (const rows of [clean, [...clean, '2026-01-19,gb-en,roof,4,https://d.com/,organic,"1,300",']]) {
    const [a, b, used] = await both(`${header}\n${rows.join('\n')}\n`);
    expect(used).toEqual([true]);
    expect(a.rejects).toEqual([]);
    expect(same(a)).toEqual(same(b));
    const dates = ['2026-01-05', '2026-01-12', '2026-01-19'];
    expect(await stored(fast.rank, ['gb-en'], dates)).toEqual(await stored(slow.rank, ['gb-en'], dates));
  }
});

it('reads a file without a market column with the market option, and CRLF line ends', async () => {
  const text = [
    'date;keyword;position;url',
    '2026-01-05;tiles;1;https://a.com/',
    '2026-01-05;tiles;1;https://b.com/',
  ]
    .join('\r\n')
    .concat('\r\n');
  const [a, b, used] = await both(text, { market: 'de-de' });
  expect(used).toEqual([true]);
  expect(same(a)).toEqual(same(b));
  expect(a.rowsWritten).toBe(1);
  expect(await stored(fast.rank, ['de-de'], ['2026-01-05'])).toEqual(
    await stored(slow.rank, ['de-de'], ['2026-01-05']),
  );
});

it('streams a file read_csv cannot read row for line, with the same outcome', async () => {
  const base = `${HEADER}\n${ROWS[0]}\n`;
  for (const odd of [
    '2026-01-05,gb-en,tiles,2,https://b.com/,organic,,"two\nlines",', // a line break inside quotes
    '2026-01-05,gb-en,til"es,2,https://b.com/,organic,,,', // a quote inside an unquoted value
    '2026-01-05,gb-en,tiles,2,https://b.com/,organic,,,,extra', // more fields than the header
    '\n2026-01-05,gb-en,tiles,2,https://b.com/,organic,,,', // a blank line
  ]) {
    const [a, b, used] = await both(`${base}${odd}\n`);
    expect(used).not.toContain(true);
    expect(same(a)).toEqual(same(b));
  }
});

it('imports a quoted line break from an upload received a byte at a time as it does from the file', async () => {
  for (const eol of ['\n', '\r\n']) {
    const text =
      `${HEADER}\n${ROWS[0]}\n2026-01-05,gb-en,tiles,2,https://b.com/,organic,,"two\nlines",\n`.replaceAll(
        '\n',
        eol,
      );
    const path = join(fast.dir, 'serp.csv');
    writeFileSync(path, text);
    const a = await runImport(fast.rank, { sources: [await openPath(path)], now: NOW });
    const bytes = Buffer.from(text);
    async function* byteByByte() {
      for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
    }
    const upload = sourceFromStream('serp.csv', byteByByte(), bytes.length);
    const b = await runImport(slow.rank, { sources: [upload], now: NOW });
    expect(b.rowsWritten).toBe(2);
    expect({ ...b, durationMs: 0, warnings: [] }).toEqual({ ...a, durationMs: 0, warnings: [] });
    expect(await stored(slow.rank, ['gb-en'], ['2026-01-05'])).toEqual(
      await stored(fast.rank, ['gb-en'], ['2026-01-05']),
    );
  }
});

it('fails a file whose every row is rejected, as the streaming path does', async () => {
  const [a, b, used] = await both(`${HEADER}\n${ROWS[6]}\n${ROWS[7]}\n`);
  expect(used).toEqual([true]);
  expect(a.ok).toBe(false);
  expect(same(a)).toEqual(same(b));
});

it('writes nothing when staging fails after the file was read, and imports it whole afterwards', async () => {
  const path = join(fast.dir, 'serp.csv');
  writeFileSync(path, `${HEADER}\n${ROWS.slice(0, 6).join('\n')}\n`);
  const failing: RankStore = {
    ...fast.rank,
    beginImport: async () => {
      const imp = await fast.rank.beginImport();
      return {
        ...imp,
        stageSerpCsv: async (file, rules, cap) => {
          await imp.stageSerpCsv!(file, rules, cap);
          throw new Error('disk full');
        },
      };
    },
  };
  const out = await runImport(failing, { sources: [await openPath(path)], now: NOW });
  expect(out).toMatchObject({ ok: false, error: 'disk full', rowsWritten: 0 });
  expect(await fast.rank.counts()).toEqual({ keywords: 0, serpResults: 0, snapshotDates: 0, hosts: 0 });
  const again = await runImport(fast.rank, { sources: [await openPath(path)], now: NOW });
  expect(again).toMatchObject({ ok: true, rowsRead: 6, rowsWritten: 4, rowsRejected: 2 });
});

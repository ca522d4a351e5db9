// Properties of the whole import pipeline (file → parse → normalise → validate → one commit) on a real
// DuckDB store: for any generated generic SERP CSV mixing good rows with bad ones, the store afterwards holds
// exactly the good rows (keyword normalised, host and registrable domain derived, positions 1-based), every
// bad row is rejected with its own 1-based file line, and importing the same file again changes nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseKeyword } from '@core/keyword';
import { importPaths, tempRankStore } from './import-fixtures';

/** One way a row can be bad, and the cells that make it so. */
const BAD = {
  future: { date: '2027-01-04' },
  position0: { position: '0' },
  position101: { position: '101' },
  noHost: { url: '/just/a/path' },
  badType: { result_type: 'banner' },
} as const;
type BadKind = keyof typeof BAD;

interface GoodRow {
  kind: 'good';
  date: string;
  keyword: string;
  position: number;
  host: string;
  path: string;
  type: 'organic' | 'news' | 'video';
}
interface BadRow {
  kind: BadKind;
  base: GoodRow;
}
type Row = GoodRow | BadRow;

const DATES = ['2026-01-05', '2026-01-12'];
const HOSTS = ['www.alpha.co.uk', 'beta.com', 'shop.gamma.org', 'delta.de'];
/** Keyword texts with case and spacing the normaliser folds, and characters CSV must quote. */
const KEYWORDS = ['Roof Tiles', 'roof  tiles ', 'ridge, hip', 'say "slate"', 'ünïcode tile', 'flat'];

const goodRow = fc.record({
  kind: fc.constant('good' as const),
  date: fc.constantFrom(...DATES),
  keyword: fc.constantFrom(...KEYWORDS),
  position: fc.integer({ min: 1, max: 100 }),
  host: fc.constantFrom(...HOSTS),
  path: fc.constantFrom('/', '/a', '/a/b?q=1'),
  type: fc.constantFrom('organic' as const, 'news' as const, 'video' as const),
});
const row: fc.Arbitrary<Row> = fc.oneof(
  { weight: 4, arbitrary: goodRow },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom(...(Object.keys(BAD) as BadKind[])),
      base: goodRow,
    }),
  },
);

const quote = (s: string) => (/[",\n]/u.test(s) ? `"${s.replace(/"/gu, '""')}"` : s);

function cells(r: Row): Record<string, string> {
  const g = r.kind === 'good' ? r : r.base;
  const base: Record<string, string> = {
    date: g.date,
    market: 'gb-en',
    keyword: g.keyword,
    position: String(g.position),
    url: `https://${g.host}${g.path}`,
    result_type: g.type,
  };
  return r.kind === 'good' ? base : { ...base, ...BAD[r.kind] };
}

const COLUMNS = ['date', 'market', 'keyword', 'position', 'url', 'result_type'];

/**
 * The rows a file keeps: a snapshot is (date, normalised keyword) and holds each position once, so a good row
 * whose position an earlier good row of its snapshot already took is made bad instead (the pipeline rejects
 * repeated positions only within consecutive rows; the test keeps the file free of that case).
 */
function dedupe(rows: Row[]): Row[] {
  const taken = new Set<string>();
  return rows.map((r) => {
    if (r.kind !== 'good') return r;
    const key = `${r.date}|${normaliseKeyword(r.keyword)}|${r.position}`;
    if (!taken.has(key)) {
      taken.add(key);
      return r;
    }
    return { kind: 'position0', base: r };
  });
}

const withGoodRow = fc
  .array(row, { minLength: 1, maxLength: 60 })
  .filter((rows) => rows.some((r) => r.kind === 'good'));

describe('the import pipeline over generated files', () => {
  // A hundred generated files, each imported into a store of its own: 23–25 s alone on an idle 2-core
  // machine, over 60 s (vitest's default limit here) while CI runs the other integration files beside it.
  it(
    'stores exactly the good rows, rejects each bad row on its own line, and re-imports idempotently',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        // A file of bad rows only fails as a whole ("nothing could be imported"), which the bad-input tests cover;
        // the first good row of a file always survives dedupe, so one good row is enough here.
        fc.asyncProperty(withGoodRow, async (generated) => {
          const t = await tempRankStore();
          try {
            const rows = dedupe(generated);
            const market = 'gb-en';
            const file = join(t.dir, 'generated.csv');
            const lines = rows.map((r) => COLUMNS.map((c) => quote(cells(r)[c]!)).join(','));
            writeFileSync(file, `${COLUMNS.join(',')}\n${lines.join('\n')}\n`);

            const out = await importPaths(t.rank, [file]);
            const bad = rows.flatMap((r, i) => (r.kind === 'good' ? [] : [i + 2]));
            expect(out.ok).toBe(true);
            expect(out.rowsRead).toBe(rows.length);
            expect(out.rejects.map((x) => x.line)).toEqual(bad);
            expect(out.rejects.every((x) => x.file === file && x.reason.length > 0)).toBe(true);

            const good = rows.filter((r): r is GoodRow => r.kind === 'good');
            const expected = good
              .map((g) => ({
                date: g.date,
                keyword: normaliseKeyword(g.keyword),
                position: g.position,
                resultType: g.type,
                host: g.host,
                url: `https://${g.host}${g.path}`,
              }))
              .sort((a, b) =>
                `${a.date}|${a.keyword}|${a.position}`.localeCompare(`${b.date}|${b.keyword}|${b.position}`),
              );

            const stored = async () => {
              const ids = new Map((await t.rank.readKeywords(market)).map((k) => [k.id, k.text]));
              const all = [];
              for (const date of DATES) {
                for (const r of await t.rank.readSnapshot(market, date)) {
                  all.push({
                    date,
                    keyword: ids.get(r.keywordId)!,
                    position: r.position,
                    resultType: r.resultType,
                    host: r.host,
                    url: r.url,
                  });
                }
              }
              return all.sort((a, b) =>
                `${a.date}|${a.keyword}|${a.position}`.localeCompare(`${b.date}|${b.keyword}|${b.position}`),
              );
            };
            const first = await stored();
            expect(first).toEqual(expected);

            const again = await importPaths(t.rank, [file]);
            expect(again.rejects.length).toBe(bad.length);
            expect(await stored()).toEqual(first);
          } finally {
            await t.close();
          }
        }),
        { numRuns: 20 },
      );
    },
  );
});

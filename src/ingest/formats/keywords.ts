// Keyword lists with search volumes: Google Ads Keyword Planner, Ahrefs and Semrush exports, or any CSV with
// a keyword column and a volume column (`,` `;` or tab, UTF-8 with or without BOM, or UTF-16), and JSON
// lists of objects. Title lines above the header (Keyword Planner) are skipped. Volumes may carry digit
// grouping (`1,200`, `1 200`). Every numeric column is checked, stored or not: a cell a spreadsheet turned
// into a date (`cze.84`) rejects its row with the column named, it is never guessed back into a number.
import type { KeywordRecord, ParseBatch } from '../records';
import { checkKeyword, clip } from '../normalise';
import { checkNumericCell, checkVolume } from './numbers';
import type { FileContext } from './context';
import { countryFromName } from './countries';
import { obj, readJson, str } from './json';
import type { Json } from './json';
import { findColumn, headerKey, readTable } from './table';
import type { RowHandler } from './table';
import type { ByteSource } from './text';

export const KEYWORD_COLUMNS = {
  keyword: ['keyword', 'keywords', 'keyword text', 'query', 'search term', 'phrase', 'term'],
  volume: [
    'volume',
    'search volume',
    'avg monthly searches',
    'average monthly searches',
    'monthly searches',
    'sv',
    'searches',
  ],
  group: ['group', 'ad group', 'keyword group', 'category', 'cluster'],
  tags: ['tags', 'tag', 'labels', 'label'],
  country: ['country', 'database'],
} as const;

/** Columns checked as numbers though not stored: trends, difficulty, CPC, monthly searches … */
const NUMERIC_COLUMN =
  /^(vol|yoy|cpc|kd|keyword difficulty|difficulty|traffic|traffic potential|global volume|competition indexed value|competitive density|competition index|cps|results|number of results|three month change|yoy change|top of page bid|searches|clicks|impressions|ctr|position)\b/u;

type Getter = (column: number) => string | number | null;

interface Layout {
  keyword: number;
  volume: number;
  group: number;
  tags: number;
  country: number;
  numeric: number[];
  names: string[];
}

function layoutOf(names: string[]): Layout | null {
  const keys = names.map(headerKey);
  const keyword = findColumn(keys, KEYWORD_COLUMNS.keyword);
  if (keyword < 0) return null;
  const l: Layout = {
    keyword,
    volume: findColumn(keys, KEYWORD_COLUMNS.volume),
    group: findColumn(keys, KEYWORD_COLUMNS.group),
    tags: findColumn(keys, KEYWORD_COLUMNS.tags),
    country: findColumn(keys, KEYWORD_COLUMNS.country),
    numeric: [],
    names: names.map((n) => n.trim()),
  };
  const used = new Set([l.keyword, l.volume, l.group, l.tags, l.country]);
  keys.forEach((k, i) => {
    if (!used.has(i) && NUMERIC_COLUMN.test(k)) l.numeric.push(i);
  });
  return l;
}

const NO_MARKET = 'keyword lists do not say their market: pass a market (e.g. --market gb-en)';

/** Builds the record of one row, or rejects it. */
class KeywordRows {
  constructor(
    private readonly ctx: FileContext,
    private readonly l: Layout,
    /** `market \0 keyword` seen so far in the file, to report repeats. */
    private readonly seen = new Set<string>(),
  ) {}

  row(get: Getter, line: number | null, pointer?: string): void {
    const { ctx, l } = this;
    const at = (column: number) => ({
      ...(line === null ? {} : { column: column + 1 }),
      field: l.names[column],
      ...(pointer === undefined ? {} : { pointer }),
    });
    const keyword = checkKeyword(String(get(l.keyword) ?? ''));
    if (typeof keyword !== 'string') {
      ctx.reject(line, 'invalid-keyword', keyword.error, at(l.keyword));
      return;
    }
    let sv: number | null = null;
    if (l.volume >= 0) {
      const raw = get(l.volume);
      if (typeof raw === 'number') {
        if (!Number.isSafeInteger(raw) || raw < 0 || raw > 2_147_483_647) {
          ctx.reject(line, 'invalid-number', `search volume ${raw} is not a whole number ≥ 0`, at(l.volume));
          return;
        }
        sv = raw;
      } else {
        const v = checkVolume(raw ?? '');
        if ('error' in v) {
          ctx.reject(line, v.mangled ? 'mangled-number' : 'invalid-number', v.error, at(l.volume));
          return;
        }
        if (v.range)
          ctx.warnings.add(
            'volume-range',
            'volume ranges (e.g. 1K – 10K) were read as unknown volumes',
            line ?? undefined,
          );
        sv = v.sv;
      }
    }
    for (const c of l.numeric) {
      const raw = get(c);
      if (typeof raw === 'number' || raw === null) continue;
      const why = checkNumericCell(raw, l.names[c] ?? 'value');
      if (why !== null) {
        ctx.reject(line, looksMangled(why) ? 'mangled-number' : 'invalid-number', why, at(c));
        return;
      }
    }
    let country: string | null = null;
    if (l.country >= 0) {
      const raw = String(get(l.country) ?? '').trim();
      if (raw !== '') {
        country = countryFromName(raw);
        if (country === null) {
          ctx.reject(
            line,
            'invalid-market',
            `country ${JSON.stringify(clip(raw))} is not a known country`,
            at(l.country),
          );
          return;
        }
      }
    }
    const market = ctx.resolveMarket(country === null ? {} : { country });
    if (typeof market !== 'string') {
      ctx.reject(line, 'missing-market', market.error, at(l.country >= 0 ? l.country : l.keyword));
      return;
    }
    const group = l.group >= 0 ? String(get(l.group) ?? '').trim() : '';
    const tags = l.tags >= 0 ? splitTags(String(get(l.tags) ?? '')) : [];
    const key = `${market}\u0000${keyword}`;
    if (this.seen.has(key)) {
      ctx.warnings.add(
        'duplicate-keyword',
        'keywords listed more than once: the last volume given wins',
        line ?? undefined,
      );
    } else {
      this.seen.add(key);
    }
    const r: KeywordRecord = {
      kind: 'keyword',
      market,
      keyword,
      sv,
      groups: group === '' ? [] : [group],
      tags,
      line,
    };
    ctx.records.push(r);
  }
}

function looksMangled(reason: string): boolean {
  return reason.includes('spreadsheet');
}

export function splitTags(value: string): string[] {
  return value
    .split(/[,;|]/u)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

export function parseKeywordCsv(source: ByteSource, ctx: FileContext) {
  return readTable(source, ctx, {
    expected:
      'a header with a keyword column (Keyword, Query …) and a volume column (Volume, Search Volume, Avg. monthly searches …)',
    headerSearch: 10,
    header: (cells): RowHandler | string | null => {
      const l = layoutOf(cells);
      if (l === null) return null;
      if (ctx.option === null) return NO_MARKET;
      if (l.volume < 0)
        ctx.warnings.add('unknown-columns', 'the file has no volume column: volumes are unknown');
      const rows = new KeywordRows(ctx, l);
      return (cells, line) => rows.row((c) => cells[c] ?? null, line);
    },
  });
}

/** A JSON array of keyword objects (or an object holding one under `keywords`, `data` or `items`). */
export async function* parseKeywordJson(source: ByteSource, ctx: FileContext): AsyncGenerator<ParseBatch> {
  const read = await readJson(source, ctx);
  if ('doc' in read) keywordDocument(ctx, read.doc);
  yield ctx.finish(read.bytes);
}

function keywordDocument(ctx: FileContext, doc: Json): void {
  const holder = obj(doc);
  const list = Array.isArray(doc)
    ? doc
    : (['keywords', 'data', 'items'].map((k) => holder?.[k]).find((v) => Array.isArray(v)) as
        Json[] | undefined);
  if (list === undefined) {
    ctx.reject(null, 'invalid-value', 'expected a JSON array of keyword objects', {
      pointer: '(document)',
      fatal: true,
    });
    return;
  }
  if (ctx.option === null) {
    ctx.reject(null, 'missing-market', NO_MARKET, { pointer: '(document)', fatal: true });
    return;
  }
  const layouts = new Map<string, { l: Layout; rows: KeywordRows; names: string[] } | null>();
  const seen = new Set<string>();
  list.forEach((v, i) => {
    ctx.rowsRead++;
    const o = obj(v);
    const pointer = `[${i}]`;
    if (o === null) {
      const k = str(v ?? null);
      if (k !== null) {
        // A list of bare keyword strings.
        const one = layoutFor(ctx, layouts, ['keyword'], seen);
        one?.rows.row(() => k, null, pointer);
      } else ctx.reject(null, 'invalid-value', 'expected a keyword object', { pointer });
      return;
    }
    const names = Object.keys(o);
    const entry = layoutFor(ctx, layouts, names, seen);
    if (entry === null) {
      ctx.reject(null, 'missing-column', `no keyword field (fields: ${names.join(', ')})`, { pointer });
      return;
    }
    entry.rows.row(
      (c) => {
        const val = o[entry.names[c]!];
        return typeof val === 'number'
          ? val
          : val === undefined || val === null
            ? null
            : (str(val) ?? JSON.stringify(val));
      },
      null,
      pointer,
    );
  });
}

function layoutFor(
  ctx: FileContext,
  cache: Map<string, { l: Layout; rows: KeywordRows; names: string[] } | null>,
  names: string[],
  seen: Set<string>,
) {
  const key = names.join('\u0000');
  let e = cache.get(key);
  if (e === undefined) {
    const l = layoutOf(names);
    e = l === null ? null : { l, rows: new KeywordRows(ctx, l, seen), names };
    cache.set(key, e);
  }
  return e;
}

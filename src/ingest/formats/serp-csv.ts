// The generic SERP CSV (formats/README.md): one row per result, `date, market, keyword, position, url` and
// optional `result_type, search_volume, title`. This is the bulk path (millions of rows), so an unquoted line
// is read in place: fields are located by offset, dates, markets and result types are compared with the
// previous row's text before being checked again, numbers are read digit by digit, and only the keyword, URL
// and title become strings. URLs go through the per-import memo. Quoted records (csv-parse) take the same
// code: their cells are laid end to end in one string with the same offsets. Accepted rows go to a
// SerpRowSink: by default one SerpResultRecord each on the context; the import pipeline passes the
// columnar sink of generic-columns.ts instead, which skips the per-row objects (same checks, same rejects).
import { MAX_POSITION } from '@core/ctr';
import { RESULT_TYPES, isResultType } from '@core/result-types';
import type { ResultType } from '@core/result-types';
import { MAX_TEXT, checkDate, checkKeyword, sameText } from '../normalise';
import { RecordSink } from './generic-sink';
import type { SerpRowSink } from './generic-sink';
import { checkCount, checkPosition } from './numbers';
import type { FileContext } from './context';
import { findColumn, headerKey, readTable } from './table';
import type { FastRowHandler } from './table';
import type { ByteSource } from './text';
import type { SerpCsvColumns } from '@storage/rank/serp-csv-stage';

export type { SerpRowSink } from './generic-sink';

/** Accepted header names per column, in `headerKey` form (case, spaces, `_` and `-` do not matter). */
export const SERP_CSV_COLUMNS = {
  date: ['date'],
  market: ['market'],
  keyword: ['keyword'],
  position: ['position'],
  url: ['url'],
  resultType: ['result type', 'type'],
  searchVolume: ['search volume', 'sv'],
  title: ['title'],
} as const;

const KNOWN = new Set<string>(Object.values(SERP_CSV_COLUMNS).flat());

/** Parses a generic SERP CSV; accepted rows go to `sink` when given, else onto the context as records. */
export function parseSerpCsv(source: ByteSource, ctx: FileContext, sink?: SerpRowSink) {
  return readTable(source, ctx, {
    expected: 'a header with date, market, keyword, position, url',
    header: (cells, line, delimiter) => serpHeader(cells, line, delimiter, ctx, sink ?? new RecordSink(ctx)),
  });
}

function serpHeader(
  cells: string[],
  line: number,
  delimiter: string,
  ctx: FileContext,
  sink: SerpRowSink,
): FastRowHandler | string {
  const c = serpCsvColumns(cells, line, ctx);
  if (typeof c === 'string') return c;
  return new SerpRows(
    ctx,
    sink,
    delimiter,
    cells.length,
    c,
    cells.map((h) => h.trim()),
  );
}

/**
 * Where each column of a generic SERP CSV header is (-1: absent), or why the header is unusable; unknown
 * columns are reported as a warning on the context.
 */
export function serpCsvColumns(cells: string[], line: number, ctx: FileContext): SerpCsvColumns | string {
  const keys = cells.map(headerKey);
  const col = (names: readonly string[]) => findColumn(keys, names);
  const c = {
    date: col(SERP_CSV_COLUMNS.date),
    market: col(SERP_CSV_COLUMNS.market),
    keyword: col(SERP_CSV_COLUMNS.keyword),
    position: col(SERP_CSV_COLUMNS.position),
    url: col(SERP_CSV_COLUMNS.url),
    type: col(SERP_CSV_COLUMNS.resultType),
    sv: col(SERP_CSV_COLUMNS.searchVolume),
    title: col(SERP_CSV_COLUMNS.title),
  };
  const missing = (['date', 'keyword', 'position', 'url'] as const).filter((n) => c[n] < 0) as string[];
  if (c.market < 0 && ctx.option === null) missing.push('market');
  if (missing.length > 0) {
    return (
      `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (the header has ` +
      `${cells.map((h) => h.trim()).join(', ')}; a file without a market column needs the market option)`
    );
  }
  const unknown = cells.filter((_, i) => !KNOWN.has(keys[i]!) && keys[i] !== '').map((h) => h.trim());
  if (unknown.length > 0) {
    const s = unknown.length > 1 ? 's' : '';
    ctx.warnings.add(
      'unknown-columns',
      `column${s} ${unknown.join(', ')} ignored (known: ${[...KNOWN].join(', ')})`,
      line,
    );
  }
  return c;
}

type Columns = SerpCsvColumns;

class SerpRows implements FastRowHandler {
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly fallbackMarket: string | { error: string } | null;
  // The previous row's raw text of repeated columns and what it checked out as.
  private lastDate = '';
  private lastDateOk: string | null = null;
  private lastMarket = '\u0000';
  private lastMarketOk: string | { error: string } = { error: '' };
  private lastKeyword = '\u0000';
  private lastKeywordOk = '';
  private lastType = '';
  private lastTypeOk: ResultType | null = 'organic';
  // Positions used in the current run of rows of one snapshot (market, keyword, date).
  private runMarket = '';
  private runKeyword = '';
  private runDate = '';
  private readonly used = new Uint8Array(MAX_POSITION + 1);
  private readonly usedList: number[] = [];

  constructor(
    private readonly ctx: FileContext,
    private readonly sink: SerpRowSink,
    private readonly delimiter: string,
    private readonly width: number,
    private readonly c: Columns,
    private readonly names: string[],
  ) {
    this.starts = new Int32Array(width);
    this.ends = new Int32Array(width);
    this.fallbackMarket = ctx.option === null ? null : ctx.resolveMarket({});
  }

  readonly cells = (cells: string[], line: number): void => {
    if (this.extraCells(cells.length > this.width ? cells.slice(this.width) : null, line)) return;
    let t = '';
    const n = Math.min(cells.length, this.width);
    for (let i = 0; i < this.width; i++) {
      this.starts[i] = t.length;
      if (i < n) t += cells[i]!;
      this.ends[i] = t.length;
    }
    this.row(t, line);
  };

  plain(text: string, start: number, end: number, line: number): void {
    const d = this.delimiter;
    let p = start;
    const w = this.width;
    for (let i = 0; i < w; i++) {
      this.starts[i] = p;
      let q = p <= end ? text.indexOf(d, p) : -1;
      if (q < 0 || q > end) q = end;
      this.ends[i] = q;
      p = q < end ? q + 1 : end + 1;
    }
    if (p <= end && this.extraCells(text.slice(p, end).split(d), line)) return;
    this.row(text, line);
  }

  private extraCells(extra: string[] | null, line: number): boolean {
    if (extra === null || extra.every((x) => x.trim() === '')) return false;
    const total = this.width + extra.length;
    this.ctx.reject(
      line,
      'field-count',
      `the row has ${total} fields, the header ${this.width}: is there an unquoted delimiter in a value?`,
    );
    return true;
  }

  private reject(
    line: number,
    code: Parameters<FileContext['reject']>[1],
    reason: string,
    column: number,
  ): void {
    this.ctx.reject(line, code, reason, { column: column + 1, field: this.names[column] });
  }

  private row(t: string, line: number): void {
    const { starts, ends, c, ctx } = this;
    // date
    let s = starts[c.date]!;
    let e = ends[c.date]!;
    if (this.lastDateOk === null || e - s !== this.lastDate.length || !sameText(t, s, this.lastDate)) {
      this.lastDate = t.slice(s, e);
      const d = checkDate(this.lastDate, ctx.today);
      if (typeof d !== 'string') {
        this.lastDateOk = null;
        this.reject(line, d.future ? 'future-date' : 'invalid-date', d.error, c.date);
        return;
      }
      this.lastDateOk = d;
    }
    const date = this.lastDateOk;
    // market
    let market: string;
    if (c.market < 0) {
      market = this.marketOption(line);
      if (market === '') return;
    } else {
      s = starts[c.market]!;
      e = ends[c.market]!;
      if (e - s !== this.lastMarket.length || !sameText(t, s, this.lastMarket)) {
        this.lastMarket = t.slice(s, e);
        this.lastMarketOk =
          this.lastMarket.trim() === ''
            ? (this.fallbackMarket ?? { error: 'market is empty and no market option was given' })
            : ctx.markets.check(this.lastMarket);
      }
      const m = this.lastMarketOk;
      if (typeof m !== 'string') {
        this.reject(
          line,
          this.fallbackMarket === null && this.lastMarket.trim() === '' ? 'missing-market' : 'invalid-market',
          m.error,
          c.market,
        );
        return;
      }
      market = m;
    }
    // keyword: rows of one snapshot are usually consecutive, so most rows repeat the previous keyword
    s = starts[c.keyword]!;
    e = ends[c.keyword]!;
    let keyword = this.lastKeywordOk;
    if (e - s !== this.lastKeyword.length || !sameText(t, s, this.lastKeyword)) {
      this.lastKeyword = t.slice(s, e);
      const k = checkKeyword(this.lastKeyword);
      if (typeof k !== 'string') {
        this.lastKeyword = '\u0000';
        this.reject(line, 'invalid-keyword', k.error, c.keyword);
        return;
      }
      keyword = this.lastKeywordOk = k;
    }
    // position
    let position = digits(t, starts[c.position]!, ends[c.position]!);
    if (position < 1 || position > MAX_POSITION) {
      const p = checkPosition(t.slice(starts[c.position]!, ends[c.position]!));
      if (typeof p === 'string') {
        this.reject(line, 'invalid-position', p, c.position);
        return;
      }
      position = p;
    }
    // url
    const badUrl = this.sink.url(t, starts[c.url]!, ends[c.url]!);
    if (badUrl !== null) {
      this.reject(line, 'invalid-url', badUrl, c.url);
      return;
    }
    // result type
    let resultType: ResultType = 'organic';
    if (c.type >= 0) {
      s = starts[c.type]!;
      e = ends[c.type]!;
      if (e - s !== this.lastType.length || !sameText(t, s, this.lastType)) {
        this.lastType = t.slice(s, e);
        const v = this.lastType.trim().toLowerCase();
        this.lastTypeOk = v === '' ? 'organic' : isResultType(v) ? v : null;
      }
      if (this.lastTypeOk === null) {
        const why = `result type ${JSON.stringify(this.lastType.trim())} is not one of ${RESULT_TYPES.join(', ')}`;
        this.reject(line, 'invalid-result-type', why, c.type);
        return;
      }
      resultType = this.lastTypeOk;
    }
    // search volume: blank is "not given"
    let sv: number | null = null;
    if (c.sv >= 0) {
      s = starts[c.sv]!;
      e = ends[c.sv]!;
      if (e > s) {
        sv = digits(t, s, e);
        if (sv < 0) {
          const raw = t.slice(s, e);
          if (raw.trim() === '') sv = null;
          else {
            const n = checkCount(raw, 'search volume');
            if (typeof n === 'string') {
              this.reject(line, 'invalid-number', n, c.sv);
              return;
            }
            sv = n;
          }
        }
      }
    }
    // title: its trimmed range (String.prototype.trim's white space), not yet a string
    let ts = 0;
    let te = 0;
    if (c.title >= 0 && ends[c.title]! > starts[c.title]!) {
      ts = starts[c.title]!;
      te = ends[c.title]!;
      while (ts < te && isTrimmed(t.charCodeAt(ts))) ts++;
      while (te > ts && isTrimmed(t.charCodeAt(te - 1))) te--;
      if (te - ts > MAX_TEXT) {
        this.reject(line, 'invalid-value', `title is longer than ${MAX_TEXT} characters`, c.title);
        return;
      }
    }
    // one result per position in a snapshot, checked within each run of rows of the same snapshot
    if (keyword !== this.runKeyword || date !== this.runDate || market !== this.runMarket) {
      this.runMarket = market;
      this.runKeyword = keyword;
      this.runDate = date;
      for (const p of this.usedList) this.used[p] = 0;
      this.usedList.length = 0;
    } else if (this.used[position] === 1) {
      this.reject(
        line,
        'duplicate-position',
        `position ${position} appears twice for ${keyword} on ${date}`,
        c.position,
      );
      return;
    }
    this.used[position] = 1;
    this.usedList.push(position);
    this.sink.row(date, market, keyword, position, resultType, sv, t, ts, te, line);
  }

  private marketOption(line: number): string {
    const m = this.fallbackMarket;
    if (typeof m === 'string') return m;
    this.ctx.reject(line, 'missing-market', m?.error ?? 'no market column and no market option');
    return '';
  }
}

/** True for a UTF-16 code unit that String.prototype.trim removes (white space and line terminators). */
function isTrimmed(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 5760 ||
    (c >= 8192 && c <= 8202) ||
    c === 8232 ||
    c === 8233 ||
    c === 8239 ||
    c === 8287 ||
    c === 12288 ||
    c === 65279
  );
}

/** The whole number written in `t[s, e)` with digits only; -1 otherwise. */
export function digits(t: string, s: number, e: number): number {
  if (e <= s || e - s > 9) return -1;
  let v = 0;
  for (let i = s; i < e; i++) {
    const d = t.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

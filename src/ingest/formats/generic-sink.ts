// Where the generic SERP CSV parser (serp-csv.ts) puts the rows that pass its checks: the SerpRowSink
// interface, and the default sink that makes one SerpResultRecord per row on the file's context. The bulk
// import path passes the column sink of generic-columns.ts instead.
import type { ResultType } from '@core/result-types';
import type { UrlInfo } from '../normalise';
import type { SerpResultRecord } from '../records';
import type { FileContext } from './context';

/**
 * Where accepted rows go. `url` is called first with the URL cell (`text[start, end)`) and returns the
 * reason when it has no host (the row is then rejected); `row` then gets the rest of a row that passed every
 * check, with the title as the range `text[titleStart, titleEnd)` (already trimmed; empty means none).
 */
export interface SerpRowSink {
  url(text: string, start: number, end: number): string | null;
  row(
    date: string,
    market: string,
    keyword: string,
    position: number,
    resultType: ResultType,
    sv: number | null,
    text: string,
    titleStart: number,
    titleEnd: number,
    line: number,
  ): void;
}

/** The default sink: one SerpResultRecord per row on the context. */
export class RecordSink implements SerpRowSink {
  private info: UrlInfo | null = null;

  constructor(private readonly ctx: FileContext) {}

  url(text: string, start: number, end: number): string | null {
    const u = this.ctx.urls.lookup(text, start, end);
    if (typeof u === 'string') return u;
    this.info = u;
    return null;
  }

  row(
    date: string,
    market: string,
    keyword: string,
    position: number,
    resultType: ResultType,
    sv: number | null,
    text: string,
    titleStart: number,
    titleEnd: number,
    line: number,
  ): void {
    const u = this.info!;
    const r: SerpResultRecord = {
      kind: 'serp',
      date,
      market,
      keyword,
      position,
      resultType,
      url: u.url,
      host: u.host,
      domain: u.domain,
      path: u.path,
      title: titleEnd > titleStart ? text.slice(titleStart, titleEnd) : null,
      sv,
      line,
    };
    this.ctx.records.push(r);
  }
}

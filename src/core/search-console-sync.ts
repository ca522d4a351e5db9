// What a Search Console sync fetches (issue 30 item 1), as pure functions: which days (a 16-month backfill
// first, then the days after the last one stored), in which chunks (each chunk is one all-or-nothing commit,
// so a sync stopped by a quota or a crash resumes after the last whole chunk), which dimensions each search
// type allows, and the CSV the rows are imported as (the API-rows format the importer reads).
import { addDays, subtractMonths } from './date-range';

/** The search types a link may sync, in the API's names. */
export const SEARCH_TYPES = ['web', 'image', 'video', 'news', 'discover'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** How far back Search Console keeps data, and so the first sync's reach (months). */
export const BACKFILL_MONTHS = 16;
/**
 * Days Search Console needs before a day's figures are final: a sync stops this many days before today
 * (UTC), so a stored day is never replaced by different figures later.
 */
export const FINAL_AFTER_DAYS = 3;
/** Days per commit: a month of rows at most, so a failure loses at most a month's fetching. */
export const CHUNK_DAYS = 31;
/** Rows per request: the API's maximum; a day with more is read in pages with startRow. */
export const ROW_LIMIT = 25_000;

/**
 * Dimensions requested per search type, in the order of the CSV columns. Discover reports no queries, so it
 * is read by page.
 */
export function dimensionsOf(type: SearchType): readonly string[] {
  return type === 'discover'
    ? ['date', 'page', 'country', 'device']
    : ['date', 'query', 'page', 'country', 'device'];
}

/** The days a sync fetches: from the day after `syncedThrough` (or 16 months back) to the last final day. */
export function syncWindow(today: string, syncedThrough: string | null): { from: string; to: string } | null {
  const to = addDays(today, -FINAL_AFTER_DAYS);
  const from =
    syncedThrough === null ? addDays(subtractMonths(to, BACKFILL_MONTHS), 1) : addDays(syncedThrough, 1);
  return from > to ? null : { from, to };
}

/** The window cut into consecutive chunks of at most CHUNK_DAYS days, oldest first. */
export function syncChunks(window: { from: string; to: string }): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (let from = window.from; from <= window.to; from = addDays(from, CHUNK_DAYS)) {
    const end = addDays(from, CHUNK_DAYS - 1);
    out.push({ from, to: end < window.to ? end : window.to });
  }
  return out;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const NEEDS_QUOTES = /[",\r\n]/u;

/**
 * One CSV cell for the importer: RFC 4180 quoting only. Unlike export cells (csv.ts) nothing is rounded or
 * prefixed: these are data for the importer, not a spreadsheet.
 */
function cell(value: string | number): string {
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV header of a search type's rows. */
export function csvHeader(type: SearchType): string {
  return `${[...dimensionsOf(type), 'clicks', 'impressions', 'ctr', 'position'].join(',')}\r\n`;
}

/** One API row as a CSV line: its keys (in dimensionsOf order), then clicks, impressions, ctr, position. */
export function csvRow(row: {
  keys: readonly string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}): string {
  return `${[...row.keys, row.clicks, row.impressions, row.ctr, row.position].map(cell).join(',')}\r\n`;
}

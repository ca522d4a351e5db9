// Search Console data: the web-interface export (a folder or zip of Queries.csv, Pages.csv, Countries.csv,
// Devices.csv, Dates.csv or Chart.csv, Search appearance.csv and Filters.csv; one dimension per table, CTR
// written `3.7%`, country names in English) and API rows exported as CSV (several dimension columns such as
// date × page × query, CTR as a fraction, countries as ISO alpha-3). Queries are normalised like keywords.
// A comparison export (two periods side by side) is refused whole: its figures belong to two date ranges.
import type { GscDimension, SearchConsoleFiltersRecord, SearchConsoleRecord } from '../records';
import { checkDate, checkKeyword, clip } from '../normalise';
import { checkCount, checkCtr, checkDecimal } from './numbers';
import type { FileContext } from './context';
import { countryFromName } from './countries';
import { headerKey, readTable } from './table';
import type { RowHandler } from './table';
import type { ByteSource } from './text';

/** First-column headers of the web export's tables, in `headerKey` form. */
const TABLES: Record<string, GscDimension> = {
  'top queries': 'query',
  queries: 'query',
  query: 'query',
  'top pages': 'page',
  pages: 'page',
  page: 'page',
  country: 'country',
  countries: 'country',
  device: 'device',
  devices: 'device',
  date: 'date',
  'search appearance': 'searchAppearance',
};

/** Dimension columns of API rows, in `headerKey` form. */
const API_DIMENSIONS: Record<string, GscDimension> = {
  date: 'date',
  query: 'query',
  queries: 'query',
  page: 'page',
  url: 'page',
  country: 'country',
  device: 'device',
  'search appearance': 'searchAppearance',
  searchappearance: 'searchAppearance',
};

const METRICS = ['clicks', 'impressions', 'ctr', 'position'] as const;

/** File names of the web export, lower case. */
export const GSC_EXPORT_FILES = [
  'queries.csv',
  'pages.csv',
  'countries.csv',
  'devices.csv',
  'dates.csv',
  'chart.csv',
  'search appearance.csv',
  'filters.csv',
];

/** Which kind of Search Console table a header row is, if any. */
export function gscHeaderKind(cells: readonly string[]): 'export' | 'filters' | 'api' | null {
  const keys = cells.map(headerKey);
  if (keys.length === 2 && keys[0] === 'filter' && keys[1] === 'value') return 'filters';
  const metrics = METRICS.every((m) => keys.includes(m));
  if (!metrics) return null;
  const dims = keys.filter((k) => !(METRICS as readonly string[]).includes(k));
  if (dims.length === 1 && keys[0] !== undefined && TABLES[keys[0]] !== undefined && keys[0] !== 'date')
    return 'export';
  if (dims.length >= 1 && dims.every((k) => API_DIMENSIONS[k] !== undefined)) return 'api';
  return null;
}

/** One table of the web export (or Filters.csv). */
export function parseGscExportTable(source: ByteSource, ctx: FileContext) {
  return readTable(source, ctx, {
    delimiter: ',',
    expected: 'a Search Console export table (Top queries,Clicks,Impressions,CTR,Position …) or Filters.csv',
    header: (cells) => {
      const keys = cells.map(headerKey);
      if (keys.length === 2 && keys[0] === 'filter' && keys[1] === 'value') return filterRows(ctx);
      const dimension = TABLES[keys[0] ?? ''];
      if (dimension === undefined)
        return `not a Search Console export table: the first column is ${JSON.stringify(cells[0] ?? '')}`;
      if (keys.some((k) => /\b(previous|last|difference)\b/u.test(k) && k !== keys[0])) {
        return 'this is a comparison export (two periods side by side): export one period at a time';
      }
      return metricRows(ctx, 'export', [dimension], [0], keys);
    },
  });
}

/** API rows exported as CSV. */
export function parseGscApiCsv(source: ByteSource, ctx: FileContext) {
  return readTable(source, ctx, {
    expected:
      'a header with dimension columns (date, page, query, country, device) and clicks, impressions, ctr, position',
    header: (cells) => {
      const keys = cells.map(headerKey);
      const dims: GscDimension[] = [];
      const cols: number[] = [];
      keys.forEach((k, i) => {
        const d = API_DIMENSIONS[k];
        if (d !== undefined && !dims.includes(d)) {
          dims.push(d);
          cols.push(i);
        }
      });
      if (dims.length === 0)
        return `no dimension column (date, page, query, country, device) in ${cells.join(', ')}`;
      return metricRows(ctx, 'api', dims, cols, keys);
    },
  });
}

function filterRows(ctx: FileContext): RowHandler {
  const record: SearchConsoleFiltersRecord = {
    kind: 'gsc-filters',
    searchType: null,
    dateRange: null,
    filters: [],
  };
  ctx.records.push(record);
  return (cells) => {
    const name = (cells[0] ?? '').trim();
    const value = (cells[1] ?? '').trim();
    if (name === '') return;
    record.filters.push({ name, value });
    if (name.toLowerCase() === 'search type') record.searchType = value.toLowerCase();
    if (name.toLowerCase() === 'date') record.dateRange = value;
  };
}

function metricRows(
  ctx: FileContext,
  source: 'export' | 'api',
  dimensions: GscDimension[],
  cols: number[],
  keys: string[],
): RowHandler | string {
  const metric = Object.fromEntries(METRICS.map((m) => [m, keys.indexOf(m)])) as Record<
    (typeof METRICS)[number],
    number
  >;
  const missing = METRICS.filter((m) => metric[m] < 0);
  if (missing.length > 0) return `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
  const frozen = Object.freeze([...dimensions]);
  const names = keys;
  const at = (i: number) => ({ column: i + 1, field: names[i] });
  return (cells, line) => {
    const r: SearchConsoleRecord = {
      kind: 'gsc',
      source,
      dimensions: frozen,
      date: null,
      query: null,
      page: null,
      country: null,
      device: null,
      searchAppearance: null,
      clicks: 0,
      impressions: 0,
      ctr: 0,
      position: 0,
      line,
    };
    for (let k = 0; k < dimensions.length; k++) {
      const i = cols[k]!;
      const raw = (cells[i] ?? '').trim();
      switch (dimensions[k]!) {
        case 'date': {
          const d = checkDate(raw, ctx.today);
          if (typeof d !== 'string')
            return ctx.reject(line, d.future ? 'future-date' : 'invalid-date', d.error, at(i));
          r.date = d;
          break;
        }
        case 'query': {
          const q = checkKeyword(raw);
          if (typeof q !== 'string') return ctx.reject(line, 'invalid-keyword', `query: ${q.error}`, at(i));
          r.query = q;
          break;
        }
        case 'page': {
          const u = ctx.urls.normalise(raw);
          if (typeof u === 'string') return ctx.reject(line, 'invalid-url', u, at(i));
          r.page = u.url;
          break;
        }
        case 'country': {
          const c = countryFromName(raw);
          if (c === null)
            return ctx.reject(
              line,
              'invalid-value',
              `country ${JSON.stringify(clip(raw))} is not a known country`,
              at(i),
            );
          r.country = c;
          break;
        }
        case 'device': {
          const d = raw.toLowerCase();
          if (d !== 'desktop' && d !== 'mobile' && d !== 'tablet') {
            return ctx.reject(
              line,
              'invalid-value',
              `device ${JSON.stringify(clip(raw))} is not desktop, mobile or tablet`,
              at(i),
            );
          }
          r.device = d;
          break;
        }
        case 'searchAppearance':
          if (raw === '') return ctx.reject(line, 'invalid-value', 'search appearance is empty', at(i));
          r.searchAppearance = raw;
          break;
      }
    }
    const clicks = checkCount(cells[metric.clicks] ?? '', 'clicks');
    if (typeof clicks === 'string') return ctx.reject(line, 'invalid-number', clicks, at(metric.clicks));
    const impressions = checkCount(cells[metric.impressions] ?? '', 'impressions');
    if (typeof impressions === 'string')
      return ctx.reject(line, 'invalid-number', impressions, at(metric.impressions));
    const ctr = checkCtr(cells[metric.ctr] ?? '');
    if (typeof ctr === 'string') return ctx.reject(line, 'invalid-number', ctr, at(metric.ctr));
    const position = checkDecimal(cells[metric.position] ?? '', 'position');
    if (typeof position === 'string')
      return ctx.reject(line, 'invalid-number', position, at(metric.position));
    if (position < 0 || (position < 1 && impressions > 0)) {
      return ctx.reject(
        line,
        'invalid-position',
        `average position ${position} is below 1`,
        at(metric.position),
      );
    }
    r.clicks = clicks;
    r.impressions = impressions;
    r.ctr = ctr;
    r.position = position;
    ctx.records.push(r);
  };
}

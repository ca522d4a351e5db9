// SerpBear CSV exports. SerpBear writes its keyword export by hand, without quoting, values joined by
// ", ": `ID,Keyword,Position,URL,Country,[State,City,]Device,Updated,Added,Tags` — position `-` means not
// ranked, URL `-` none, the country is an English name, the tags fill the remaining fields. Each row is one
// rank observation of the domain SerpBear tracks, dated by `Updated`. SerpBear does not export the search
// language: it comes from the `market` option. Its Search Console export
// (`ID,Keyword,Position,Impressions,Clicks,CTR,Country,Device`) is read as Search Console rows.
import type { GscDimension, RankRecord, SearchConsoleRecord } from '../records';
import { MAX_POSITION } from '@core/ctr';
import { checkDate, checkKeyword, clip } from '../normalise';
import { checkCount, checkDecimal, wholeNumber } from './numbers';
import type { FileContext } from './context';
import { countryFromName } from './countries';
import { headerKey, readTable } from './table';
import type { RowHandler } from './table';
import type { ByteSource } from './text';

const RANKS = ['id', 'keyword', 'position', 'url', 'country'];
const SEARCH_CONSOLE = ['id', 'keyword', 'position', 'impressions', 'clicks', 'ctr', 'country', 'device'];

/** True for the header of a SerpBear keyword or Search Console export. */
export function isSerpBearHeader(cells: readonly string[]): boolean {
  const keys = cells.map(headerKey);
  const starts = (p: string[]) => p.every((k, i) => keys[i] === k);
  return (starts(RANKS) && keys.includes('updated') && keys.includes('device')) || starts(SEARCH_CONSOLE);
}

export function parseSerpBear(source: ByteSource, ctx: FileContext) {
  return readTable(source, ctx, {
    delimiter: ',',
    expected: 'the header ID,Keyword,Position,URL,Country,Device,Updated,Added,Tags',
    header: (cells) => {
      const keys = cells.map(headerKey);
      if (SEARCH_CONSOLE.every((k, i) => keys[i] === k)) return searchConsoleRows(ctx);
      if (!RANKS.every((k, i) => keys[i] === k)) return `not a SerpBear export header: ${cells.join(',')}`;
      const col = (k: string) => keys.indexOf(k);
      return rankRows(ctx, {
        device: col('device'),
        updated: col('updated'),
        tags: col('tags'),
        width: cells.length,
      });
    },
  });
}

function countryOf(ctx: FileContext, raw: string, line: number, column: number): string | null {
  const c = countryFromName(raw);
  if (c === null)
    ctx.reject(line, 'invalid-market', `country ${JSON.stringify(clip(raw))} is not a known country`, {
      column,
      field: 'Country',
    });
  return c;
}

function deviceOf(raw: string): 'desktop' | 'mobile' | null {
  const d = raw.toLowerCase();
  return d === 'desktop' || d === 'mobile' ? d : null;
}

function rankRows(
  ctx: FileContext,
  c: { device: number; updated: number; tags: number; width: number },
): RowHandler {
  return (cells, line) => {
    const v = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const keyword = checkKeyword(v(1));
    if (typeof keyword !== 'string') {
      ctx.reject(line, 'invalid-keyword', keyword.error, { column: 2, field: 'Keyword' });
      return;
    }
    const rawPos = v(2);
    let position: number | null = null;
    if (rawPos !== '-' && rawPos !== '0') {
      const n = wholeNumber(rawPos);
      if (Number.isNaN(n) || n < 1 || n > MAX_POSITION) {
        const why = Number.isNaN(n)
          ? `position ${JSON.stringify(clip(rawPos))} is not a whole number or -`
          : `position ${n} is outside 1–${MAX_POSITION}`;
        ctx.reject(line, 'invalid-position', why, { column: 3, field: 'Position' });
        return;
      }
      position = n;
    }
    const rawUrl = v(3);
    let url: RankRecord['url'] = null;
    let host: string | null = null;
    let domain: string | null = null;
    let path: string | null = null;
    if (rawUrl !== '-' && rawUrl !== '') {
      const u = ctx.urls.normalise(rawUrl);
      if (typeof u === 'string') {
        ctx.reject(line, 'invalid-url', u, { column: 4, field: 'URL' });
        return;
      }
      ({ url, host, domain, path } = u);
    }
    const country = countryOf(ctx, v(4), line, 5);
    if (country === null) return;
    const device = deviceOf(v(c.device));
    if (device === null) {
      ctx.reject(
        line,
        'invalid-market',
        `device ${JSON.stringify(clip(v(c.device)))} is not desktop or mobile`,
        { column: c.device + 1, field: 'Device' },
      );
      return;
    }
    const date = updatedDate(v(c.updated), ctx.today);
    if (typeof date !== 'string') {
      ctx.reject(line, date.future ? 'future-date' : 'invalid-date', date.error, {
        column: c.updated + 1,
        field: 'Updated',
      });
      return;
    }
    const market = ctx.resolveMarket({ country, device });
    if (typeof market !== 'string') {
      ctx.reject(line, 'missing-market', market.error, { column: 5, field: 'Country' });
      return;
    }
    // Tags are the rest of the row: SerpBear joins them with commas and does not quote.
    const tags =
      c.tags >= 0
        ? cells
            .slice(c.tags)
            .map((t) => t.trim())
            .filter((t) => t !== '')
        : [];
    const r: RankRecord = {
      kind: 'rank',
      date,
      market,
      keyword,
      position,
      url,
      host,
      domain,
      path,
      tags,
      line,
    };
    ctx.records.push(r);
  };
}

/** The UTC date of SerpBear's `Updated` value (an ISO date-time, or a JavaScript date string). */
function updatedDate(raw: string, today: string): string | { error: string; future: boolean } {
  if (/^\d{4}-\d{2}-\d{2}/u.test(raw)) {
    const t = Date.parse(raw);
    return checkDate(
      Number.isNaN(t) || raw.length === 10 ? raw.slice(0, 10) : new Date(t).toISOString().slice(0, 10),
      today,
    );
  }
  const t = Date.parse(raw);
  if (Number.isNaN(t)) return { error: `updated ${JSON.stringify(clip(raw))} is not a date`, future: false };
  return checkDate(new Date(t).toISOString().slice(0, 10), today);
}

const SC_DIMENSIONS: readonly GscDimension[] = Object.freeze(['query', 'country', 'device']);

function searchConsoleRows(ctx: FileContext): RowHandler {
  return (cells, line) => {
    const v = (i: number) => (cells[i] ?? '').trim();
    const query = checkKeyword(v(1));
    if (typeof query !== 'string') {
      ctx.reject(line, 'invalid-keyword', query.error, { column: 2, field: 'Keyword' });
      return;
    }
    const position = v(2) === '-' ? 0 : checkDecimal(v(2), 'position');
    const impressions = checkCount(v(3), 'impressions');
    const clicks = checkCount(v(4), 'clicks');
    const ctr = checkDecimal(v(5), 'CTR');
    for (const [value, column, field] of [
      [position, 3, 'Position'],
      [impressions, 4, 'Impressions'],
      [clicks, 5, 'Clicks'],
      [ctr, 6, 'CTR'],
    ] as const) {
      if (typeof value === 'string') {
        ctx.reject(line, 'invalid-number', value, { column, field });
        return;
      }
    }
    const country = countryOf(ctx, v(6), line, 7);
    if (country === null) return;
    const device = v(7).toLowerCase();
    const r: SearchConsoleRecord = {
      kind: 'gsc',
      source: 'export',
      dimensions: SC_DIMENSIONS,
      date: null,
      query,
      page: null,
      country,
      device: device === 'desktop' || device === 'mobile' || device === 'tablet' ? device : null,
      searchAppearance: null,
      clicks: clicks as number,
      impressions: impressions as number,
      // SerpBear keeps CTR as a percentage (the API's fraction × 100: 3.7 for 3.7 %).
      ctr: Math.min(1, (ctr as number) / 100),
      position: position as number,
      line,
    };
    ctx.records.push(r);
  };
}

// The bytes a Search Console sync imports: the API's rows for a chunk of days, fetched one day and one page
// of 25,000 rows at a time as the importer reads them, written as the API-rows CSV (csvHeader, csvRow). The
// import's own progress and all-or-nothing commit then apply to a sync as to a file.
import { addDays } from '@core/date-range';
import { csvHeader, csvRow, dimensionsOf, ROW_LIMIT, type SearchType } from '@core/search-console-sync';
import type { SearchConsoleClient } from './google-client';

/**
 * The site the rows are stored under, as an import's target: the host of a URL-prefix property, the domain
 * of a domain property (`sc-domain:example.com`).
 */
export function propertyTarget(siteUrl: string): string {
  return siteUrl.startsWith('sc-domain:') ? siteUrl.slice('sc-domain:'.length) : new URL(siteUrl).host;
}

/** The chunk's rows as CSV bytes; `onDay` runs after each day has been read whole. */
export async function* rowsCsv(
  client: SearchConsoleClient,
  siteUrl: string,
  type: SearchType,
  chunk: { from: string; to: string },
  onDay: () => void,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(csvHeader(type));
  for (let day = chunk.from; day <= chunk.to; day = addDays(day, 1)) {
    for (let startRow = 0; ; startRow += ROW_LIMIT) {
      const rows = await client.query(siteUrl, {
        startDate: day,
        endDate: day,
        dimensions: dimensionsOf(type),
        type,
        rowLimit: ROW_LIMIT,
        startRow,
      });
      if (rows.length > 0) yield encoder.encode(rows.map(csvRow).join(''));
      if (rows.length < ROW_LIMIT) break;
    }
    onDay();
  }
}

// CSV exports of the Search Console screens (issue 30): the same rows, filters and sort as the screen, every
// page up to CSV_ROWS lines, UTF-8 with a byte-order mark; cells escaped by src/core/csv.ts. The rows are
// read before the download starts, so a bad request gets its 4xx instead of a broken file.
import { Readable } from 'node:stream';
import type {
  GscAnalyticsResponse,
  GscKeywordPagesResponse,
  GscPageKeywordsResponse,
  GscStrikingResponse,
} from '@contracts/search-console';
import { CSV_BOM, csvLine } from '@core/csv';
import type { GscDimension } from '@core/search-console/tables';
import type { CsvExport } from '../campaign-visibility/csv';

/** Most lines an export holds (a screen page is at most 1,000 rows; exports read up to this many). */
export const CSV_ROWS = 100_000;

type Cell = string | number | null;
const METRIC_HEADER = ['clicks', 'impressions', 'ctr', 'position'];

function csvOf(filename: string, header: Cell[], lines: Cell[][]): CsvExport {
  const body = [CSV_BOM + csvLine(header), ...lines.map(csvLine)];
  return { filename, stream: Readable.from(body) };
}

const safe = (site: string) => site.replace(/[^A-Za-z0-9.-]+/gu, '_');

export function analyticsCsv(r: GscAnalyticsResponse, dims: readonly GscDimension[]): CsvExport {
  const compare = r.source.previous !== null;
  const header: Cell[] = [...dims, ...METRIC_HEADER];
  if (compare) header.push(...METRIC_HEADER.map((m) => `previous_${m}`));
  const lines = r.rows.map((row) => {
    const cells: Cell[] = [
      ...dims.map((d) => row.keys[d] ?? null),
      row.clicks,
      row.impressions,
      row.ctr,
      row.position,
    ];
    if (compare)
      cells.push(
        row.previous?.clicks ?? 0,
        row.previous?.impressions ?? 0,
        row.previous?.ctr ?? null,
        row.previous?.position ?? null,
      );
    return cells;
  });
  return csvOf(`search-analytics-${safe(r.source.site)}.csv`, header, lines);
}

export function keywordPagesCsv(r: GscKeywordPagesResponse): CsvExport {
  const lines = r.rows.flatMap((q) =>
    q.pages.map((p): Cell[] => [
      q.query,
      p.page,
      p.clicks,
      p.impressions,
      p.ctr,
      p.position,
      p.clickShare,
      q.split ? 'yes' : 'no',
      q.trackedPosition,
    ]),
  );
  return csvOf(
    `keyword-to-page-${safe(r.source.site)}.csv`,
    ['query', 'page', ...METRIC_HEADER, 'click_share', 'split', 'tracked_position'],
    lines,
  );
}

export function pageKeywordsCsv(r: GscPageKeywordsResponse): CsvExport {
  const lines = r.rows.flatMap((p) =>
    p.queries.map((q): Cell[] => [
      p.page,
      q.query,
      q.clicks,
      q.impressions,
      q.ctr,
      q.position,
      p.clicks,
      p.previous?.clicks ?? null,
    ]),
  );
  return csvOf(
    `page-to-keyword-${safe(r.source.site)}.csv`,
    ['page', 'query', ...METRIC_HEADER, 'page_clicks', 'page_previous_clicks'],
    lines,
  );
}

export function strikingCsv(r: GscStrikingResponse): CsvExport {
  const lines = r.rows.map((q): Cell[] => [
    q.query,
    q.clicks,
    q.impressions,
    q.ctr,
    q.position,
    q.potentialClicks,
    q.extraClicks,
  ]);
  return csvOf(
    `striking-distance-${safe(r.source.site)}.csv`,
    ['query', ...METRIC_HEADER, 'potential_clicks', 'extra_clicks'],
    lines,
  );
}

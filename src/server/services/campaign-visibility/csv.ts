// CSV exports of the ranking tables: the same rows, filters and sort as the tables, every page, streamed as
// UTF-8 with a byte-order mark. Text cells that look like formulas are escaped (src/core/csv.ts). Every part
// is read from one snapshot of the store, so an import committing during a download never mixes two states
// in one file. The first part is one table page, read before the stream starts: a bad request still gets its
// 4xx instead of a broken download, and the download starts about as soon as the table would answer.
import { Readable } from 'node:stream';
import type { CvRankingQueryParams } from '@contracts/campaign-visibility';
import { CSV_BOM, csvLine } from '@core/csv';
import { deltas } from '@core/metrics';
import type { CampaignVisibilityReads, CvRankingPage } from '@storage/campaign-visibility-reads';
import { keywordTableQuery, urlItem, urlTableQuery, urlTableTarget } from './ranking';
import type { CvRequest } from './request';

/**
 * Rows of the first part of the keyword export: one page of the screen's table, each row a cell per target.
 * The URL table's rows are one target's, so its first part is longer: most URL exports are one part.
 */
export const FIRST_ROWS = 50;
const FIRST_URL_ROWS = 1_000;

/**
 * Rows of every later part: each query re-stages the keyword set and collects every target's results again,
 * so a part holds the rest of a campaign of usual size in one query (at 5,000 rows a 10,000-keyword export
 * took three) while bounding memory for very large ones.
 */
export const CHUNK_ROWS = 20_000;

export interface CsvExport {
  filename: string;
  stream: Readable;
}

type Cell = string | number | null;

/** Reads `limit` rows of the table from `offset` through `reads`. */
type Load<R> = (reads: CampaignVisibilityReads, offset: number, limit: number) => Promise<CvRankingPage<R>>;

async function exportOf<R>(
  req: CvRequest,
  header: Cell[],
  firstRows: number,
  load: Load<R>,
  line: (row: R) => Cell[],
  filename: string,
): Promise<CsvExport> {
  const snap = await req.reads.snapshot();
  let first: CvRankingPage<R>;
  try {
    first = await load(snap.reads, 0, firstRows);
  } catch (error) {
    await snap.close();
    throw error;
  }
  async function* lines(): AsyncGenerator<string> {
    try {
      yield CSV_BOM + csvLine(header);
      let page = first;
      let offset = 0;
      let limit = firstRows;
      for (;;) {
        yield page.rows.map((r) => csvLine(line(r))).join('');
        offset += page.rows.length;
        if (page.rows.length < limit) return;
        limit = CHUNK_ROWS;
        page = await load(snap.reads, offset, limit);
      }
    } finally {
      await snap.close();
    }
  }
  const stream = Readable.from(lines());
  // A download dropped before its first read never enters the generator, so its finally would not run.
  // Closing twice is harmless; a failed close leaves only a connection that closing the store ends.
  stream.once('close', () => {
    snap.close().catch(() => undefined);
  });
  return { filename, stream };
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/gu, '-');

export function keywordsCsv(req: CvRequest, params: CvRankingQueryParams): Promise<CsvExport> {
  const targets = req.targets.map((t) => t.target);
  const header: Cell[] = ['Keyword', 'Search volume', 'Tags', 'Groups'];
  for (const t of req.targets) {
    const name = t.ref.label === t.ref.key ? t.ref.key : `${t.ref.label} (${t.ref.key})`;
    header.push(
      `${name} position`,
      `${name} position change`,
      `${name} URL`,
      `${name} visibility score`,
      `${name} visibility score change`,
      `${name} visibility score change %`,
    );
  }
  return exportOf(
    req,
    header,
    FIRST_ROWS,
    (reads, offset, limit) =>
      reads.rankingKeywords(req.scope, targets, keywordTableQuery(req, params, { offset, limit })),
    (row) => {
      // The table's cells (keywordItem) without building the JSON item: an export has ~10⁵ target cells.
      const cells: Cell[] = [row.keyword, row.searchVolume, row.tags.join('; '), row.groups.join('; ')];
      for (const c of row.targets) {
        const vs = deltas(c.visibilityScoreStart, c.visibilityScore);
        cells.push(
          c.position,
          c.position === null || c.positionStart === null ? null : deltas(c.positionStart, c.position).delta,
          c.url,
          c.visibilityScore,
          vs.delta,
          vs.percentageDelta,
        );
      }
      return cells;
    },
    `campaign-${req.campaign.id}-keywords-${req.date}.csv`,
  );
}

export function urlsCsv(req: CvRequest, params: CvRankingQueryParams): Promise<CsvExport> {
  const target = urlTableTarget(req);
  return exportOf(
    req,
    [
      'URL',
      'Keywords',
      'Keywords change',
      'Visibility score',
      'Visibility score change',
      'Visibility score change %',
      'Best position',
      'Search volume',
    ],
    FIRST_URL_ROWS,
    (reads, offset, limit) =>
      reads.rankingUrls(req.scope, target.target, urlTableQuery(req, params, { offset, limit })),
    (row) => {
      const item = urlItem(row);
      return [
        item.url,
        item.keywords,
        item.keywordsDeltas.delta,
        item.visibilityScore,
        item.visibilityScoreDeltas.delta,
        item.visibilityScoreDeltas.percentageDelta,
        item.bestPosition,
        item.searchVolume,
      ];
    },
    `campaign-${req.campaign.id}-urls-${safeName(target.ref.key)}-${req.date}.csv`,
  );
}

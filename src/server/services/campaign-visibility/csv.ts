// CSV exports of the ranking tables: the same rows, filters and sort as the tables, every page, streamed as
// UTF-8 with a byte-order mark. Text cells that look like formulas are escaped (src/core/csv.ts). The first
// page is read before the stream starts, so a bad request still gets its 4xx instead of a broken download.
import { Readable } from 'node:stream';
import type { CvRankingQueryParams } from '@contracts/campaign-visibility';
import { CSV_BOM, csvLine } from '@core/csv';
import { deltas } from '@core/metrics';
import type { CvRankingPage } from '@storage/campaign-visibility-reads';
import { keywordTableQuery, urlItem, urlTableQuery, urlTableTarget } from './ranking';
import type { CvRequest } from './request';

/**
 * Rows read per store query while streaming: each query re-stages the keyword set and collects every
 * target's results again, so a chunk holds a whole campaign of usual size in one query (at 5,000 rows a
 * 10,000-keyword export took three) while bounding memory for very large ones.
 */
export const CHUNK_ROWS = 20_000;

export interface CsvExport {
  filename: string;
  stream: Readable;
}

type Cell = string | number | null;

async function exportOf<R>(
  header: Cell[],
  load: (offset: number) => Promise<CvRankingPage<R>>,
  line: (row: R) => Cell[],
  filename: string,
): Promise<CsvExport> {
  const first = await load(0);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(header);
    let page = first;
    let offset = 0;
    for (;;) {
      yield page.rows.map((r) => csvLine(line(r))).join('');
      offset += page.rows.length;
      if (page.rows.length < CHUNK_ROWS) return;
      page = await load(offset);
    }
  }
  return { filename, stream: Readable.from(lines()) };
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
    header,
    (offset) =>
      req.reads.rankingKeywords(
        req.scope,
        targets,
        keywordTableQuery(req, params, { offset, limit: CHUNK_ROWS }),
      ),
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
    (offset) =>
      req.reads.rankingUrls(
        req.scope,
        target.target,
        urlTableQuery(req, params, { offset, limit: CHUNK_ROWS }),
      ),
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

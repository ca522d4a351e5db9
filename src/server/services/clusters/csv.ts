// CSV exports of the content-cluster screens: every cluster (no paging), one row per cluster member with the
// cluster's figures repeated, in the table's order. UTF-8 with a byte-order mark; text that a spreadsheet
// would run as a formula is escaped (src/core/csv.ts).
import { Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '@core/csv';
import type { ExistingCluster, NewCluster } from '@core/metrics/cluster-content';
import type { CsvExport } from '../campaign-visibility/csv';
import type { VeRequest } from '../visibility-explorer/request';

type Cell = string | number | null;

function csvOf(header: Cell[], rows: Iterable<Cell[]>, filename: string): CsvExport {
  function* lines(): Generator<string> {
    yield CSV_BOM + csvLine(header);
    for (const r of rows) yield csvLine(r);
  }
  return { filename, stream: Readable.from(lines()) };
}

const fileName = (req: VeRequest, kind: string) =>
  `${kind}-content-clusters-${req.market}-${req.filter.value.replace(/[^A-Za-z0-9._-]+/gu, '-')}-${req.date}.csv`;

export function existingCsv(req: VeRequest, clusters: readonly ExistingCluster[]): CsvExport {
  const header = [
    'Cluster',
    'Keyword',
    'Search volume',
    'Position',
    'URL',
    'Cluster search volume',
    'Cluster best position',
    'Cluster best URL',
    'Cluster visibility score',
    'Cluster visibility score change',
    'Cluster visibility score change %',
  ];
  const rows = clusters.flatMap((c) =>
    c.keywords.map((k): Cell[] => [
      c.hub,
      k.keyword,
      k.searchVolume,
      k.position,
      k.url,
      c.searchVolume,
      c.bestPosition,
      c.url,
      c.visibilityScore,
      c.visibilityScoreDeltas.delta,
      c.visibilityScoreDeltas.percentageDelta,
    ]),
  );
  return csvOf(header, rows, fileName(req, 'existing'));
}

export function newCsv(req: VeRequest, clusters: readonly NewCluster[]): CsvExport {
  const header = [
    'Cluster',
    'Keyword',
    'Search volume',
    'Cluster search volume',
    'Competitors (best position)',
  ];
  const rows = clusters.flatMap((c) => {
    const competitors = c.competitors.map((x) => `${x.domain} (${x.bestPosition})`).join('; ');
    return c.keywords.map((k): Cell[] => [c.hub, k.keyword, k.searchVolume, c.searchVolume, competitors]);
  });
  return csvOf(header, rows, fileName(req, 'new'));
}

// The comparison's two CSV exports (spec §2 `/{host}/{market}{token}` and `/keyword-csv`): the summary and
// both series as one table of measures (section, measure, date, host A, host B), and the keyword table with
// both hosts' positions, URLs and scores. UTF-8 with a byte-order mark; formula-like text escaped (core csv).
import { Readable } from 'node:stream';
import type { OneToOneExportQuery } from '@contracts/one-to-one';
import { CSV_BOM, csvLine } from '@core/csv';
import { groupCounts, groupsOf, type OneToOneGroup } from '@core/metrics/one-to-one';
import type { CsvExport } from '../campaign-visibility/csv';
import type { Comparison } from './comparison';
import { sortedRows } from './data';

type Cell = string | number | null;

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/gu, '-');

function filename(c: Comparison, what: string): string {
  return `one-to-one-${c.market}-${safeName(c.a.filter.value)}-vs-${safeName(c.b.filter.value)}-${what}-${c.end ?? 'no-data'}.csv`;
}

function csvOf(lines: Cell[][], name: string): CsvExport {
  return { filename: name, stream: Readable.from([CSV_BOM + lines.map((l) => csvLine(l)).join('')]) };
}

const GROUP_LABELS = (a: string, b: string): Record<OneToOneGroup, string> => ({
  shared: 'Shared keywords',
  onlyA: `Only ${a}`,
  onlyB: `Only ${b}`,
  aAhead: `${a} ahead`,
  bAhead: `${b} ahead`,
});

/** Summary (end values, changes, keyword counts) then one line per measure and snapshot date. */
export function summaryCsv(c: Comparison): CsvExport {
  const a = c.a.filter.value;
  const b = c.b.filter.value;
  const A = c.seriesA;
  const B = c.seriesB;
  const counts = groupCounts(c.rows);
  const labels = GROUP_LABELS(a, b);
  const ranking = (side: 'a' | 'b') => c.rows.filter((r) => r[side].position !== null).length;
  const lines: Cell[][] = [
    ['Section', 'Measure', 'Date', a, b],
    ['summary', 'Visibility score', c.end, A.visibilityScore, B.visibilityScore],
    [
      'summary',
      'Visibility score change',
      c.start,
      A.visibilityScoreDeltas.delta,
      B.visibilityScoreDeltas.delta,
    ],
    ['summary', 'Visibility (%)', c.end, A.visibility, B.visibility],
    ['summary', 'Visibility change (points)', c.start, A.visibilityDeltas.delta, B.visibilityDeltas.delta],
    ['summary', 'Ranking keywords', c.end, ranking('a'), ranking('b')],
    ...(Object.keys(labels) as OneToOneGroup[]).map((g): Cell[] => [
      'keywords',
      labels[g],
      c.end,
      counts[g],
      counts[g],
    ]),
    ...A.series.flatMap((p, i): Cell[][] => [
      ['series', 'Visibility score', p.date, p.visibilityScore, B.series[i]!.visibilityScore],
      ['series', 'Visibility (%)', p.date, p.visibility, B.series[i]!.visibility],
    ]),
  ];
  return csvOf(lines, filename(c, 'summary'));
}

/** Every keyword of the comparison (or of one group), sorted by search volume like the table's default. */
export function keywordCsv(c: Comparison, q: OneToOneExportQuery): CsvExport {
  const a = c.a.filter.value;
  const b = c.b.filter.value;
  const labels = GROUP_LABELS(a, b);
  const header: Cell[] = [
    'Keyword',
    'Search volume',
    'Groups',
    `${a} position`,
    `${a} URL`,
    `${a} score`,
    `${a} score change`,
    `${b} position`,
    `${b} URL`,
    `${b} score`,
    `${b} score change`,
  ];
  const lines = sortedRows(c.rows, q.group, 'searchVolume').map((r): Cell[] => [
    r.keyword,
    r.searchVolume,
    groupsOf(r)
      .map((g) => labels[g])
      .join('; '),
    r.a.position,
    r.a.url,
    r.a.score,
    r.a.scoreDeltas.delta,
    r.b.position,
    r.b.url,
    r.b.score,
    r.b.scoreDeltas.delta,
  ]);
  return csvOf([header, ...lines], filename(c, q.group === 'all' ? 'keywords' : `keywords-${q.group}`));
}

// CSV exports of the market-share screen (UTF-8 with BOM, formula-like text escaped by src/core/csv.ts): the
// overview table with one share and one VS column per point date (the chart's series), and the competitive
// matrix with a share and a VS column per label.
import { Readable } from 'node:stream';
import type { MarketShareMatrixResponse, MarketShareResponse } from '@contracts/market-share';
import { CSV_BOM, csvLine } from '@core/csv';
import type { CsvExport } from '../campaign-visibility/csv';

type Flags = { leader: boolean; tracked: boolean; own: boolean; selected: boolean };

/** Why a host is listed, as words ("leader; own"). */
export function roleOf(f: Flags): string {
  const roles: string[] = [];
  if (f.leader) roles.push('leader');
  if (f.own) roles.push('own');
  else if (f.tracked) roles.push('tracked');
  if (f.selected) roles.push('selected');
  return roles.join('; ');
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/gu, '-');

function exportOf(filename: string, lines: string[]): CsvExport {
  return { filename, stream: Readable.from([CSV_BOM + lines.join('')]) };
}

export function overviewCsv(o: MarketShareResponse): CsvExport {
  const header = [
    'Host',
    'Role',
    'Rank',
    'Visibility score',
    'Share %',
    'Share change (points)',
    'Visibility score change',
    'Rank change',
    ...o.dates.map((d) => `Share % ${d}`),
    ...o.dates.map((d) => `Visibility score ${d}`),
  ];
  const rows = o.hosts.map((h) =>
    csvLine([
      h.host,
      roleOf(h),
      h.rank,
      h.visibilityScore,
      h.share,
      h.shareDeltas.delta,
      h.visibilityScoreDeltas.delta,
      h.rankChange,
      ...h.shares,
      ...h.visibilityScores,
    ]),
  );
  const total = csvLine([
    'Whole market',
    'total',
    null,
    o.marketVisibilityScores.at(-1) ?? 0,
    o.dates.length === 0 ? null : 100,
    null,
    null,
    null,
    ...o.dates.map(() => 100),
    ...o.marketVisibilityScores,
  ]);
  return exportOf(safeName(`market-share-${o.market}-${o.time}.csv`), [csvLine(header), ...rows, total]);
}

export function matrixCsv(m: MarketShareMatrixResponse, time: string): CsvExport {
  const header = [
    'Host',
    'Role',
    ...m.labels.flatMap((l) => [`${l.label} share %`, `${l.label} visibility score`]),
  ];
  const rows = m.rows.map((r) =>
    csvLine([r.host, roleOf(r), ...r.cells.flatMap((c) => [c.share, c.visibilityScore])]),
  );
  const total = csvLine(['Every host', 'total', ...m.labels.flatMap((l) => [100, l.visibilityScore])]);
  return exportOf(safeName(`market-share-matrix-${m.by}-${m.market}-${time}.csv`), [
    csvLine(header),
    ...rows,
    ...(m.labels.length === 0 ? [] : [total]),
  ]);
}

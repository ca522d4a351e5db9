// The rank-tracking table for download (issue 29 item 1): every row the filters keep, in the table's sort,
// one group of columns per tracked domain; written as CSV or XLSX by ../exports/table-export.ts. Lists
// (tags, groups, features) are joined by "; ".
import type { RtRow } from '@core/rank-tracking';
import type { ExportCell, TableExport } from '../exports/table-export';
import type { RtRequest } from './request';

const PER_TARGET = [
  'position',
  'change since start',
  'change since previous',
  'best position',
  'best position date',
  'ranking URL',
  'URL changed',
  'features owned',
  'conflicts',
];

export function rankTable(req: RtRequest, rows: readonly RtRow[], name: string): TableExport {
  const header = [
    'keyword',
    'search volume',
    'tags',
    'groups',
    'SERP features',
    ...req.targets.flatMap((t) => PER_TARGET.map((c) => `${t.label} ${c}`)),
  ];
  function* cells(): Generator<ExportCell[]> {
    for (const r of rows) {
      yield [
        r.keyword.text,
        r.keyword.sv,
        r.keyword.tags.join('; '),
        r.keyword.groups.join('; '),
        r.features.join('; '),
        ...r.cells.flatMap((c) => [
          c.position,
          c.change,
          c.previousChange,
          c.best,
          c.bestDate,
          c.url,
          c.urlChanged,
          c.ownedFeatures.join('; '),
          c.conflicts.length,
        ]),
      ];
    }
  }
  return { name, sheet: 'Rank tracking', header, rows: cells() };
}

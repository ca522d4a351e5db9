// The rank-tracking table as CSV (issue 29 item 1): every row the filters keep, in the table's sort, one
// group of columns per tracked domain, UTF-8 with a byte-order mark so a spreadsheet opens it cleanly; text
// that looks like a formula is escaped (src/core/csv.ts). Lists (tags, groups, features) are joined by "; ".
import { Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '@core/csv';
import type { RtRow } from '@core/rank-tracking';
import type { CsvExport } from '../campaign-visibility/csv';
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

export function tableCsv(req: RtRequest, rows: readonly RtRow[], filename: string): CsvExport {
  const header = [
    'keyword',
    'search volume',
    'tags',
    'groups',
    'SERP features',
    ...req.targets.flatMap((t) => PER_TARGET.map((c) => `${t.label} ${c}`)),
  ];
  function* lines(): Generator<string> {
    yield CSV_BOM + csvLine(header);
    for (const r of rows) {
      yield csvLine([
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
      ]);
    }
  }
  return { filename, stream: Readable.from(lines()) };
}

// Page Analysis as CSV (issue 29 item 4): the URLs of the domain in the table's sort, or one URL's keywords,
// UTF-8 with a byte-order mark so a spreadsheet opens it cleanly; text that looks like a formula is escaped
// (src/core/csv.ts). Visibility scores are estimated monthly clicks; lists are joined by "; ".
import { Readable } from 'node:stream';
import type { PaPageResponse } from '@contracts/page-analysis';
import { CSV_BOM, csvLine } from '@core/csv';
import type { PageRow } from '@core/rank-tracking';
import type { CsvExport } from '../campaign-visibility/csv';
import type { RtRequest } from '../rank-tracking/request';

function exported(filename: string, lines: () => Generator<string>): CsvExport {
  return { filename, stream: Readable.from(lines()) };
}

export function pagesCsv(req: RtRequest, rows: readonly PageRow[], filename: string): CsvExport {
  const d = req.dates;
  const domain = req.targets[req.focus]!.label;
  return exported(filename, function* () {
    yield (
      CSV_BOM +
      csvLine([
        'domain',
        'URL',
        `keywords ${d?.end ?? ''}`,
        `keywords ${d?.start ?? ''}`,
        `visibility score ${d?.end ?? ''}`,
        `visibility score ${d?.start ?? ''}`,
        'best position at end',
        'best position in span',
        'best position date',
        'keywords gained',
        'keywords lost',
        'keywords in conflict',
      ])
    );
    for (const r of rows) {
      yield csvLine([
        domain,
        r.url,
        r.keywords,
        r.keywordsStart,
        r.visibilityScore,
        r.visibilityScoreStart,
        r.position,
        r.best,
        r.bestDate,
        r.gained,
        r.lost,
        r.conflicts,
      ]);
    }
  });
}

export function keywordsCsv(answer: PaPageResponse, filename: string): CsvExport {
  const d = answer.dates;
  return exported(filename, function* () {
    yield (
      CSV_BOM +
      csvLine([
        'URL',
        'keyword',
        'search volume',
        'tags',
        'groups',
        `position ${d?.end ?? ''}`,
        `position ${d?.start ?? ''}`,
        'change',
        'best position',
        'best position date',
        `visibility score ${d?.end ?? ''}`,
        `visibility score ${d?.start ?? ''}`,
        'status',
        'conflicts',
      ])
    );
    for (const k of answer.keywords) {
      yield csvLine([
        answer.url,
        k.keyword,
        k.volume,
        k.tags.join('; '),
        k.groups.join('; '),
        k.position,
        k.startPosition,
        k.change,
        k.best,
        k.bestDate,
        k.visibilityScore,
        k.visibilityScoreStart,
        k.status,
        k.conflicts.map((c) => `${c.date} ${c.kind}: ${c.urls.join(' | ')}`).join('; '),
      ]);
    }
  });
}

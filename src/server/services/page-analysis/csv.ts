// Page Analysis for download (issue 29 item 4): the URLs of the domain in the table's sort, or one URL's
// keywords, written as CSV or XLSX by ../exports/table-export.ts. Visibility scores are estimated monthly
// clicks; lists are joined by "; ".
import type { PaPageResponse } from '@contracts/page-analysis';
import type { PageRow } from '@core/rank-tracking';
import type { ExportCell, TableExport } from '../exports/table-export';
import type { RtRequest } from '../rank-tracking/request';

export function pagesTable(req: RtRequest, rows: readonly PageRow[], name: string): TableExport {
  const d = req.dates;
  const domain = req.targets[req.focus]!.label;
  function* cells(): Generator<ExportCell[]> {
    for (const r of rows) {
      yield [
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
      ];
    }
  }
  return {
    name,
    sheet: 'Pages',
    header: [
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
    ],
    rows: cells(),
  };
}

export function keywordsTable(answer: PaPageResponse, name: string): TableExport {
  const d = answer.dates;
  function* cells(): Generator<ExportCell[]> {
    for (const k of answer.keywords) {
      yield [
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
      ];
    }
  }
  return {
    name,
    sheet: 'Keywords of the URL',
    header: [
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
    ],
    rows: cells(),
  };
}

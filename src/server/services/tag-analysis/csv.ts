// The Tag Analysis matrix for download (issue 29 item 5): one line per label and tracked domain with the
// figures at the start and end point dates and their changes, written as CSV or XLSX by
// ../exports/table-export.ts. Visibility scores are estimated monthly clicks; visibility and share are
// percentages.
import type { TaResponse } from '@contracts/tag-analysis';
import type { ExportCell, TableExport } from '../exports/table-export';

export function matrixTable(answer: TaResponse, name: string): TableExport {
  const start = answer.dates?.start ?? '';
  const end = answer.dates?.end ?? '';
  const header = [
    answer.kind === 'tags' ? 'tag' : 'keyword group',
    'keywords',
    'domain',
    `visibility score ${start}`,
    `visibility score ${end}`,
    'visibility score change',
    'visibility score change %',
    `visibility % ${end}`,
    `share of visibility % ${start}`,
    `share of visibility % ${end}`,
    'share change (points)',
    `average position ${start}`,
    `average position ${end}`,
    `keywords ranking ${end}`,
    ...answer.ranges.map((r) => `positions ${r} ${end}`),
  ];
  function* cells(): Generator<ExportCell[]> {
    for (const l of answer.labels) {
      for (const [i, t] of l.targets.entries()) {
        yield [
          l.label,
          l.keywords,
          answer.targets[i]!.label,
          t.start.visibilityScore,
          t.end.visibilityScore,
          t.visibilityScoreDeltas.delta,
          t.visibilityScoreDeltas.percentageDelta,
          t.end.visibility,
          t.start.share,
          t.end.share,
          t.shareDeltas.delta,
          t.start.averagePosition,
          t.end.averagePosition,
          t.end.ranked,
          ...t.end.ranges,
        ];
      }
    }
  }
  return { name, sheet: answer.kind === 'tags' ? 'Tags' : 'Keyword groups', header, rows: cells() };
}

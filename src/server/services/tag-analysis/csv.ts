// The Tag Analysis matrix as CSV (issue 29 item 5): one line per label and tracked domain with the figures
// at the start and end point dates and their changes, UTF-8 with a byte-order mark so a spreadsheet opens it
// cleanly; text that looks like a formula is escaped (src/core/csv.ts). Visibility scores are estimated
// monthly clicks; visibility and share are percentages.
import { Readable } from 'node:stream';
import type { TaResponse } from '@contracts/tag-analysis';
import { CSV_BOM, csvLine } from '@core/csv';
import type { CsvExport } from '../campaign-visibility/csv';

export function matrixCsv(answer: TaResponse, filename: string): CsvExport {
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
  function* lines(): Generator<string> {
    yield CSV_BOM + csvLine(header);
    for (const l of answer.labels) {
      for (const [i, t] of l.targets.entries()) {
        yield csvLine([
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
        ]);
      }
    }
  }
  return { filename, stream: Readable.from(lines()) };
}

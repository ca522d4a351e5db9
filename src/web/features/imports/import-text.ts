// Words and numbers of the import screen: file sizes, status labels and colours, and the written-by-kind
// list, shared by the progress bar, the summary and the history table.
import type { ImportJobView, ImportStatus } from '@contracts/imports';
import type { Formatters } from '../../app/route-context';

export const STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const STATUS_COLORS: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
};

/** A byte count as KB, MB or GB (decimal units, as file managers show them). */
export function formatBytes(bytes: number, format: Formatters): string {
  if (bytes < 1000) return `${format.integer(bytes)} B`;
  const units: [number, string][] = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
  ];
  const [size, unit] = units.find(([s]) => bytes >= s)!;
  return `${format.number(bytes / size, { maximumFractionDigits: bytes / size < 10 ? 2 : 1 })} ${unit}`;
}

export function formatDuration(ms: number | null, format: Formatters): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${format.integer(ms)} ms`;
  return `${format.number(ms / 1000, { maximumFractionDigits: 1 })} s`;
}

/** "1,200 keywords, 5,000 SERP results …": the kinds with a non-zero count. */
export function writtenParts(job: ImportJobView, format: Formatters): string[] {
  const w = job.written;
  const kinds: [number, string][] = [
    [w.keywords, 'keywords'],
    [w.serpResults, 'SERP results'],
    [w.snapshots, 'snapshots'],
    [w.rankObservations, 'rank observations'],
    [w.searchConsoleRows, 'Search Console rows'],
    [w.campaignKeywords, 'campaign keywords'],
  ];
  return kinds.filter(([n]) => n > 0).map(([n, what]) => `${format.integer(n)} ${what}`);
}

/** Where a reject is: `file:line` (or the JSON location). */
export function rejectPlace(r: ImportJobView['rejects'][number]): string {
  const line = r.line === null ? '' : `:${r.line}${r.column !== undefined ? `:${r.column}` : ''}`;
  return `${r.file}${line}${r.pointer !== undefined ? ` (at ${r.pointer})` : ''}`;
}

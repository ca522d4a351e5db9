// Text forms of what an import job reports, for the CLI's summary: `file:line:column: [field] reason` for a
// reject and `file:line: message (N times)` for a warning — the forms of src/ingest/errors.ts, taking the
// stored shapes (whose codes are plain strings).
export interface RejectLike {
  file: string;
  line: number | null;
  column?: number;
  field?: string;
  pointer?: string;
  reason: string;
}

export interface WarningLike {
  file: string;
  line?: number;
  message: string;
  count: number;
}

export function describeReject(r: RejectLike): string {
  let where = r.file;
  if (r.line !== null) where += `:${r.line}${r.column !== undefined ? `:${r.column}` : ''}`;
  if (r.pointer !== undefined) where += ` (at ${r.pointer})`;
  return `${where}:${r.field !== undefined ? ` [${r.field}]` : ''} ${r.reason}`;
}

export function describeWarning(w: WarningLike): string {
  const where = w.line !== undefined ? `${w.file}:${w.line}` : w.file;
  return `${where}: ${w.message}${w.count > 1 ? ` (${w.count} times)` : ''}`;
}

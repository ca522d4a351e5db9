// What an import reports besides its records: a Reject is a row (or a whole file) that was not imported, with
// the file, line and reason; a Warning is something imported with a caveat, counted once per kind and file.
// Parsers never throw on bad input: everything they cannot read becomes a Reject.

export type RejectCode =
  | 'unknown-format'
  | 'unreadable'
  | 'encoding'
  | 'binary'
  | 'empty'
  | 'too-large'
  | 'line-too-long'
  | 'malformed-csv'
  | 'malformed-json'
  | 'missing-column'
  | 'field-count'
  | 'invalid-date'
  | 'future-date'
  | 'invalid-market'
  | 'missing-market'
  | 'invalid-keyword'
  | 'invalid-position'
  | 'invalid-url'
  | 'invalid-number'
  | 'mangled-number'
  | 'invalid-result-type'
  | 'duplicate-position'
  | 'invalid-value';

export interface Reject {
  /** File name as the user gave it (a path, an upload name, or `export.zip/Queries.csv`). */
  file: string;
  /** 1-based physical line where the rejected row starts; null when not line-based (JSON, a whole file). */
  line: number | null;
  /** 1-based column (field index) of the offending cell, when one cell is to blame. */
  column?: number;
  /** Header name of that column. */
  field?: string;
  /** Location inside a JSON document, e.g. `[2].organic_results[4]`. */
  pointer?: string;
  code: RejectCode;
  reason: string;
  /** True when the rest of the file could not be read (encoding, malformed JSON, unknown format …). */
  fatal?: boolean;
}

export type WarningCode =
  | 'unknown-columns'
  | 'market-mismatch'
  | 'market-language'
  | 'encoding'
  | 'no-link'
  | 'paid-skipped'
  | 'beyond-depth'
  | 'volume-range'
  | 'duplicate-keyword'
  | 'ignored-file';

export interface Warning {
  file: string;
  code: WarningCode;
  message: string;
  /** How many rows or items this warning stands for. */
  count: number;
  /** First line it applies to, when line-based. */
  line?: number;
}

/**
 * Thrown by a byte source that cannot go on (an archive entry that cannot be unpacked, an import past its
 * unzip limit): `parseFile` turns it into the file's fatal reject, so parsers still never throw on bad input.
 */
export class InputError extends Error {
  constructor(readonly reject: Reject) {
    super(reject.reason);
  }
}

/** `file:line:column: reason`, the form the CLI, the API and the upload screen print. */
export function formatReject(r: Reject): string {
  let where = r.file;
  if (r.line !== null) where += `:${r.line}${r.column !== undefined ? `:${r.column}` : ''}`;
  if (r.pointer !== undefined) where += ` (at ${r.pointer})`;
  const field = r.field !== undefined ? ` [${r.field}]` : '';
  return `${where}:${field} ${r.reason}`;
}

export function formatWarning(w: Warning): string {
  const where = w.line !== undefined ? `${w.file}:${w.line}` : w.file;
  return `${where}: ${w.message}${w.count > 1 ? ` (${w.count} times)` : ''}`;
}

/**
 * Collects warnings of one file, merging repeats of the same code and message into one entry with a count,
 * so a million rows with the same caveat make one line in the summary.
 */
export class WarningLog {
  private readonly byKey = new Map<string, Warning>();

  constructor(private readonly file: string) {}

  add(code: WarningCode, message: string, line?: number, count = 1): void {
    const key = `${code}\u0000${message}`;
    const w = this.byKey.get(key);
    if (w) {
      w.count += count;
      return;
    }
    const entry: Warning = { file: this.file, code, message, count };
    if (line !== undefined) entry.line = line;
    this.byKey.set(key, entry);
  }

  /** The collected warnings, emptied. */
  drain(): Warning[] {
    const out = [...this.byKey.values()];
    this.byKey.clear();
    return out;
  }
}

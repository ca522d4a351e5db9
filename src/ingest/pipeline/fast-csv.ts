// The generic SERP CSV fast path: when an import is one generic SERP CSV on disk and the store can read CSV
// itself (RankImport.stageSerpCsv: DuckDB), the file is scanned once here — progress in bytes, the header
// and delimiter, and the checks that make "row = line" hold: one line per record (no line break inside
// quotes), no blank lines, no line over the length cap, no NUL bytes, UTF-8 — and the store then reads, checks
// (with serp-csv-rules.ts, once per distinct cell text) and stages every row itself. Anything else returns
// null and the import streams the file as before: several files, uploads (no path), other formats, dry runs,
// the ClickHouse store, UTF-16, or a file read_csv refuses (bad quoting, extra fields, invalid UTF-8).
import { createReadStream } from 'node:fs';
import type { RankImport, StagedKeyword } from '@storage/rank-store';
import type { SerpCsvReject } from '@storage/rank/serp-csv-stage';
import { DETECT_BYTES, detectFormat } from '../detect';
import type { Reject, RejectCode, Warning } from '../errors';
import { FileContext } from '../formats/context';
import { DEFAULT_MAX_LINE_LENGTH, sniffDelimiter, splitQuoted } from '../formats/csv-reader';
import type { InputFile } from '../formats/input';
import { serpCsvColumns } from '../formats/serp-csv';
import { serpCsvRules } from '../formats/serp-csv-rules';
import { parseMarket } from '../normalise';
import type { ImportRequest } from './run-import';

/** What the fast path staged, in the terms of the import's outcome. */
export interface FastCsvResult {
  file: string;
  bytesRead: number;
  rowsRead: number;
  rowsWritten: number;
  rejectCount: number;
  /** The first rejects (parser's, then the writer's duplicate positions), at most the cap. */
  rejects: Reject[];
  warnings: Warning[];
  keywords: StagedKeyword[];
}

/** What the scan of the file found. */
interface Scan {
  bytes: number;
  /** Lines after the header. */
  rows: number;
  /** The first lines (up to 64 KiB), for the header and the delimiter. */
  head: string;
}

const HEAD_BYTES = 64 * 1024;

/** The one file of the import when it may take the fast path, else null. */
function fastFile(req: ImportRequest): (InputFile & { path: string }) | null {
  if (req.dryRun === true || req.sources.length !== 1) return null;
  const files = req.sources[0]!.files;
  const f = files.length === 1 ? files[0]! : null;
  if (f === null || f.path === undefined) return null;
  if (req.format !== undefined && req.format !== 'serp-csv') return null;
  if (req.market !== undefined && typeof parseMarket(req.market) === 'string') return null;
  return { ...f, path: f.path };
}

/**
 * Stages the import's file through the store when it can; null when the caller must stream it instead
 * (nothing has been staged then). `onBytes` gets the bytes scanned so far.
 */
export async function stageFastCsv(
  sink: RankImport,
  req: ImportRequest,
  cap: number,
  onBytes: (bytes: number) => void,
): Promise<FastCsvResult | null> {
  const file = fastFile(req);
  if (file === null || sink.stageSerpCsv === undefined) return null;
  const scan = await scanFile(file.path, onBytes);
  if (scan === null || scan.rows === 0) return null;
  if (req.format === undefined) {
    const head = Buffer.from(scan.head.slice(0, DETECT_BYTES), 'utf8');
    const d = detectFormat(file.name, new Uint8Array(head));
    if (!('format' in d) || d.format !== 'serp-csv') return null;
  }
  const lines = scan.head.split('\n', 10).map((l) => l.replace(/\r$/u, ''));
  const header = lines[0]!;
  if (header.includes('"')) return null;
  const delimiter = sniffDelimiter(lines);
  const cells = header.split(delimiter);
  const ctx = new FileContext(file.name, {
    now: req.now,
    ...(req.market !== undefined ? { market: req.market } : {}),
  });
  const columns = serpCsvColumns(cells, 1, ctx);
  if (typeof columns === 'string') return null;
  const staged = await sink.stageSerpCsv(
    { path: file.path, delimiter, width: cells.length, firstLine: 2, columns, rows: scan.rows },
    serpCsvRules(ctx, columns),
    cap,
  );
  if (staged === null) return null;
  const names = cells.map((h) => h.trim());
  const reject = (r: SerpCsvReject<RejectCode>): Reject =>
    r.column < 0
      ? { file: file.name, line: r.line, code: r.code, reason: r.reason }
      : {
          file: file.name,
          line: r.line,
          code: r.code,
          reason: r.reason,
          column: r.column + 1,
          field: names[r.column]!,
        };
  return {
    file: file.name,
    bytesRead: scan.bytes,
    rowsRead: staged.rowsRead,
    rowsWritten: staged.serpResults,
    rejectCount: staged.rejected + staged.duplicates,
    rejects: [...staged.rejects, ...staged.duplicateRejects].slice(0, cap).map(reject),
    warnings: ctx.warnings.drain(),
    keywords: staged.keywords.map((k) => ({ ...k, tags: [], groups: [] })),
  };
}

/**
 * Reads the file once: its size, data lines and first lines; null when a record could span lines or be read
 * differently from the streaming parser (blank line, line over the cap, NUL byte, UTF-16, a quoted line
 * that is not a well-formed RFC 4180 record, which read_csv may take as it is).
 */
async function scanFile(path: string, onBytes: (bytes: number) => void): Promise<Scan | null> {
  let bytes = 0;
  let lines = 0;
  let head = '';
  let delimiter = '';
  // The start of a line continued in the next chunk (at most the line cap).
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let buf = chunk;
    if (bytes === 0) {
      if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) return null;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
      head = buf.subarray(0, HEAD_BYTES).toString('utf8');
      delimiter = sniffDelimiter(head.split('\n', 10));
    }
    bytes += chunk.length;
    if (buf.indexOf(0) >= 0) return null;
    if (carry.length > 0) buf = Buffer.concat([carry, buf]);
    let start = 0;
    let quote = buf.indexOf(34);
    for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, start)) {
      const end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
      // A blank line is skipped by the parser but not by read_csv.
      if (end === start || nl - start > DEFAULT_MAX_LINE_LENGTH) return null;
      if (quote >= 0 && quote < nl) {
        if (!plainRecord(buf.toString('utf8', start, end), delimiter)) return null;
        quote = buf.indexOf(34, nl);
      }
      lines++;
      start = nl + 1;
    }
    carry = buf.subarray(start);
    if (carry.length > DEFAULT_MAX_LINE_LENGTH) return null;
    onBytes(bytes);
  }
  if (carry.length > 0) {
    if (carry.includes(34) && !plainRecord(carry.toString('utf8').replace(/\r$/u, ''), delimiter))
      return null;
    lines++;
  }
  return { bytes, rows: lines - 1, head };
}

/** True when a line with quotes is one well-formed record (read alike by both parsers) with some value. */
function plainRecord(line: string, delimiter: string): boolean {
  const cells = splitQuoted(line, delimiter);
  return cells !== null && cells.some((c) => c !== '');
}

// Streaming CSV records with the 1-based line each starts on, for every CSV importer. Plain lines (no quote
// character) are split by hand, which is what makes the generic SERP CSV fast; a record that contains a
// quote is cut out by quote parity (it may span lines, RFC 4180) and split by hand too when it is well
// formed (every quote opens a field and closes it before a delimiter or the end); anything else goes to
// csv-parse, so bad quoting is rejected with csv-parse's own message. Lines longer than the cap are rejected
// without being buffered; a quote left open rejects its first line and reading resumes on the next.
// Blank lines (or lines of delimiters only) are skipped.
import { parse as parseCsvSync } from 'csv-parse/sync';
import type { Reject } from '../errors';
import type { TextReader } from './text';

export const DEFAULT_MAX_LINE_LENGTH = 65_536; // characters per line; a quoted record may span up to 4 × this

/**
 * Receives records as they are read. `plain` gets a line without quotes as a range of the chunk text
 * (`text.slice(start, end)` is the line without its line break), so a fast importer can read fields in place;
 * `quoted` gets the cells csv-parse made of a quoted record.
 */
export interface CsvSink {
  plain(text: string, start: number, end: number, line: number): void;
  quoted(cells: string[], line: number): void;
}

export interface CsvReaderOptions {
  file: string;
  /** `,`, `;` or tab; sniffed from the first lines when absent. */
  delimiter?: string;
  maxLineLength?: number;
}

const CANDIDATES = [',', ';', '\t'] as const;

/**
 * The delimiter the lines agree on: for each of `,` `;` tab, the number of lines that hold it the same
 * (non-zero) number of times outside quotes; the most lines wins, then the larger count, then the order
 * above. A header and its rows agree; title lines above a header, or a tab inside a value, do not.
 */
export function sniffDelimiter(lines: readonly string[]): string {
  let best = ',';
  let bestLines = 0;
  let bestCount = 0;
  const bare = lines.map((l) => l.replace(/"[^"]*"/gu, ''));
  for (const d of CANDIDATES) {
    const tally = new Map<number, number>();
    for (const line of bare) {
      const n = line.split(d).length - 1;
      if (n > 0) tally.set(n, (tally.get(n) ?? 0) + 1);
    }
    for (const [count, agreeing] of tally) {
      if (agreeing > bestLines || (agreeing === bestLines && count > bestCount)) {
        best = d;
        bestLines = agreeing;
        bestCount = count;
      }
    }
  }
  return best;
}

export class CsvReader {
  delimiter: string;
  /** Rejected lines (too long, bad quoting), drained by the caller with each chunk. */
  rejects: Reject[] = [];
  /** Physical lines consumed so far. */
  linesRead = 0;
  private readonly maxLine: number;
  private readonly maxRecord: number;
  private readonly blankLine: RegExp;

  constructor(
    private readonly text: TextReader,
    private readonly opts: CsvReaderOptions,
  ) {
    this.delimiter = opts.delimiter ?? '';
    this.maxLine = opts.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
    this.maxRecord = this.maxLine * 4;
    this.blankLine = /^[\s,;]*$/u;
  }

  /**
   * Feeds every record to `sink`, yielding after each chunk of input so the caller can hand on a batch; when
   * it ends, a text error (encoding …) has been added to `rejects`.
   */
  async *run(sink: CsvSink): AsyncGenerator<void> {
    let carry = '';
    let discarding = false;
    let sniffing = this.delimiter === '';
    for await (const piece of this.text.chunks()) {
      let buf = piece;
      let start = 0;
      if (carry.length > 0 && !sniffing && !discarding) {
        // Finish the carried line on its own and scan the chunk where it lies: `carry + piece` would be a
        // V8 cons string, on which every indexOf is several times slower.
        const nl = piece.indexOf('\n');
        const head = nl < 0 || carry.indexOf('"') >= 0 ? '' : carry + piece.slice(0, nl + 1);
        if (head !== '' && this.scan(head, sink, false, 0) === head.length) start = nl + 1;
        else buf = carry + piece;
      } else if (carry.length > 0) {
        buf = carry + piece;
      }
      if (sniffing) {
        // Wait for ten lines (or 64 KiB) to choose the delimiter.
        if (countNewlines(buf, 10) < 10 && buf.length < 65_536) {
          carry = buf;
          continue;
        }
        this.delimiter = sniffDelimiter(buf.split('\n', 10));
        sniffing = false;
      }
      if (discarding) {
        const nl = buf.indexOf('\n');
        if (nl < 0) {
          carry = '';
          continue;
        }
        discarding = false;
        this.linesRead++;
        buf = buf.slice(nl + 1);
      }
      const pos = this.scan(buf, sink, false, start);
      carry = pos === 0 ? buf : buf.slice(pos);
      if (carry.length > (carry.indexOf('"') < 0 ? this.maxLine : this.maxRecord)) {
        this.tooLong(this.linesRead + 1);
        carry = '';
        discarding = true;
      }
      yield;
    }
    if (sniffing) this.delimiter = sniffDelimiter(carry.split('\n', 10));
    if (this.text.error) {
      // The valid text before the bad byte is in `carry`; its complete lines still count.
      const nl = carry.lastIndexOf('\n');
      if (nl >= 0) this.scan(carry.slice(0, nl + 1), sink, true, 0);
      yield;
      this.rejects.push({ ...this.text.error, line: this.linesRead + 1 });
      return;
    }
    if (!discarding && carry.length > 0) {
      this.scan(carry.endsWith('\n') ? carry : `${carry}\n`, sink, true, 0);
      yield;
    }
  }

  /**
   * Reads the complete records of `buf` from `start` into `sink`; returns where the incomplete rest begins.
   * At the end of input (`last`), an unterminated quoted record is rejected instead of waited for.
   */
  private scan(buf: string, sink: CsvSink, last: boolean, start: number): number {
    const d = this.delimiter;
    const n = buf.length;
    let pos = start;
    // Next quote at or after pos (n when none): searched again only once pos has passed it, so a chunk
    // without quotes is scanned for them once, not once per line.
    let q = -1;
    while (pos < n) {
      const nl = buf.indexOf('\n', pos);
      if (nl < 0) return pos;
      if (q < pos) {
        q = buf.indexOf('"', pos);
        if (q < 0) q = n;
      }
      if (q > nl) {
        const line = ++this.linesRead;
        let end = nl;
        if (end > pos && buf.charCodeAt(end - 1) === 13) end--;
        if (end - pos > this.maxLine) {
          this.tooLong(line);
        } else if (end > pos) {
          const first = buf.charCodeAt(pos);
          if (!(
            (first === 32 || first === 9 || first === d.charCodeAt(0)) &&
            this.blankLine.test(buf.slice(pos, end))
          )) {
            sink.plain(buf, pos, end, line);
          }
        }
        pos = nl + 1;
        continue;
      }
      const end = quotedRecordEnd(buf, pos);
      if (end < 0 || end - pos > this.maxRecord) {
        if (!last && end < 0 && n - pos <= this.maxRecord) return pos;
        // Open quote: reject the line it starts on and resume after it.
        const line = ++this.linesRead;
        this.rejects.push({
          file: this.opts.file,
          line,
          code: 'malformed-csv',
          reason:
            end < 0 && n - pos <= this.maxRecord
              ? 'a quoted field is not closed before the end of the file'
              : `a quoted field is not closed within ${this.maxRecord.toLocaleString('en')} characters`,
        });
        pos = nl + 1;
        continue;
      }
      const line = this.linesRead + 1;
      let text = buf.slice(pos, end);
      this.linesRead += countNewlines(text, Infinity) + 1;
      if (text.endsWith('\r')) text = text.slice(0, -1);
      this.parseQuoted(text, line, sink);
      pos = end + 1;
    }
    return pos;
  }

  private parseQuoted(text: string, line: number, sink: CsvSink): void {
    // csv-parse costs ~40 µs a call (option set-up): a well-formed record is split here instead.
    const cells = splitQuoted(text, this.delimiter);
    if (cells !== null) {
      sink.quoted(cells, line);
      return;
    }
    try {
      const records = parseCsvSync(text, {
        delimiter: this.delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        record_delimiter: ['\r\n', '\n'],
      });
      for (const r of records) sink.quoted(r, line);
    } catch (e) {
      const message = e instanceof Error ? e.message.replace(/ at line \d+/u, '') : String(e);
      this.rejects.push({
        file: this.opts.file,
        line,
        code: 'malformed-csv',
        reason: `malformed CSV: ${message}`,
      });
    }
  }

  private tooLong(line: number): void {
    this.rejects.push({
      file: this.opts.file,
      line,
      code: 'line-too-long',
      reason: `line is longer than ${this.maxLine.toLocaleString('en')} characters`,
    });
  }
}

/**
 * The cells of one RFC 4180 record (quoted fields, doubled quotes, line breaks inside quotes), or null when
 * it is not well formed — a quote inside an unquoted field, text after a closing quote, a line break outside
 * quotes — and csv-parse is to judge it.
 */
export function splitQuoted(text: string, delimiter: string): string[] | null {
  const d = delimiter.charCodeAt(0);
  const cells: string[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    if (i < n && text.charCodeAt(i) === 34) {
      let value = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return null;
        if (text.charCodeAt(q + 1) === 34) {
          value += text.slice(from, q + 1);
          from = q + 2;
          continue;
        }
        value += text.slice(from, q);
        i = q + 1;
        break;
      }
      cells.push(value);
      if (i === n) return cells;
      if (text.charCodeAt(i) !== d) return null;
      i++;
    } else {
      let e = text.indexOf(delimiter, i);
      if (e < 0) e = n;
      // A line break outside quotes ends a record: the reader never passes one, but keep to one record.
      for (let k = i; k < e; k++) {
        const c = text.charCodeAt(k);
        if (c === 34 || c === 10) return null;
      }
      cells.push(text.slice(i, e));
      if (e === n) return cells;
      i = e + 1;
    }
  }
}

/** Index of the newline ending the record that starts at `pos` (quotes balanced), or -1 if not in `buf`. */
function quotedRecordEnd(buf: string, pos: number): number {
  let inQuotes = false;
  let i = pos;
  for (;;) {
    if (inQuotes) {
      const q = buf.indexOf('"', i);
      if (q < 0) return -1;
      inQuotes = false;
      i = q + 1;
    } else {
      const q = buf.indexOf('"', i);
      const nl = buf.indexOf('\n', i);
      if (nl < 0) return -1;
      if (q < 0 || nl < q) return nl;
      inQuotes = true;
      i = q + 1;
    }
  }
}

function countNewlines(s: string, max: number): number {
  let n = 0;
  let i = s.indexOf('\n');
  while (i >= 0 && n < max) {
    n++;
    i = s.indexOf('\n', i + 1);
  }
  return n;
}

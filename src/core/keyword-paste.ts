// Keywords as an analyst pastes them (issue 25): one a line, optionally followed by TAB search volume, TAB
// tags (comma-separated) and TAB keyword group — the columns a spreadsheet copy gives. Each line is read on
// its own: a bad line gets its line number and reason and never stops the rest; numbers a spreadsheet
// mangled (`1.2k`, `cze.84`, `1.234`) are reported, never guessed. Keywords are normalised (keyword.ts) and a
// keyword given twice is one entry (its tags merged, the last volume and group given win), as the server
// would merge them. The parser takes lines in chunks so that a screen can parse 100,000 lines without
// freezing (parseKeywordPasteInChunks yields to the host between chunks).
import { normaliseKeyword } from './keyword';

export const MAX_KEYWORD_LENGTH = 500;
export const MAX_LABEL_LENGTH = 100;
export const MAX_TAGS_PER_KEYWORD = 50;
export const MAX_SEARCH_VOLUME = 2_000_000_000;

export interface PastedKeyword {
  keyword: string;
  /** Absent when the line gives none (the market's volume is kept). */
  searchVolume?: number;
  tags?: string[];
  group?: string;
}

export interface PasteLineError {
  /** 1-based line of the pasted text (blank lines count, so it matches the editor). */
  line: number;
  text: string;
  reason: string;
}

export interface PasteResult {
  keywords: PastedKeyword[];
  errors: PasteLineError[];
  /** Non-blank lines read, the header and bad lines included. */
  lines: number;
  /** Lines whose keyword an earlier line already gave (merged into it). */
  duplicates: number;
  /** Whether the first line was a header (`keyword⇥volume…`) and was skipped. */
  header: boolean;
}

// C0/C1 controls, DEL, and the bidirectional overrides and isolates (as the contract's label rule): matching
// control characters is the point here.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const HEADER_NAMES = new Set(['keyword', 'keywords', 'query', 'queries', 'search term', 'search terms']);
/** Digits, optionally grouped by thousands with commas or spaces (incl. no-break and thin spaces). */
const WHOLE_NUMBER = /^(?:\d+|\d{1,3}(?:[, \u00a0\u202f]\d{3})+)$/u;

type LineOutcome = { ok: true; entry: PastedKeyword } | { ok: false; reason: string };

function readVolume(raw: string): { ok: true; value: number | undefined } | { ok: false; reason: string } {
  const text = raw.trim();
  if (text === '') return { ok: true, value: undefined };
  if (!WHOLE_NUMBER.test(text)) {
    return {
      ok: false,
      reason: `search volume "${text}" is not a whole number (write e.g. 1200 or 1,200; leave it empty when unknown)`,
    };
  }
  const value = Number(text.replace(/[^\d]/gu, ''));
  if (value > MAX_SEARCH_VOLUME)
    return { ok: false, reason: `search volume ${text} is larger than 2,000,000,000` };
  return { ok: true, value };
}

function labelProblem(label: string, what: string): string | null {
  if (label.length > MAX_LABEL_LENGTH)
    return `${what} "${label.slice(0, 30)}…" is longer than ${MAX_LABEL_LENGTH} characters`;
  if (UNSAFE.test(label)) return `${what} "${label}" holds control or text-direction characters`;
  return null;
}

/** Reads one non-blank line. */
export function parseKeywordLine(line: string): LineOutcome {
  const no = (reason: string): LineOutcome => ({ ok: false, reason });
  const columns = line.split('\t');
  if (columns.length > 4) {
    return no(
      `it has ${columns.length} tab-separated columns: expected keyword, volume, tags and group at most`,
    );
  }
  const [rawKeyword = '', rawVolume = '', rawTags = '', rawGroup = ''] = columns;
  const keyword = normaliseKeyword(rawKeyword);
  if (keyword === '') return no('it has no keyword before the first tab');
  if (keyword.length > MAX_KEYWORD_LENGTH)
    return no(`the keyword is longer than ${MAX_KEYWORD_LENGTH} characters`);
  if (UNSAFE.test(keyword)) return no('the keyword holds control or text-direction characters');
  const volume = readVolume(rawVolume);
  if (!volume.ok) return no(volume.reason);
  const tags = [
    ...new Set(
      rawTags
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
  if (tags.length > MAX_TAGS_PER_KEYWORD)
    return no(`it has ${tags.length} tags: at most ${MAX_TAGS_PER_KEYWORD}`);
  for (const t of tags) {
    const problem = labelProblem(t, 'tag');
    if (problem) return no(problem);
  }
  const group = rawGroup.trim();
  const groupProblem = group === '' ? null : labelProblem(group, 'keyword group');
  if (groupProblem) return no(groupProblem);
  const entry: PastedKeyword = { keyword };
  if (volume.value !== undefined) entry.searchVolume = volume.value;
  if (tags.length > 0) entry.tags = tags;
  if (group !== '') entry.group = group;
  return { ok: true, entry };
}

function isHeader(line: string): boolean {
  const [first = '', second = ''] = line.split('\t');
  return HEADER_NAMES.has(normaliseKeyword(first)) && !WHOLE_NUMBER.test(second.trim());
}

/** Reads lines in as many chunks as the caller likes; result() gives everything read so far. */
export class KeywordPasteParser {
  private readonly byKeyword = new Map<string, PastedKeyword>();
  private readonly errors: PasteLineError[] = [];
  private lines = 0;
  private duplicates = 0;
  private header = false;

  /** `chunk` are consecutive lines of the text, the first of them being line `firstLine` (1-based). */
  feed(chunk: readonly string[], firstLine: number): void {
    chunk.forEach((raw, i) => {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line.trim() === '') return;
      this.lines += 1;
      if (this.lines === 1 && isHeader(line)) {
        this.header = true;
        return;
      }
      const outcome = parseKeywordLine(line);
      if (!outcome.ok) {
        this.errors.push({ line: firstLine + i, text: line, reason: outcome.reason });
        return;
      }
      this.merge(outcome.entry);
    });
  }

  private merge(entry: PastedKeyword): void {
    const known = this.byKeyword.get(entry.keyword);
    if (known === undefined) {
      this.byKeyword.set(entry.keyword, entry);
      return;
    }
    this.duplicates += 1;
    if (entry.searchVolume !== undefined) known.searchVolume = entry.searchVolume;
    if (entry.group !== undefined) known.group = entry.group;
    if (entry.tags !== undefined) known.tags = [...new Set([...(known.tags ?? []), ...entry.tags])];
  }

  result(): PasteResult {
    return {
      keywords: [...this.byKeyword.values()],
      errors: [...this.errors],
      lines: this.lines,
      duplicates: this.duplicates,
      header: this.header,
    };
  }
}

export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/** Reads a whole paste at once. */
export function parseKeywordPaste(text: string): PasteResult {
  const parser = new KeywordPasteParser();
  parser.feed(splitLines(text), 1);
  return parser.result();
}

export interface ChunkedParseOptions {
  /** Lines per chunk. */
  chunkSize?: number;
  /** Lines read so far of the total, after each chunk. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between chunks (the result is then null). */
  signal?: AbortSignal;
  /** Gives the host a turn between chunks; by default a macrotask. */
  pause?: () => Promise<void>;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Reads a paste chunk by chunk, yielding between chunks; null when aborted. */
export async function parseKeywordPasteInChunks(
  text: string,
  { chunkSize = 5_000, onProgress, signal, pause = macrotask }: ChunkedParseOptions = {},
): Promise<PasteResult | null> {
  const lines = splitLines(text);
  const parser = new KeywordPasteParser();
  for (let start = 0; start < lines.length; start += chunkSize) {
    if (signal?.aborted) return null;
    parser.feed(lines.slice(start, start + chunkSize), start + 1);
    onProgress?.(Math.min(start + chunkSize, lines.length), lines.length);
    if (start + chunkSize < lines.length) await pause();
  }
  return signal?.aborted ? null : parser.result();
}

/** `items` in consecutive slices of at most `size`. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

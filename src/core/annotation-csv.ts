// The strict reader of a CSV list of known search-engine updates (issue 29 item 6), imported as annotations.
// Pure; kept apart from annotations.ts so the web app, which only places annotations, never bundles the
// CSV parser.
import { CsvError, parse } from 'csv-parse/sync';
import { MAX_ANNOTATION_CSV_ROWS, MAX_ANNOTATION_NOTE, MAX_ANNOTATION_TITLE } from './annotations';
import { isValidIsoDate } from './date-range';
import { hasUnsafeCharacters } from './tracked-value';

/** Most errors reported for one refused file: enough to fix a systematic mistake at once. */
const MAX_REPORTED_ERRORS = 50;

const COLUMNS = ['date', 'title', 'note'] as const;
type CsvColumn = (typeof COLUMNS)[number];

export interface AnnotationCsvRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  date: string;
  title: string;
  note: string | null;
}

/** One reason a file is refused: where (line, and column when one cell is at fault) and how to fix it. */
export interface AnnotationCsvError {
  line: number;
  column: CsvColumn | null;
  message: string;
}

export type AnnotationCsvResult =
  { ok: true; rows: AnnotationCsvRow[] } | { ok: false; errors: AnnotationCsvError[] };

const EXAMPLE = 'date,title,note\n2024-03-05,March 2024 core update,Rolled out over 45 days';

function readHeader(cells: readonly string[]): { columns: CsvColumn[] } | { error: AnnotationCsvError } {
  const columns: CsvColumn[] = [];
  for (const raw of cells) {
    const name = raw.trim().toLowerCase();
    const known = COLUMNS.find((c) => c === name);
    const why =
      known === undefined
        ? `the header names an unknown column "${raw}"`
        : columns.includes(known)
          ? `the header names the column "${known}" twice`
          : null;
    if (why !== null) {
      return {
        error: {
          line: 1,
          column: null,
          message: `${why}: the first line must be the header date,title or date,title,note, e.g.\n${EXAMPLE}`,
        },
      };
    }
    columns.push(known!);
  }
  const missing = (['date', 'title'] as const).filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return {
      error: {
        line: 1,
        column: null,
        message: `the header has no ${missing.join(' and no ')} column: the first line must be the header date,title or date,title,note, e.g.\n${EXAMPLE}`,
      },
    };
  }
  return { columns };
}

function readRow(
  line: number,
  columns: readonly CsvColumn[],
  cells: readonly string[],
  errors: AnnotationCsvError[],
): AnnotationCsvRow | null {
  const cell = (c: CsvColumn) => {
    const i = columns.indexOf(c);
    return i < 0 ? '' : (cells[i] ?? '').trim();
  };
  const before = errors.length;
  const date = cell('date');
  if (!isValidIsoDate(date)) {
    errors.push({
      line,
      column: 'date',
      message:
        date === ''
          ? `line ${line}: the date is empty; write the day as YYYY-MM-DD, e.g. 2024-03-05`
          : `line ${line}: "${date}" is not a date; write a real day as YYYY-MM-DD, e.g. 2024-03-05`,
    });
  }
  const title = cell('title');
  if (title === '') {
    errors.push({
      line,
      column: 'title',
      message: `line ${line}: the title is empty; give every row a title`,
    });
  } else if (hasUnsafeCharacters(title)) {
    errors.push({
      line,
      column: 'title',
      message: `line ${line}: the title holds a line break, control or text-direction character; keep the title on one line (put details in the note)`,
    });
  } else if (title.length > MAX_ANNOTATION_TITLE) {
    errors.push({
      line,
      column: 'title',
      message: `line ${line}: the title has ${title.length} characters; shorten it to at most ${MAX_ANNOTATION_TITLE} (put the rest in the note)`,
    });
  }
  const note = cell('note');
  if (note.length > MAX_ANNOTATION_NOTE) {
    errors.push({
      line,
      column: 'note',
      message: `line ${line}: the note has ${note.length} characters; shorten it to at most ${MAX_ANNOTATION_NOTE.toLocaleString('en')}`,
    });
  }
  return errors.length > before ? null : { line, date, title, note: note === '' ? null : note };
}

/**
 * Reads a CSV of annotations: a header naming date and title (and optionally note), then one row per
 * annotation. The whole file is taken or refused: any bad row refuses it, with every error found (at most
 * 50), each naming its line, its column and how to fix it. A UTF-8 byte-order mark is skipped; blank lines
 * are ignored; a cell with a comma, a quote or a line break is quoted as RFC 4180 says.
 */
export function readAnnotationCsv(text: string): AnnotationCsvResult {
  // Each record comes with the line it ends on in front (a quoted cell may span several lines).
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      on_record: (record: string[], { lines }) => [String(lines), ...record],
    });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    const line = typeof e.lines === 'number' ? e.lines : 1;
    return {
      ok: false,
      errors: [
        {
          line,
          column: null,
          message: `line ${line}: ${e.message}; every row needs as many cells as the header, and a cell holding a comma, a quote or a line break is enclosed in double quotes with its quotes doubled ("")`,
        },
      ],
    };
  }
  const [header, ...data] = records;
  if (header === undefined) {
    return {
      ok: false,
      errors: [
        {
          line: 1,
          column: null,
          message: `the file is empty: write the header and one row per annotation, e.g.\n${EXAMPLE}`,
        },
      ],
    };
  }
  const head = readHeader(header.slice(1));
  if ('error' in head) return { ok: false, errors: [head.error] };
  if (data.length === 0) {
    return {
      ok: false,
      errors: [
        {
          line: 2,
          column: null,
          message: `the file has a header but no rows: add one row per annotation, e.g.\n${EXAMPLE}`,
        },
      ],
    };
  }
  if (data.length > MAX_ANNOTATION_CSV_ROWS) {
    return {
      ok: false,
      errors: [
        {
          line: Number(data[MAX_ANNOTATION_CSV_ROWS]![0]),
          column: null,
          message: `the file has ${data.length.toLocaleString('en')} rows; one import takes at most ${MAX_ANNOTATION_CSV_ROWS.toLocaleString('en')}: split it into several files`,
        },
      ],
    };
  }
  const errors: AnnotationCsvError[] = [];
  const rows: AnnotationCsvRow[] = [];
  for (const [end, ...cells] of data) {
    const breaks = cells.reduce((n, c) => n + (c.match(/\n/gu)?.length ?? 0), 0);
    const row = readRow(Number(end) - breaks, head.columns, cells, errors);
    if (row !== null) rows.push(row);
    if (errors.length >= MAX_REPORTED_ERRORS) break;
  }
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, MAX_REPORTED_ERRORS) } : { ok: true, rows };
}

// The port of the generic SERP CSV fast path (RankImport.stageSerpCsv): an engine that can read a CSV file
// itself (DuckDB's read_csv) stages a whole file in one go. The importer says where the file is and how its
// columns lie, and passes the cell rules: each DISTINCT cell text of a column is checked and normalised once
// by the importer's own code (same messages as the streaming parser), and the engine applies the answers to
// every row, finds duplicate positions, and stages the accepted rows for the usual commit.

/** Why a row is rejected: its code and message (the streaming parser's). */
export interface CellProblem<C extends string = string> {
  code: C;
  reason: string;
}

/** A normalised URL as the import stores it. */
export interface SerpCsvUrl {
  url: string;
  host: string;
  domain: string;
  path: string;
}

/** Column positions of the file (0-based; -1 when the header lacks the column). */
export interface SerpCsvColumns {
  date: number;
  market: number;
  keyword: number;
  position: number;
  url: number;
  type: number;
  sv: number;
  title: number;
}

export interface SerpCsvFile {
  path: string;
  /** `,`, `;` or tab. */
  delimiter: string;
  /** Cells of the header. */
  width: number;
  /** Line number of the first row after the header (every row is one line: the importer checked). */
  firstLine: number;
  columns: SerpCsvColumns;
  /** Data rows the file holds (lines after the header); the engine refuses the file when it reads another count. */
  rows: number;
}

/**
 * Checks of one cell text each, called once per distinct text of the column (and with '' for an empty or
 * absent cell). A returned CellProblem rejects every row with that text; the columns are checked in the
 * order below and a row's first problem is its reject.
 */
export interface SerpCsvRules<C extends string = string> {
  date(raw: string): string | CellProblem<C>;
  /** The market code; `column` false when the problem is not the cell's (no market column). */
  market(raw: string): string | (CellProblem<C> & { column: boolean });
  keyword(raw: string): string | CellProblem<C>;
  position(raw: string): number | CellProblem<C>;
  url(raw: string): SerpCsvUrl | CellProblem<C>;
  /**
   * The URLs `url` keeps as given, as patterns the engine may apply itself instead of calling `url` (RE2
   * syntax): a text of at most `maxLength` characters that fully matches `pattern` and has no match of
   * `excluding` is its own URL, with the host in group 1 and the path in group 2 ('/' when empty), and
   * `domain(host)` its registrable domain.
   */
  plainUrls: { pattern: string; excluding: string; maxLength: number; domain(host: string): string };
  /** Result type code (@core/result-types). */
  resultType(raw: string): number | CellProblem<C>;
  /** Search volume, or null when not given. */
  sv(raw: string): number | null | CellProblem<C>;
  /** The trimmed title, or null when none. */
  title(raw: string): string | null | CellProblem<C>;
  /** A position given twice within one run of rows of a snapshot (the parser's check). */
  repeated(position: number, keyword: string, date: string): CellProblem<C>;
  /** A position given again later in the file for the same snapshot (the stager's check). */
  duplicate(
    position: number,
    keyword: string,
    date: string,
    market: string,
    firstLine: number,
  ): CellProblem<C>;
}

/** A rejected row: its line, the 0-based column at fault (-1: the row), code and reason. */
export interface SerpCsvReject<C extends string = string> extends CellProblem<C> {
  line: number;
  column: number;
}

export interface SerpCsvStaged<C extends string = string> {
  /** Data rows read (rows of delimiters only are skipped, as the streaming parser does). */
  rowsRead: number;
  /** Rows the row checks rejected, and the first `cap` of them by line. */
  rejected: number;
  rejects: SerpCsvReject<C>[];
  /** Rows that repeat a position of a snapshot seen earlier in the file, and the first `cap` of them. */
  duplicates: number;
  duplicateRejects: SerpCsvReject<C>[];
  /** SERP rows staged. */
  serpResults: number;
  /** Distinct (keyword, date) snapshots staged. */
  snapshots: number;
  /** The keywords of the staged rows (localId: order of first row), with the last volume given. */
  keywords: { localId: number; market: string; text: string; sv: number | null }[];
}

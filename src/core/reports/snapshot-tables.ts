// The tables of a generated report's data snapshot, for its CSV bundle and for comparing two generated
// reports: every list of records in an API answer a section read becomes a table (its primitive fields the
// columns; a list of numbers beside a same-length `dates` list becomes one column per date; a nested list of
// records becomes a table of its own keyed by its parent row), and two snapshots' tables are compared cell
// by cell on rows matched by their key (the first text column). Pure; canonical JSON for the snapshot hash.

export type Cell = string | number | boolean | null;

export interface SnapshotTable {
  /** The answer's path and the list's place in it, e.g. `competitors.hosts`. */
  name: string;
  columns: string[];
  rows: Cell[][];
}

/** JSON with object keys sorted at every depth, so equal data always gives the same text (and hash). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isPrimitive = (v: unknown): v is Cell =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Every table of one answer; `name` prefixes their names. */
export function tablesOf(name: string, answer: unknown): SnapshotTable[] {
  const out: SnapshotTable[] = [];
  walk(name, answer, null, out);
  return out.filter((t) => t.rows.length > 0);
}

function walk(path: string, value: unknown, dates: string[] | null, out: SnapshotTable[]): void {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isRecord)) out.push(...recordTables(path, value, dates));
    return;
  }
  if (!isRecord(value)) return;
  const own =
    Array.isArray(value.dates) && value.dates.every((d) => typeof d === 'string') ? value.dates : null;
  for (const [k, v] of Object.entries(value)) walk(`${path}.${k}`, v, (own as string[] | null) ?? dates, out);
}

function recordTables(
  name: string,
  rows: Record<string, unknown>[],
  dates: string[] | null,
): SnapshotTable[] {
  const columns: string[] = [];
  const nested = new Map<string, { parent: string; row: Record<string, unknown> }[]>();
  const add = (c: string) => {
    if (!columns.includes(c)) columns.push(c);
  };
  const flat = rows.map((row) => {
    const cells = new Map<string, Cell>();
    for (const [k, v] of Object.entries(row)) {
      if (isPrimitive(v)) {
        add(k);
        cells.set(k, v);
      } else if (Array.isArray(v) && v.every(isPrimitive)) {
        // A series: one column per date when it lines up with the answer's dates, else per index.
        v.forEach((x, i) => {
          const c = dates !== null && dates.length === v.length ? `${k} ${dates[i]}` : `${k}[${i}]`;
          add(c);
          cells.set(c, x);
        });
      } else if (Array.isArray(v) && v.every(isRecord)) {
        const list = nested.get(k) ?? [];
        nested.set(k, list);
        for (const child of v) list.push({ parent: '', row: child });
      }
    }
    return cells;
  });
  const table: SnapshotTable = {
    name,
    columns,
    rows: flat.map((cells) => columns.map((c) => cells.get(c) ?? null)),
  };
  const keyColumn = columns.findIndex((c) => typeof flat.find((f) => f.has(c))?.get(c) === 'string');
  const children: SnapshotTable[] = [];
  for (const [k] of nested) {
    const parented = rows.flatMap((row, i) => {
      const list = row[k];
      const parent = keyColumn < 0 ? String(i) : String(table.rows[i]![keyColumn]);
      return Array.isArray(list) ? list.filter(isRecord).map((r) => ({ parent, ...r })) : [];
    });
    if (parented.length > 0) children.push(...recordTables(`${name}.${k}`, parented, dates));
  }
  return [table, ...children];
}

/** RFC 4180 CSV with a header row; numbers as JavaScript prints them. */
export function tableCsv(table: SnapshotTable): string {
  const esc = (v: Cell) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [table.columns, ...table.rows].map((r) => r.map(esc).join(',')).join('\r\n') + '\r\n';
}

export interface CellChange {
  /** The row's key (its first text column, with its parent's for nested tables); `#i` without one. */
  row: string;
  column: string;
  a: number | null;
  b: number | null;
  /** b − a; null when the row is only in one of them. */
  delta: number | null;
}

export interface TableComparison {
  name: string;
  rowsA: number;
  rowsB: number;
  added: string[];
  removed: string[];
  /** Numeric cells that differ, at most MAX_CHANGES, largest |delta| first. */
  changes: CellChange[];
  changedCells: number;
}

export const MAX_CHANGES = 200;

function keyed(t: SnapshotTable): Map<string, Map<string, Cell>> {
  const keyIndex = t.columns.findIndex((_, c) => t.rows.some((r) => typeof r[c] === 'string'));
  const parent = t.columns.indexOf('parent');
  const out = new Map<string, Map<string, Cell>>();
  t.rows.forEach((r, i) => {
    const base = keyIndex < 0 ? `#${i}` : String(r[keyIndex]);
    const key = parent >= 0 && parent !== keyIndex ? `${String(r[parent])} / ${base}` : base;
    out.set(out.has(key) ? `${key} #${i}` : key, new Map(t.columns.map((c, j) => [c, r[j] ?? null])));
  });
  return out;
}

/** What changed from `a` to `b` in the tables of one name (either may be missing: all rows added/removed). */
export function compareTables(a: SnapshotTable | undefined, b: SnapshotTable | undefined): TableComparison {
  const ka = a ? keyed(a) : new Map<string, Map<string, Cell>>();
  const kb = b ? keyed(b) : new Map<string, Map<string, Cell>>();
  const changes: CellChange[] = [];
  for (const [row, cells] of kb) {
    const before = ka.get(row);
    if (!before) continue;
    for (const [column, v] of cells) {
      const u = before.get(column);
      if (typeof v === 'number' && typeof u === 'number' && u !== v) {
        changes.push({ row, column, a: u, b: v, delta: v - u });
      } else if (
        (typeof v === 'number') !== (typeof u === 'number') &&
        (typeof v === 'number' || typeof u === 'number')
      ) {
        changes.push({
          row,
          column,
          a: typeof u === 'number' ? u : null,
          b: typeof v === 'number' ? v : null,
          delta: null,
        });
      }
    }
  }
  changes.sort((x, y) => Math.abs(y.delta ?? Infinity) - Math.abs(x.delta ?? Infinity));
  return {
    name: (a ?? b)!.name,
    rowsA: ka.size,
    rowsB: kb.size,
    added: [...kb.keys()].filter((k) => !ka.has(k)),
    removed: [...ka.keys()].filter((k) => !kb.has(k)),
    changes: changes.slice(0, MAX_CHANGES),
    changedCells: changes.length,
  };
}

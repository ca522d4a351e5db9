// How closely two answers agree, for the bench's checks (a twin against the endpoint, the server backends
// against the embedded ones): exact for counts, names and order; numbers within a relative 1e-9, against at
// least 1 so that values near zero (deltas of nearly equal sums) compare absolutely.
const TOLERANCE = 1e-9;

/** Relative difference, against at least 1 so that zeros compare absolutely. */
export const relDiff = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(b));

/** A value as JSON, cut to 80 characters (a difference names the values, it does not print a whole CSV). */
function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export class Agreement {
  private compared = 0;
  private readonly differences: string[] = [];
  private worst = 0;

  /** Two numbers (null and undefined are values too: both must be absent). */
  num(what: string, a: number | null | undefined, b: number | null | undefined): void {
    this.compared += 1;
    if (a === null || a === undefined || b === null || b === undefined) {
      if ((a ?? null) !== (b ?? null)) this.differ(`${what}: ${a} ≠ ${b}`);
      return;
    }
    const d = relDiff(a, b);
    this.worst = Math.max(this.worst, d);
    if (!(d <= TOLERANCE)) this.differ(`${what}: ${a} ≠ ${b}`);
  }

  /** Two values that must be identical (strings, counts, positions). */
  same(what: string, a: unknown, b: unknown): void {
    this.compared += 1;
    if (a !== b) this.differ(`${what}: ${short(a)} ≠ ${short(b)}`);
  }

  private differ(text: string): void {
    this.differences.push(text);
  }

  get ok(): boolean {
    return this.differences.length === 0;
  }

  /** One line: the values compared and the largest relative difference, or the first differences. */
  summary(): string {
    if (this.ok) return `same (${this.compared} values, max rel. diff ${this.worst.toExponential(1)})`;
    return `DIFFERENT in ${this.differences.length} of ${this.compared} values: ${this.differences.slice(0, 3).join('; ')}`;
  }
}

/** Deep comparison of two JSON answers: same shape, strings and order, numbers as in Agreement.num. */
export function compareJson(a: unknown, b: unknown, agreement = new Agreement(), path = '$'): Agreement {
  if (typeof a === 'number' && typeof b === 'number') agreement.num(path, a, b);
  else if (Array.isArray(a) && Array.isArray(b)) {
    agreement.same(`${path}.length`, a.length, b.length);
    for (let i = 0; i < Math.min(a.length, b.length); i += 1)
      compareJson(a[i], b[i], agreement, `${path}[${i}]`);
  } else if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      compareJson(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        agreement,
        `${path}.${k}`,
      );
    }
  } else agreement.same(path, a, b);
  return agreement;
}

/** The first cell of every data line of a CSV export (after the BOM and header). */
export function csvFirstCells(text: string): string[] {
  const out: string[] = [];
  const lines = text
    .replace(/^\uFEFF/u, '')
    .split(/\r?\n/u)
    .slice(1);
  for (const line of lines) {
    if (line === '') continue;
    if (line.startsWith('"')) {
      let cell = '';
      for (let i = 1; i < line.length; i += 1) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (line[i] === '"') break;
        else cell += line[i];
      }
      out.push(cell);
    } else out.push(line.split(',')[0]!);
  }
  return out;
}

/** A CSV export's cells (BOM dropped), unquoted numeric cells as numbers so that they compare as numbers. */
export function csvCells(text: string): (string | number)[][] {
  const rows: (string | number)[][] = [];
  let row: (string | number)[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const push = () => {
    row.push(!wasQuoted && cell !== '' && Number.isFinite(Number(cell)) ? Number(cell) : cell);
    cell = '';
    wasQuoted = false;
  };
  const body = text.replace(/^\uFEFF/u, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') push();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      push();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    push();
    rows.push(row);
  }
  return rows;
}

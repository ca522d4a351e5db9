// "Same numbers" on two engines: deep equality of answers from DuckDB and ClickHouse, where floating-point
// sums may differ in their last bits because each engine adds in its own order. Numbers must agree within a
// relative 1e-9 (counts, being far below 1e9, must therefore be equal); everything else — strings, nulls,
// the order of arrays — must be identical.
import { expect } from 'vitest';

const RELATIVE = 1e-9;

/**
 * Paths (`$.items[2].share`) where `actual` and `expected` differ, at most `limit` of them. Numbers smaller
 * than `floor` compare absolutely (within 1e-9 × floor): a delta of two nearly equal sums carries the rounding
 * of its operands, not of itself.
 */
export function differences(actual: unknown, expected: unknown, path = '$', limit = 10, floor = 0): string[] {
  const out: string[] = [];
  const walk = (a: unknown, e: unknown, p: string): void => {
    if (out.length >= limit) return;
    if (typeof a === 'number' && typeof e === 'number') {
      if (a !== e && !(Math.abs(a - e) <= RELATIVE * Math.max(floor, Math.abs(a), Math.abs(e)))) {
        out.push(`${p}: ${a} ≠ ${e}`);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(e)) {
      if (a.length !== e.length) out.push(`${p}: length ${a.length} ≠ ${e.length}`);
      for (let i = 0; i < Math.min(a.length, e.length); i++) walk(a[i], e[i], `${p}[${i}]`);
      return;
    }
    if (a !== null && e !== null && typeof a === 'object' && typeof e === 'object') {
      const keys = new Set([...Object.keys(a), ...Object.keys(e)]);
      for (const k of keys)
        walk((a as Record<string, unknown>)[k], (e as Record<string, unknown>)[k], `${p}.${k}`);
      return;
    }
    if (a !== e) out.push(`${p}: ${JSON.stringify(a)} ≠ ${JSON.stringify(e)}`);
  };
  walk(actual, expected, path);
  return out;
}

/** Asserts the same numbers; `what` names the call in the failure message. */
export function expectSameNumbers(actual: unknown, expected: unknown, what: string): void {
  expect(differences(actual, expected), what).toEqual([]);
}

/** CSV text as cells, numeric cells as numbers (so they compare within the tolerance). */
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
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') push();
    else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
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

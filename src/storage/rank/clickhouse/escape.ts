// The one way values and names enter ClickHouse SQL (DESIGN §1): ClickHouse 18.16 has no query parameters,
// so every literal the adapter writes into a statement goes through `lit` and every identifier through
// `ident`. Both refuse what they cannot render exactly instead of guessing. Bulk rows never go through SQL
// text: they are sent as JSONEachRow bodies (client.ts).

/** A calendar date (`YYYY-MM-DD`); rendered as `toDate('…')` so it is typed Date in any expression. */
export class SqlDate {
  readonly iso: string;

  constructor(iso: string) {
    const ok =
      /^\d{4}-\d{2}-\d{2}$/u.test(iso) && new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso;
    // ClickHouse's Date covers 1970-01-01 … 2105 (days since the epoch in a UInt16).
    if (!ok || iso < '1970-01-01' || iso > '2105-12-31')
      throw new RangeError(`not a ClickHouse date: ${iso}`);
    this.iso = iso;
  }
}

export type SqlValue = string | number | bigint | boolean | null | SqlDate | readonly SqlValue[];

/** Backslash escapes of a single-quoted ClickHouse string; other control characters become \xHH. */
const STRING_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\0': '\\0',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function quoteString(value: string): string {
  // A lone UTF-16 surrogate has no UTF-8 form: it would reach the server as U+FFFD and not round-trip.
  if (/\p{Cs}/u.test(value)) throw new RangeError('string contains a lone UTF-16 surrogate');
  let body = '';
  for (const c of value) {
    const code = c.codePointAt(0)!;
    const control = code < 0x20 || code === 0x7f;
    body += STRING_ESCAPES[c] ?? (control ? `\\x${code.toString(16).padStart(2, '0')}` : c);
  }
  return `'${body}'`;
}

function number(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  // Parenthesised when negative, so `x - ${lit(-1)}` stays `x - (-1)`; -0 is rendered as 0.
  if (Object.is(value, -0)) return '0';
  return value < 0 ? `(${String(value)})` : String(value);
}

/** Renders a value as a ClickHouse literal: strings quoted and escaped, numbers checked, arrays as `[…]`. */
export function lit(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return quoteString(value);
  if (typeof value === 'number') return number(value);
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof SqlDate) return `toDate('${value.iso}')`;
  return `[${value.map(lit).join(', ')}]`;
}

/** A database, table or column name, back-quoted; names are limited to [A-Za-z_][A-Za-z0-9_]*. */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/u.test(name)) throw new RangeError(`not a plain identifier: ${name}`);
  return `\`${name}\``;
}

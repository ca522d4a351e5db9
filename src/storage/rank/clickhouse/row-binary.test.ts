// RowBinary layout of transfer batches: little-endian integers, Date as days, LEB128-prefixed UTF-8 strings
// (multi-byte and hostile text), Nullable flags, string arrays, 64-bit counts, and range checks.
import { describe, expect, it } from 'vitest';
import { encodeRowBinary } from './row-binary';

describe('encodeRowBinary', () => {
  it('writes fixed-width integers little-endian, row after row', () => {
    const body = encodeRowBinary(
      ['UInt16', 'Date', 'UInt32', 'UInt8'],
      [
        Uint16Array.of(1, 513),
        Int32Array.of(20_269, 0),
        Uint32Array.of(0x01020304, 4_294_967_295),
        Uint8Array.of(7, 100),
      ],
      2,
    );
    expect([...body]).toEqual([1, 0, 0x2d, 0x4f, 4, 3, 2, 1, 7, 1, 2, 0, 0, 255, 255, 255, 255, 100]);
  });

  it('prefixes UTF-8 byte lengths, flags nulls and counts array items', () => {
    const text = `O'Brien\\ 🚀 ${'x'.repeat(200)}`;
    const bytes = Buffer.from(text, 'utf8');
    const body = encodeRowBinary(
      ['String', 'Nullable(String)', 'Array(String)', 'Nullable(UInt32)'],
      [[text], [null], [['a', 'ß']], [null]],
      1,
    );
    const expected = Buffer.concat([
      Buffer.from([(bytes.length % 128) | 0x80, Math.floor(bytes.length / 128)]),
      bytes,
      Buffer.from([1]),
      Buffer.from([2, 1, 0x61, 2, 0xc3, 0x9f]),
      Buffer.from([1]),
    ]);
    expect(body.equals(expected)).toBe(true);
  });

  it('writes 64-bit counts and selected rows only', () => {
    const body = encodeRowBinary(['UInt64'], [Float64Array.of(1, 2 ** 40 + 5)], 0, [1]);
    expect([...body]).toEqual([5, 0, 0, 0, 0, 1, 0, 0]);
  });

  it('refuses values the column type cannot hold', () => {
    expect(() => encodeRowBinary(['UInt16'], [Uint32Array.of(70_000)], 1)).toThrow(RangeError);
    expect(() => encodeRowBinary(['String'], [[null]], 1)).toThrow(/null/u);
    expect(() => encodeRowBinary(['Decimal(9, 2)'], [Float64Array.of(1)], 1)).toThrow(/not supported/u);
  });
});

import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine } from './csv';

describe('csv cells', () => {
  it('escape text that a spreadsheet would run as a formula', () => {
    for (const bad of [
      '=1+2',
      '+cmd',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '\uFF1D1+2',
      '\uFF0Bx',
      '\uFF0D1',
      '\uFF20SUM(A1)',
    ]) {
      expect(csvCell(bad).replace(/^"|"$/gu, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });

  it('quote separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain text')).toBe('plain text');
  });

  it('write numbers as numbers, negative ones included, and null as empty', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvLine(['k', 1, null, '-x'])).toBe("k,1,,'-x\r\n");
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('round numbers to four decimals, leaving integers and huge numbers as they are', () => {
    expect(csvCell(4709.641750023968)).toBe('4709.6418');
    expect(csvCell(0.1 + 0.2)).toBe('0.3');
    expect(csvCell(-0.00001)).toBe('0');
    expect(csvCell(123456789)).toBe('123456789');
    expect(csvCell(1e20 + 0.5)).toBe('100000000000000000000');
  });
});

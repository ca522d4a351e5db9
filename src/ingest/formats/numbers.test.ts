// Number cells: positions, grouped counts, volumes, decimals, CTR percentages and spreadsheet-mangled cells.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkCount,
  checkCtr,
  checkDecimal,
  checkNumericCell,
  checkPosition,
  checkVolume,
  looksLikeMangledNumber,
  wholeNumber,
} from './numbers';

describe('positions', () => {
  it('are whole numbers 1–100', () => {
    expect(checkPosition(' 7 ')).toBe(7);
    expect(checkPosition('100')).toBe(100);
    expect(checkPosition('0')).toBe('position 0 is outside 1–100');
    expect(checkPosition('101')).toBe('position 101 is outside 1–100');
    expect(checkPosition('3.5')).toBe('position "3.5" is not a whole number');
    expect(checkPosition('')).toBe('position "" is not a whole number');
  });

  it('wholeNumber reads any digit string it is given', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999_999 }), (n) => {
        expect(wholeNumber(String(n))).toBe(n);
      }),
    );
  });
});

describe('counts and volumes', () => {
  it('accept digit grouping and a zero fraction, refuse ambiguity', () => {
    expect(checkCount('1,200', 'x')).toBe(1200);
    expect(checkCount('1 200 300', 'x')).toBe(1200300);
    expect(checkCount('1\u00a0200', 'x')).toBe(1200);
    expect(checkCount("12'500", 'x')).toBe(12500);
    expect(checkCount('420231.0', 'x')).toBe(420231);
    expect(checkCount('1.200', 'x')).toBe('x "1.200" is ambiguous (1.2 or 1200?)');
    expect(checkCount('1,20', 'x')).toBe('x "1,20" is not a number');
    expect(checkCount('-5', 'x')).toBe('x "-5" is negative');
  });

  it('round-trip any count written with grouping', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2_000_000_000 }), fc.constantFrom(',', ' ', '\u00a0', '', "'"), (n, sep) => {
        const written = n.toLocaleString('en-US').replace(/,/gu, sep);
        expect(checkCount(written, 'x')).toBe(n);
      }),
    );
  });

  it('volumes: unknown is null, ranges are unknown and flagged, mangled cells are refused', () => {
    expect(checkVolume('')).toEqual({ sv: null });
    expect(checkVolume(' n/a ')).toEqual({ sv: null });
    expect(checkVolume('—')).toEqual({ sv: null });
    expect(checkVolume('0')).toEqual({ sv: 0 });
    expect(checkVolume('1K – 10K')).toEqual({ sv: null, range: true });
    expect(checkVolume('< 10')).toEqual({ sv: null, range: true });
    expect(checkVolume('cze.84')).toEqual({
      error:
        'search volume "cze.84" is not a number: it looks like a number a spreadsheet turned into a date',
      mangled: true,
    });
    expect(checkVolume('lots')).toEqual({ error: 'search volume "lots" is not a number', mangled: false });
  });
});

describe('decimals and CTR', () => {
  it('read a decimal point or a lone decimal comma', () => {
    expect(checkDecimal('25.74', 'p')).toBe(25.74);
    expect(checkDecimal('25,74', 'p')).toBe(25.74);
    expect(checkDecimal('1,234', 'p')).toBe('p "1,234" is ambiguous (decimal or thousands comma?)');
    expect(checkDecimal('1.5e-3', 'p')).toBe(0.0015);
  });

  it('CTR as a percentage or a fraction, exactly', () => {
    expect(checkCtr('3.7%')).toBe(0.037);
    expect(checkCtr('33.49%')).toBe(0.3349);
    expect(checkCtr('0%')).toBe(0);
    expect(checkCtr('3,7 %')).toBe(0.037);
    expect(checkCtr('0.6206896551724138')).toBe(0.6206896551724138);
    expect(checkCtr('120%')).toBe('CTR "120%" is outside 0–100 %');
    expect(checkCtr('1.5')).toBe('CTR "1.5" is outside 0–100 %');
  });

  it('percent cells read as the decimal they write', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), (hundredths) => {
        const text = `${(hundredths / 100).toString()}%`;
        expect(checkCtr(text)).toBe(Number(`${hundredths / 100}e-2`));
      }),
    );
  });
});

describe('spreadsheet-mangled numbers', () => {
  it('are recognised in several languages and separators', () => {
    for (const v of ['cze.84', '01.wrz', 'paź.99', '12-Jan', 'Mar 95', 'sty.17'])
      expect(looksLikeMangledNumber(v)).toBe(true);
    for (const v of ['0.84', 'iphone 15', 'inf', '2024-01-01', ''])
      expect(looksLikeMangledNumber(v)).toBe(false);
  });

  it('numeric cells pass numbers, percentages, currency, inf and blanks, and name mangled ones', () => {
    for (const v of [
      '0.331',
      '-0.402',
      '',
      'inf',
      '-inf',
      'nan',
      '12%',
      '$1.20',
      '1,234.5',
      '1 200',
      'n/a',
    ]) {
      expect(checkNumericCell(v, 'YoY')).toBeNull();
    }
    expect(checkNumericCell('cze.84', 'YoY_hist')).toBe(
      'YoY_hist "cze.84" is not a number: it looks like a number a spreadsheet turned into a date',
    );
    expect(checkNumericCell('high', 'KD')).toBe('KD "high" is not a number');
  });
});

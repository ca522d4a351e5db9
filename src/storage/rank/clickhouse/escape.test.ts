// Unit tests of the ClickHouse escaping function: what each value renders to, and what it refuses.
import { describe, expect, it } from 'vitest';
import { ident, lit, SqlDate } from './escape';

describe('lit', () => {
  it('quotes strings with backslash escapes for quotes, backslashes and control characters', () => {
    expect(lit("it's")).toBe("'it\\'s'");
    expect(lit('back\\slash')).toBe("'back\\\\slash'");
    expect(lit("'; DROP TABLE x; --")).toBe("'\\'; DROP TABLE x; --'");
    expect(lit('a\0b\nc\rd\te')).toBe("'a\\0b\\nc\\rd\\te'");
    expect(lit('\u0001\u001f\u007f')).toBe("'\\x01\\x1f\\x7f'");
    expect(lit("\\'")).toBe("'\\\\\\''");
  });

  it('passes Unicode and emoji through unchanged', () => {
    expect(lit('straße 日本語 مرحبا 🚀')).toBe("'straße 日本語 مرحبا 🚀'");
  });

  it('leaves no unescaped quote: the literal ends where it should', () => {
    for (const s of ["'", "\\'", "\\\\'", "''", 'x\\', '\\']) {
      const body = lit(s).slice(1, -1);
      // Every quote in the body is preceded by an odd number of backslashes.
      for (const m of body.matchAll(/(\\*)'/gu)) expect(m[1]!.length % 2).toBe(1);
      expect(body.endsWith('\\') && !body.endsWith('\\\\')).toBe(false);
    }
  });

  it('refuses lone surrogates, which have no UTF-8 form', () => {
    expect(() => lit('a\uD800b')).toThrow(/surrogate/);
    expect(lit('\uD83D\uDE80')).toBe("'🚀'");
  });

  it('renders numbers, refusing NaN and infinities; negatives are parenthesised', () => {
    expect(lit(42)).toBe('42');
    expect(lit(1.5)).toBe('1.5');
    expect(lit(-7)).toBe('(-7)');
    expect(lit(-0)).toBe('0');
    expect(lit(12345678901234567890n)).toBe('12345678901234567890');
    expect(() => lit(Number.NaN)).toThrow(/finite/);
    expect(() => lit(Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });

  it('renders null, booleans, dates and arrays', () => {
    expect(lit(null)).toBe('NULL');
    expect(lit(true)).toBe('1');
    expect(lit(new SqlDate('2025-01-06'))).toBe("toDate('2025-01-06')");
    expect(lit([1, 'a', ["b'"]])).toBe("[1, 'a', ['b\\'']]");
    expect(lit([])).toBe('[]');
  });

  it('refuses dates that are not real calendar days or outside ClickHouse Date', () => {
    for (const bad of ['2025-02-30', '2025-1-6', "2025-01-06'; --", '1969-12-31', '2106-01-01']) {
      expect(() => new SqlDate(bad)).toThrow(/date/);
    }
  });
});

describe('ident', () => {
  it('back-quotes plain names and refuses anything else', () => {
    expect(ident('sightline_test_1')).toBe('`sightline_test_1`');
    for (const bad of ['a`b', 'a b', '1abc', '', 'x;DROP', 'naïve', 'a'.repeat(129)]) {
      expect(() => ident(bad)).toThrow(/identifier/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseKeyword } from './keyword';

describe('normaliseKeyword', () => {
  it('trims, lower-cases and collapses inner whitespace', () => {
    expect(normaliseKeyword('  Cheap \t Flights\n to  PARIS ')).toBe('cheap flights to paris');
    expect(normaliseKeyword('\u00a0best\u2003ISA\u00a0')).toBe('best isa');
    expect(normaliseKeyword('   ')).toBe('');
  });

  it('is idempotent and leaves no leading, trailing or doubled whitespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (s) => {
        const n = normaliseKeyword(s);
        expect(normaliseKeyword(n)).toBe(n);
        expect(n).toBe(n.trim());
        expect(n).not.toMatch(/\s\s/u);
        expect(n).not.toMatch(/[\t\n\r]/u);
      }),
    );
  });

  it('ignores case and spacing differences', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 6 }), (words) => {
        const spaced = `  ${words.map((w) => w.toUpperCase()).join(' \t  ')} `;
        expect(normaliseKeyword(spaced)).toBe(words.join(' '));
      }),
    );
  });
});

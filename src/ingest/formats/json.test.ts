// Locating the first syntax error of a JSON document JSON.parse refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonErrorOffset } from './json';

describe('jsonErrorOffset', () => {
  it('points at the first character JSON.parse cannot take', () => {
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset('[1, 2,]')).toBe(6);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('[1] x')).toBe(4);
    expect(jsonErrorOffset('"a\\qb"')).toBe(2);
    expect(jsonErrorOffset('[{"a": [1, 2')).toBe(12);
    expect(jsonErrorOffset('['.repeat(100_000))).toBe(100_000);
  });

  it('finds no error in valid JSON, and an offset inside the text in invalid JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v, null, 1);
        expect(jsonErrorOffset(text)).toBe(text.length);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '1', 'a', ' ', '\\', 'n', 'u', 'l'),
        }),
        (s) => {
          let valid = true;
          try {
            JSON.parse(s);
          } catch {
            valid = false;
          }
          const at = jsonErrorOffset(s);
          if (valid) expect(at).toBe(s.length);
          else expect(at).toBeLessThanOrEqual(s.length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

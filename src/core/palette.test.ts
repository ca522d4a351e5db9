import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstUnusedColour, PALETTE, paletteColour } from './palette';

describe('series palette (spec §3, §9)', () => {
  it('"Palette 25 colours": 25 distinct hex colours', () => {
    expect(PALETTE).toHaveLength(25);
    expect(new Set(PALETTE).size).toBe(25);
    for (const c of PALETTE) expect(c).toMatch(/^#[0-9a-f]{6}$/u);
  });

  it('paletteColour wraps after 25 and accepts negative indices', () => {
    expect(paletteColour(0)).toBe(PALETTE[0]);
    expect(paletteColour(25)).toBe(PALETTE[0]);
    expect(paletteColour(26)).toBe(PALETTE[1]);
    expect(paletteColour(-1)).toBe(PALETTE[24]);
  });

  it('"A new domain takes the first palette colour not used": skips used colours, case-insensitively', () => {
    expect(firstUnusedColour([])).toBe(PALETTE[0]);
    expect(firstUnusedColour([PALETTE[0]!, PALETTE[2]!])).toBe(PALETTE[1]);
    expect(firstUnusedColour([PALETTE[0]!.toUpperCase()])).toBe(PALETTE[1]);
    expect(firstUnusedColour(['#000000'])).toBe(PALETTE[0]);
  });

  it('with all 25 used, repeats the least-used colour, earliest first', () => {
    expect(firstUnusedColour(PALETTE)).toBe(PALETTE[0]);
    expect(firstUnusedColour([...PALETTE, PALETTE[0]!])).toBe(PALETTE[1]);
  });

  it('always returns a palette colour that is unused whenever one is', () => {
    fc.assert(
      fc.property(fc.subarray([...PALETTE]), (used) => {
        const c = firstUnusedColour(used);
        expect(PALETTE).toContain(c);
        if (used.length < PALETTE.length) {
          expect(used).not.toContain(c);
          expect(PALETTE.indexOf(c)).toBe(PALETTE.findIndex((p) => !used.includes(p)));
        }
      }),
    );
  });
});

// The 25-colour series palette (specification §3, §9). Tracked domains and domain groups take colours in this
// order, so a campaign's first series get the most distinct hues; a new domain takes the first colour that no
// selected domain or domain group uses yet (specification §4).
export const PALETTE: readonly string[] = Object.freeze([
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#e6550d',
  '#31a354',
  '#843c39',
  '#756bb1',
  '#636363',
  '#3182bd',
  '#fd8d3c',
  '#74c476',
  '#ad494a',
  '#9e9ac8',
  '#bd9e39',
  '#de9ed6',
  '#6baed6',
  '#8ca252',
]);

/** The colour for the n-th series (0-based), wrapping after 25. */
export function paletteColour(n: number): string {
  return PALETTE[((n % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
}

/**
 * The first palette colour not in `used` (compared case-insensitively). When all 25 are taken, the colour
 * used the fewest times, the earliest of those in palette order, so a 26th series repeats the first hue.
 */
export function firstUnusedColour(used: Iterable<string>): string {
  const uses = new Map<string, number>();
  for (const c of used) {
    const key = c.toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  let best = PALETTE[0]!;
  let bestUses = Number.POSITIVE_INFINITY;
  for (const colour of PALETTE) {
    const n = uses.get(colour) ?? 0;
    if (n === 0) return colour;
    if (n < bestUses) {
      best = colour;
      bestUses = n;
    }
  }
  return best;
}

// The 25-colour series palette (specification §3, §9): tracked domains and domain groups take colours in
// this order, so a campaign's first domains get the most distinct hues.
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

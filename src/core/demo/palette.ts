// The demo seeder's colours are the product palette of src/core/palette.ts (specification §3, §9).
export { PALETTE, paletteColour } from '../palette';

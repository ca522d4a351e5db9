// Keyword text normalisation (DESIGN §2): every store, importer and filter compares keywords in this form,
// so "Cheap  Flights " and "cheap flights" are one keyword of a market.

/** Trims, lower-cases and collapses every run of inner whitespace (any Unicode space) to one space. */
export function normaliseKeyword(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/gu, ' ');
}

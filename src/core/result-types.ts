// SERP result types of DESIGN §2. Stores keep the index into RESULT_TYPES (a small integer), so the list
// is append-only: never reorder or remove an entry.
export const RESULT_TYPES = [
  'organic',
  'brand',
  'featured_snippet',
  'local_pack',
  'news',
  'video',
  'image',
  'shopping',
  'people_also_ask',
  'knowledge_panel',
  'ai_overview',
  'sitelink',
  'other',
] as const;

export type ResultType = (typeof RESULT_TYPES)[number];

export function resultTypeCode(t: ResultType): number {
  return RESULT_TYPES.indexOf(t);
}

export function resultTypeOf(code: number): ResultType {
  const t = RESULT_TYPES[code];
  if (t === undefined) throw new RangeError(`unknown result type code ${code}`);
  return t;
}

export function isResultType(value: string): value is ResultType {
  return (RESULT_TYPES as readonly string[]).includes(value);
}

/** How screens and exports name each result type. */
export const RESULT_TYPE_LABELS: Record<ResultType, string> = {
  organic: 'Organic',
  brand: 'Brand',
  featured_snippet: 'Featured snippet',
  local_pack: 'Local pack',
  news: 'News',
  video: 'Video',
  image: 'Image',
  shopping: 'Shopping',
  people_also_ask: 'People also ask',
  knowledge_panel: 'Knowledge panel',
  ai_overview: 'AI overview',
  sitelink: 'Sitelink',
  other: 'Other',
};

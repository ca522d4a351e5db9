// SERP features of the demo: which result types occupy which positions, and how often, per search intent.
// SERP generation lays features out per keyword and week in this order: each present feature takes the
// first free position among its candidates, starting from a hashed one. Sitelinks are laid out first and
// do not change from week to week: on those keywords positions 1–3 are an organic result with two
// sitelinks under it. Every other position is organic.
import type { ResultType } from '../result-types';

export interface DemoFeature {
  type: ResultType;
  /** Candidate positions, a contiguous range. */
  first: number;
  last: number;
  /** Chance per keyword and week, per mille, by intent (order of INTENTS). */
  perMille: readonly number[];
}

/** Layout order: earlier features win contested positions. */
export const DEMO_FEATURES: readonly DemoFeature[] = [
  { type: 'featured_snippet', first: 1, last: 1, perMille: [340, 140, 50, 50, 30] },
  { type: 'ai_overview', first: 1, last: 2, perMille: [400, 240, 100, 70, 50] },
  { type: 'knowledge_panel', first: 1, last: 3, perMille: [50, 20, 10, 30, 250] },
  { type: 'shopping', first: 1, last: 3, perMille: [0, 250, 400, 50, 100] },
  { type: 'local_pack', first: 2, last: 4, perMille: [10, 30, 60, 650, 20] },
  { type: 'people_also_ask', first: 3, last: 6, perMille: [600, 450, 250, 250, 200] },
  { type: 'news', first: 4, last: 8, perMille: [100, 60, 30, 20, 60] },
  { type: 'video', first: 5, last: 9, perMille: [200, 120, 60, 40, 80] },
  { type: 'image', first: 6, last: 12, perMille: [120, 100, 80, 30, 30] },
];

/** Chance per mille, by intent, that position 1 is an organic result with sitelinks at 2 and 3. */
export const DEMO_SITELINKS_PER_MILLE: readonly number[] = [30, 40, 60, 50, 550];

/** Sitelinks are laid out after this many features (0: first, so no feature displaces them). */
export const DEMO_SITELINKS_AFTER = 0;

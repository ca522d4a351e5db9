// Recommendation (spec §2, issue 6 item 4): a host's URLs ranked by opportunity (DESIGN §3: for each URL
// ranking 4–20, Σ_k sv(k) × (ctr(max(1, p − 3)) − ctr(p)), estimated monthly clicks), with the keywords behind
// each and the URL's visibility score against `time` earlier. Data at /api/recommendation/data/urls, CSV at
// /api/recommendation/urls/csv (one row per URL and keyword), both with host, time and market.
import { z } from 'zod';
import { hostParam, marketParam, timeSpanParam } from './common';

export const RECOMMENDATION_BASE = '/api/recommendation';
export const RECOMMENDATION_FIELDS = [
  'url',
  'opportunity',
  'keywords',
  'bestPosition',
  'visibilityScore',
] as const;

export const recommendationQuery = z.object({
  host: hostParam,
  market: marketParam,
  time: timeSpanParam,
  sortField: z
    .enum(RECOMMENDATION_FIELDS, { error: `expected one of ${RECOMMENDATION_FIELDS.join(', ')}` })
    .default('opportunity'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});
export type RecommendationQuery = z.infer<typeof recommendationQuery>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });

export const recommendationRow = z.object({
  url: z.string(),
  /** Estimated monthly clicks gained if the URL climbed three places on every keyword where it ranks 4–20. */
  opportunity: z.number(),
  /** Keywords (with known volume) where the URL ranks 4–20. */
  keywords: z.number().int(),
  /** The URL's best position over those keywords. */
  bestPosition: z.number().int(),
  /** The URL's visibility score at the latest snapshot (every position), and its change since `start`. */
  visibilityScore: z.number(),
  visibilityScoreDeltas: deltas,
  behind: z.array(
    z.object({
      keyword: z.string(),
      searchVolume: z.number(),
      position: z.number().int(),
      gain: z.number(),
    }),
  ),
});
export type RecommendationRow = z.infer<typeof recommendationRow>;

export const recommendationResponse = z.object({
  market: z.string(),
  host: z.object({ value: z.string(), kind: z.enum(['domain', 'host', 'path']) }),
  /** The latest snapshot date (null when the market has none) and the comparison date `time` before it. */
  date: z.string().nullable(),
  start: z.string().nullable(),
  /** Σ opportunity over every URL. */
  opportunity: z.number(),
  total: z.number().int(),
  items: z.array(recommendationRow),
});
export type RecommendationResponse = z.infer<typeof recommendationResponse>;

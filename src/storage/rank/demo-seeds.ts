// The seeds and constants of the demo SERP generator that both engines' SQL (duckdb/demo-sql.ts,
// clickhouse/demo-sql.ts) take, so that one plan gives the same rows on either: 32-bit unsigned integers.
import { mix32 } from '@core/demo/prng';

const U32 = 4294967296;

/** Seed of market index m: keyword hashes differ between markets. */
export function marketSeed(seed: number, m: number): number {
  return (seed + m * 1000003) % U32;
}

/** Salt of layout step i (features and sitelinks) and of story i. */
export function salt(kind: number, i: number): number {
  return mix32((kind * 7919 + i * 104729 + 1) % U32);
}

/**
 * Cannibalisation the demo plants (issue 29 item 3), by a hash of (keyword, story) that stays the same every
 * week: per mille of a story's keywords where a second URL of its host ranks 1–3 places below the first, and
 * per mille (the next ones) where its URL moves to the host's next page every 4 weeks (a flip).
 */
export const DEMO_CONFLICTS = { secondUrlPerMille: 15, flipPerMille: 10 } as const;

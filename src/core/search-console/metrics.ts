// Search Console metrics (issue 30): how stored rows fold into the figures every Search Console screen shows.
// Clicks and impressions are sums; CTR is Σ clicks ÷ Σ impressions (never an average of row CTRs); average
// position is impression-weighted, Σ (position × impressions) ÷ Σ impressions, as Search Console itself
// averages positions over impressions. Stores return the three sums; this module turns them into figures.

/** What a store sums over the rows of one group: counts, and Σ position × impressions. */
export interface GscSums {
  clicks: number;
  impressions: number;
  /** Σ (average position × impressions) of the rows: the numerator of the weighted average position. */
  positionWeight: number;
}

/** The figures of one group of rows. */
export interface GscMetrics {
  clicks: number;
  impressions: number;
  /** Σ clicks ÷ Σ impressions, a fraction 0–1; null without impressions. */
  ctr: number | null;
  /** Impression-weighted average position (1 = top); null without impressions. */
  position: number | null;
}

export const ZERO_SUMS: GscSums = Object.freeze({ clicks: 0, impressions: 0, positionWeight: 0 });

/** The figures of summed rows. */
export function gscMetrics(s: GscSums): GscMetrics {
  const has = s.impressions > 0;
  return {
    clicks: s.clicks,
    impressions: s.impressions,
    ctr: has ? s.clicks / s.impressions : null,
    position: has ? s.positionWeight / s.impressions : null,
  };
}

/** Sums of several groups (adding their sums, never averaging their ratios). */
export function addSums(parts: readonly GscSums[]): GscSums {
  const out = { clicks: 0, impressions: 0, positionWeight: 0 };
  for (const p of parts) {
    out.clicks += p.clicks;
    out.impressions += p.impressions;
    out.positionWeight += p.positionWeight;
  }
  return out;
}

/** The sums of stored rows, as a reference for the stores' SQL (tests) and for rows read whole. */
export function sumRows(rows: readonly { clicks: number; impressions: number; position: number }[]): GscSums {
  return addSums(
    rows.map((r) => ({
      clicks: r.clicks,
      impressions: r.impressions,
      positionWeight: r.position * r.impressions,
    })),
  );
}

/** Change of a figure from the previous period to the current one; null when either is unknown. */
export function change(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : current - previous;
}

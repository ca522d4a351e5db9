// Market share overview (spec §2 and §7, issue 6 item 1): share of visibility over `time` of a market's
// leading registrable domains and the organisation's tracked domains (DESIGN §3 share with the whole market
// as denominator, one point per snapshot date), their league, and the competitive matrix (hosts × keyword
// tags or groups of the organisation's campaigns in the market). Served at /api/marketshare/data/overview,
// …/data/competitive-matrix and …/data/csv (`kind=overview` or `kind=matrix`); the screens themselves live
// at /marketshare/overview/{market}/{time} and /marketshare/overview/{host}/{market}/{time}.
import { z } from 'zod';
import { hostParam, marketParam, timeSpanParam } from './common';

export const MARKET_SHARE_BASE = '/api/marketshare/data';
export const MARKET_SHARE_DEFAULT_LIMIT = 10;
export const MATRIX_KINDS = ['tags', 'groups'] as const;
export type MatrixKind = (typeof MATRIX_KINDS)[number];
export const MARKET_SHARE_CSV_KINDS = ['overview', 'matrix'] as const;

export const marketShareQuery = z.object({
  market: marketParam,
  time: timeSpanParam,
  host: hostParam.optional().describe('A host to add to the leaders, highlighted (its registrable domain)'),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit: at least 1')
    .max(50, 'limit: at most 50')
    .default(MARKET_SHARE_DEFAULT_LIMIT)
    .describe('Leading registrable domains shown (by VS at the last point)'),
});
export type MarketShareQuery = z.infer<typeof marketShareQuery>;

export const marketShareMatrixQuery = marketShareQuery.extend({
  by: z
    .enum(MATRIX_KINDS, { error: `expected one of ${MATRIX_KINDS.join(', ')}` })
    .default('tags')
    .describe('Columns: keyword tags or keyword groups of the campaigns in the market'),
});
export type MarketShareMatrixQuery = z.infer<typeof marketShareMatrixQuery>;

export const marketShareCsvQuery = marketShareMatrixQuery.extend({
  kind: z
    .enum(MARKET_SHARE_CSV_KINDS, { error: `expected one of ${MARKET_SHARE_CSV_KINDS.join(', ')}` })
    .default('overview')
    .describe('overview: the table with one share column per date; matrix: the competitive matrix'),
});
export type MarketShareCsvQuery = z.infer<typeof marketShareCsvQuery>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });

/** Why a host is shown (several may hold). */
const hostFlags = {
  /** Among the `limit` leaders at the last point. */
  leader: z.boolean(),
  /** A tracked domain of one of the organisation's campaigns in the market. */
  tracked: z.boolean(),
  /** Tracked as the client's own domain. */
  own: z.boolean(),
  /** The `host` of the request. */
  selected: z.boolean(),
};

export const marketShareHost = z.object({
  /** Registrable domain. */
  host: z.string(),
  ...hostFlags,
  /** Whole-market rank at the last point (1 = most visible); null when not visible there. */
  rank: z.number().int().nullable(),
  /** VS (estimated monthly clicks) and share (%) at the last point. */
  visibilityScore: z.number(),
  share: z.number(),
  visibilityScoreDeltas: deltas,
  /** Share change in percentage points (`delta`) and relative to the starting share (`percentageDelta`). */
  shareDeltas: deltas,
  /** Rank at the first point − rank at the last (positive: moved up); null when unranked at either. */
  rankChange: z.number().int().nullable(),
  /** Per point date (`dates`): VS and share (%). */
  visibilityScores: z.array(z.number()),
  shares: z.array(z.number()),
});
export type MarketShareHost = z.infer<typeof marketShareHost>;

export const marketShareResponse = z.object({
  market: z.string(),
  time: z.enum(['week', 'month', 'quarter', 'half-year', 'year']),
  /** The span: `time` before today, to today. */
  startDate: z.string(),
  endDate: z.string(),
  /** The registrable domain of `host`, when given. */
  host: z.string().nullable(),
  /** Point dates: the market's snapshot dates in the span. */
  dates: z.array(z.string()),
  /** Σ VS over every host of the market per point date: the share denominator. */
  marketVisibilityScores: z.array(z.number()),
  /** By share at the last point, descending. */
  hosts: z.array(marketShareHost),
});
export type MarketShareResponse = z.infer<typeof marketShareResponse>;

export const marketShareMatrixResponse = z.object({
  market: z.string(),
  by: z.enum(MATRIX_KINDS),
  /** The last point date of the span (null when the market has no snapshot in it). */
  date: z.string().nullable(),
  /** Campaigns of the organisation in the market (whose keyword labels form the columns). */
  campaigns: z.number().int(),
  /** Columns, by label: keywords carrying it and Σ VS of every host on them at `date`. */
  labels: z.array(z.object({ label: z.string(), keywords: z.number().int(), visibilityScore: z.number() })),
  /** Rows: the hosts of the overview, same order. */
  rows: z.array(
    z.object({
      host: z.string(),
      ...hostFlags,
      cells: z.array(z.object({ visibilityScore: z.number(), share: z.number() })),
    }),
  ),
});
export type MarketShareMatrixResponse = z.infer<typeof marketShareMatrixResponse>;

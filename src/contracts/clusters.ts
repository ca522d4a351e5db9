// Content clusters (spec §2, issue 6 item 5): the query and responses of the four endpoints under
// /api/marketshare/{existing,new}/cluster/{data,csv}. Keyword clusters (DESIGN §3) are built per market and
// snapshot date by a background job, so a request first answers 202 with the job's progress and, once the
// clusters exist, 200 with the page of clusters. Units: search volume is monthly searches, visibility
// scores estimated monthly clicks, positions 1–100, progress 0–1, dates `YYYY-MM-DD`.
import { z } from 'zod';
import { parseTrackedValue, quoteUnsafe } from '@core/tracked-value';
import { TIME_SPANS, type TimeSpan } from '@core/date-range';
import { hostParam, marketParam, timeSpanParam } from './common';

export const CLUSTER_BASE = '/api/marketshare';
export const CLUSTER_KINDS = ['existing', 'new'] as const;
export type ClusterKind = (typeof CLUSTER_KINDS)[number];

/** Spec §2/§9: how far back the comparison reaches; default year. */
export type ClusterTime = TimeSpan;

/** One domain of such a list, read by the strict parser of tracked values (400 naming it otherwise). */
const strictHost = z
  .string()
  .max(253)
  .superRefine((v, ctx) => {
    const parsed = parseTrackedValue(v);
    if (!parsed.ok)
      ctx.addIssue({ code: 'custom', message: `${quoteUnsafe(v)} is not a domain: ${parsed.reason}` });
  });

/** A list of registrable domains: repeated parameters or one comma-separated value; at most 20. */
const hostList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((x) => x.split(','))
          .map((x) => x.trim().toLowerCase())
          .filter((x) => x !== ''),
  )
  .pipe(z.array(strictHost).max(20, 'name at most 20 domains').optional());

export const clusterQuery = z.object({
  host: hostParam,
  market: marketParam,
  time: timeSpanParam,
  minShared: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe('Top-10 URLs two keywords must share to be linked (DESIGN §3)'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50).describe('Clusters per page'),
  competitors: hostList.describe('New content: look for exactly these competitors (the user’s choice)'),
  exclude: hostList.describe('New content: leave these domains out of the competitors'),
});
export type ClusterQuery = z.infer<typeof clusterQuery>;

/** 202: the market's clusters are still being built. */
export const clusterRunning = z.object({
  status: z.literal('running'),
  market: z.string(),
  date: z.string().describe('The snapshot date being clustered (the market’s latest)'),
  phase: z.enum(['reading', 'clustering']),
  progress: z.number().min(0).max(1),
});
export type ClusterRunning = z.infer<typeof clusterRunning>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });
const host = z.object({ value: z.string(), kind: z.enum(['domain', 'host', 'path']) });

const doneFields = {
  status: z.literal('done'),
  market: z.string(),
  host,
  date: z.string().describe('The latest snapshot date of the market, which was clustered'),
  minShared: z.number().int(),
  /** Keywords clustered and the clusters they form (before filtering). */
  clusteredKeywords: z.number().int(),
  clusters: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
};

export const existingCluster = z.object({
  hub: z.string(),
  keywords: z.array(
    z.object({
      keyword: z.string(),
      searchVolume: z.number().nullable(),
      position: z.number().int().nullable(),
      url: z.string().nullable(),
    }),
  ),
  searchVolume: z.number(),
  bestPosition: z.number().int(),
  url: z.string(),
  visibilityScore: z.number(),
  visibilityScoreDeltas: deltas,
});
export type ExistingClusterItem = z.infer<typeof existingCluster>;

export const existingClustersResponse = z.object({
  ...doneFields,
  time: z.enum(TIME_SPANS),
  comparedWith: z.string().describe('The earlier date of the visibility-score deltas'),
  comparisonClamped: z
    .boolean()
    .describe('True when `time` reaches before the first snapshot: comparedWith is then the first snapshot'),
  items: z.array(existingCluster),
});
export type ExistingClustersResponse = z.infer<typeof existingClustersResponse>;

export const newCluster = z.object({
  hub: z.string(),
  keywords: z.array(z.object({ keyword: z.string(), searchVolume: z.number().nullable() })),
  searchVolume: z.number(),
  competitors: z.array(z.object({ domain: z.string(), bestPosition: z.number().int() })),
});
export type NewClusterItem = z.infer<typeof newCluster>;

export const newClustersResponse = z.object({
  ...doneFields,
  /** The host's competitors at the date that were looked for: topical ones of the explorer's league. */
  competitors: z.array(z.string()),
  /**
   * The league's domains considered, in league order: the share of the keywords each ranks for (top 20)
   * that the host ranks for too, and why it was left out (excluded, not topical, beyond the limit) or null.
   */
  candidates: z.array(
    z.object({
      domain: z.string(),
      topicalShare: z.number(),
      keywords: z.number().int(),
      leftOut: z.enum(['excluded', 'not topical', 'beyond the limit']).nullable(),
    }),
  ),
  items: z.array(newCluster),
});
export type NewClustersResponse = z.infer<typeof newClustersResponse>;

export const existingClustersReply = z.discriminatedUnion('status', [
  clusterRunning,
  existingClustersResponse,
]);
export const newClustersReply = z.discriminatedUnion('status', [clusterRunning, newClustersResponse]);
export type ExistingClustersReply = z.infer<typeof existingClustersReply>;
export type NewClustersReply = z.infer<typeof newClustersReply>;

export const clusterCsvResponse = z.string().describe('CSV, UTF-8 with a byte-order mark');

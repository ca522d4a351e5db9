// One-to-one comparison (spec §2 and §7, issue 6 item 3): two hosts side by side in one market over `time`.
// Data at GET /api/v2/1-2-1/data (host = "a.com,b.com", market, time, group, sort, page); the exports are
// server addresses of the web routes (/{hosts}/{market}/1-2-1 and …/keyword-csv, CSV). Read-only share
// links open one comparison to people without an account: `share` carries the signed token; the links are
// made, listed and revoked under /api/v2/1-2-1/share-links (ROLE_MS_ALL).
import { z } from 'zod';
import { ONE_TO_ONE_GROUPS } from '@core/metrics/one-to-one';
import { hostParam, idParam, marketParam, timeSpanParam } from './common';

export const ONE_TO_ONE_BASE = '/api/v2/1-2-1';
/** The path segment of a comparison address (spec §2 `{token}`). */
export const ONE_TO_ONE_SEGMENT = '1-2-1';
/** Longest life of a share link, in days. */
export const SHARE_MAX_DAYS = 90;
/** Lives offered by the screen, in days. */
export const SHARE_DAY_CHOICES = [1, 7, 30, 90] as const;

export const ONE_TO_ONE_SORT_FIELDS = [
  'keyword',
  'searchVolume',
  'aPosition',
  'bPosition',
  'aScore',
  'bScore',
  'aScoreDelta',
  'bScoreDelta',
] as const;
export type OneToOneSortField = (typeof ONE_TO_ONE_SORT_FIELDS)[number];

/** `a.com,b.com`: exactly two different hosts, A then B (spec §2 `hosts` is comma-separated). */
export const hostPairParam = z
  .string()
  .trim()
  .transform((value) => value.split(',').map((h) => h.trim()))
  .pipe(
    z
      .array(hostParam)
      .length(2, 'name two hosts separated by a comma, e.g. host=a.com,b.com')
      .refine(
        (l) => l.length !== 2 || l[0]!.toLowerCase() !== l[1]!.toLowerCase(),
        'name two different hosts',
      ),
  )
  .describe('Two hosts separated by a comma: A,B (registrable domain, host or host with path each)');

/** The signed share token of a read-only link (only for a signed-out viewer of that link). */
export const shareParam = z
  .string()
  .max(200, 'not a share token')
  .optional()
  .describe('Read-only share token of the link (signed out viewers)');

export const oneToOneGroup = z.enum(['all', ...ONE_TO_ONE_GROUPS], {
  error: `expected all, ${ONE_TO_ONE_GROUPS.join(', ')}`,
});
export type OneToOneGroupParam = z.infer<typeof oneToOneGroup>;

export const oneToOneQuery = z.object({
  host: hostPairParam,
  market: marketParam,
  time: timeSpanParam,
  group: oneToOneGroup.default('all'),
  sortField: z
    .enum(ONE_TO_ONE_SORT_FIELDS, { error: `expected one of ${ONE_TO_ONE_SORT_FIELDS.join(', ')}` })
    .default('searchVolume'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  share: shareParam,
});
export type OneToOneQuery = z.infer<typeof oneToOneQuery>;

/** The exports have no `time` in spec §2: the default year unless `time` is given. */
export const oneToOneExportQuery = z.object({
  time: timeSpanParam,
  group: oneToOneGroup.default('all'),
});
export type OneToOneExportQuery = z.infer<typeof oneToOneExportQuery>;

export const oneToOneExportParams = z.object({
  hosts: hostPairParam,
  market: marketParam,
  share: z.string().max(200, 'not a share token').optional(),
});
export type OneToOneExportParams = z.infer<typeof oneToOneExportParams>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });
const hostRef = z.object({ value: z.string(), kind: z.enum(['domain', 'host', 'path']) });

const cell = z.object({
  /** Best position at the end date (null: not in the top 100) and its URL. */
  position: z.number().int().nullable(),
  url: z.string().nullable(),
  positionStart: z.number().int().nullable(),
  /** Keyword score at the end date (estimated monthly clicks) and its change since the start date. */
  score: z.number(),
  scoreDeltas: deltas,
});

export const oneToOneRow = z.object({
  keyword: z.string(),
  searchVolume: z.number().nullable(),
  groups: z.array(z.enum(ONE_TO_ONE_GROUPS)),
  a: cell,
  b: cell,
});
export type OneToOneRowBody = z.infer<typeof oneToOneRow>;

const hostSummary = z.object({
  host: hostRef,
  /** At the end date; deltas from the start date (DESIGN §3). */
  visibilityScore: z.number(),
  visibilityScoreDeltas: deltas,
  visibility: z.number(),
  visibilityDeltas: deltas,
  /** Keywords where the host ranks at the end date. */
  rankingKeywords: z.number().int(),
});

export const oneToOneResponse = z.object({
  market: z.string(),
  time: z.string(),
  /** The span asked (today − time … today) and its first and last snapshot dates (null without any). */
  startDate: z.string(),
  endDate: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  a: hostSummary,
  b: hostSummary,
  /** One point per snapshot date: both hosts' visibility score and visibility (%). */
  series: z.array(
    z.object({
      date: z.string(),
      a: z.object({ visibilityScore: z.number(), visibility: z.number() }),
      b: z.object({ visibilityScore: z.number(), visibility: z.number() }),
    }),
  ),
  /** Keywords per group at the end date (shared = both in the top 100; ahead = better best position). */
  counts: z.object({
    shared: z.number().int(),
    onlyA: z.number().int(),
    onlyB: z.number().int(),
    aAhead: z.number().int(),
    bAhead: z.number().int(),
  }),
  group: oneToOneGroup,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(oneToOneRow),
  /** Set when read through a share link: who shared it and until when. */
  shared: z.object({ organisation: z.string(), expiresAt: z.string() }).nullable(),
});
export type OneToOneResponse = z.infer<typeof oneToOneResponse>;

export const createShareLinkBody = z.object({
  host: hostPairParam,
  market: marketParam,
  days: z.coerce
    .number()
    .int('expected whole days')
    .min(1, 'a link lives at least 1 day')
    .max(SHARE_MAX_DAYS, `a link lives at most ${SHARE_MAX_DAYS} days`),
});
export type CreateShareLinkBody = z.infer<typeof createShareLinkBody>;

export const shareLinkBody = z.object({
  id: z.number().int(),
  hosts: z.tuple([z.string(), z.string()]),
  market: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  /** The shared page's address (time year; the viewer may pick another) holding the token. */
  path: z.string(),
  /** The link to send: `path` on the configured PUBLIC_URL, or `path` itself when none is configured. */
  url: z.string(),
  token: z.string(),
});
export type ShareLinkBody = z.infer<typeof shareLinkBody>;

export const shareLinksResponse = z.object({ items: z.array(shareLinkBody) });
export type ShareLinksResponse = z.infer<typeof shareLinksResponse>;

export const shareLinkIdParams = z.object({ id: idParam });

/** `a.com,b.com` as one path segment: each host URI-encoded (a host with a path keeps no bare slash). */
export function hostPairSegment(hosts: readonly [string, string]): string {
  return hosts.map(encodeURIComponent).join(',');
}

/** The comparison screen's address; with `share`, the read-only shared page of that token. */
export function oneToOnePath(
  hosts: readonly [string, string],
  time: string,
  market: string,
  share?: string,
): string {
  const base = `/${hostPairSegment(hosts)}/${time}/${market}/${ONE_TO_ONE_SEGMENT}`;
  return share === undefined ? base : `${base}/${share}`;
}

/** The export addresses (spec §2, no time: the default year unless `time` is added as a query parameter). */
export function oneToOneExportPath(
  kind: 'data' | 'keyword-csv',
  hosts: readonly [string, string],
  market: string,
  share?: string,
): string {
  const base = `/${hostPairSegment(hosts)}/${market}/${ONE_TO_ONE_SEGMENT}`;
  const path = kind === 'data' ? base : `${base}/keyword-csv`;
  return share === undefined ? path : `${path}/${share}`;
}

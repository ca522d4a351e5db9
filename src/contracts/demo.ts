// The public demo for anonymous visitors (spec §7 /demo/search and /demo/call, issue 5): a limited explorer
// summary of one host in one market, the visitor's search allowance, the set-up-a-call request, and the
// administrators' list of call requests. "Limited" means the headline numbers, the visibility series and the
// top DEMO_TOP_KEYWORDS keywords without their URLs: never the ranking tables, top URLs, competitors or CSVs.
// Units as in the explorer: visibility scores are estimated monthly clicks, visibility a percentage 0–100,
// search volume monthly searches, dates YYYY-MM-DD, instants ISO 8601 UTC.
import { z } from 'zod';
import { email } from './common';

export const DEMO_SEARCH = '/demo/search';
export const DEMO_CALL = '/demo/call';
export const ADMIN_CALL_REQUESTS = '/api/v1/admin/call-requests';

/** Keywords of the demo summary's top list. */
export const DEMO_TOP_KEYWORDS = 5;

/** The error code of a search past the visitor's allowance (HTTP 402, spec §8: the LIMIT_REACHED dialog). */
export const LIMIT_REACHED_CODE = 'LIMIT_REACHED';

export const demoSearchBody = z.object({
  domain: z
    .string()
    .trim()
    .min(1, 'enter a domain such as example.com')
    .max(500, 'use at most 500 characters')
    .describe('A registrable domain, host or host with path'),
  market: z
    .string()
    .regex(/^[a-z]{2}-[a-z]{2}(-mobile)?$/u, 'expected a market code such as gb-en or us-en-mobile'),
});
export type DemoSearchBody = z.infer<typeof demoSearchBody>;

/** The visitor's allowance: searches with data used so far of the configured limit. */
const allowance = {
  searchesUsed: z.number().int(),
  searchLimit: z.number().int(),
  /** True once every search of the allowance is used: the next one answers 402 LIMIT_REACHED. */
  limitReached: z.boolean(),
};

export const demoStatusResponse = z.object({
  ...allowance,
  markets: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type DemoStatusResponse = z.infer<typeof demoStatusResponse>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });

export const demoSummary = z.object({
  market: z.string(),
  host: z.object({ value: z.string(), kind: z.enum(['domain', 'host', 'path']) }),
  startDate: z.string(),
  endDate: z.string(),
  date: z.string(),
  rankingKeywords: z.number().int(),
  visibilityScore: z.number(),
  visibilityScoreDeltas: deltas,
  visibility: z.number(),
  visibilityDeltas: deltas,
  series: z.array(z.object({ date: z.string(), visibilityScore: z.number(), visibility: z.number() })),
  topKeywords: z
    .array(
      z.object({
        keyword: z.string(),
        searchVolume: z.number().nullable(),
        position: z.number().int(),
        visibilityScore: z.number(),
      }),
    )
    .max(DEMO_TOP_KEYWORDS),
});
export type DemoSummary = z.infer<typeof demoSummary>;

export const demoSearchResponse = z.object({
  ...allowance,
  /** NO_DATA_FOUND: the host ranks for no keyword of the market in the range (the search is not counted). */
  status: z.enum(['OK', 'NO_DATA_FOUND']),
  summary: demoSummary.nullable(),
});
export type DemoSearchResponse = z.infer<typeof demoSearchResponse>;

/** Slots a visitor may prefer for the call. */
export const PREFERRED_TIMES = ['morning', 'afternoon', 'any'] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

export const callRequestBody = z.object({
  name: z.string().trim().min(1, 'enter your name').max(200, 'use at most 200 characters'),
  email: email.pipe(z.string().max(320, 'use at most 320 characters')),
  company: z.string().trim().min(1, 'enter your company').max(200, 'use at most 200 characters'),
  preferredTime: z.enum(PREFERRED_TIMES, { error: `expected one of ${PREFERRED_TIMES.join(', ')}` }),
  message: z.string().trim().max(2000, 'use at most 2,000 characters').optional(),
});
export type CallRequestBody = z.infer<typeof callRequestBody>;

export const callRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  preferredTime: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type CallRequest = z.infer<typeof callRequest>;

export const callRequestResponse = z.object({ received: z.literal(true), id: z.number().int() });

export const callRequestsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const callRequestsResponse = z.object({ items: z.array(callRequest) });
export type CallRequestsResponse = z.infer<typeof callRequestsResponse>;

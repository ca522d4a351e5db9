// Visibility explorer (spec §7, issue 5): the query parameters and responses of the endpoints under
// /api/v3/visibility-explorer/{market}/ and of the two public autocompletes. The explorer measures one host
// (a registrable domain, a host, or a host with a path — DESIGN §3) over every keyword of the market, no
// campaign needed; `domains` may list several values but only the first is used (spec §5). Units:
// visibility scores are estimated monthly clicks (Σ search volume × click-through rate), visibility and
// share are percentages 0–100, search volume is monthly searches, dates `YYYY-MM-DD`.
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';
import { RESULT_TYPES } from '@core/result-types';

/** The API path of every signed-in visibility-explorer endpoint. */
export const VE_BASE = '/api/v3/visibility-explorer';
export const VE_PUBLIC_AUTOCOMPLETE = '/api/v3/public/visibility-explorer/autocomplete';
export const VE_LEGACY_AUTOCOMPLETE = '/api/v2/public/ve/autocomplete';

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');
const market = z
  .string()
  .regex(/^[a-z]{2}-[a-z]{2}(-mobile)?$/u, 'expected a market code such as gb-en or us-en-mobile');

export const veParams = z.object({ market });
export type VeParams = z.infer<typeof veParams>;

/** Parameters of every explorer endpoint. */
export const veQuery = z.object({
  domains: z
    .array(z.string().trim().min(1, 'must not be empty').max(500, 'use at most 500 characters'))
    .min(1, 'name the host to explore, e.g. domains=example.com/blog')
    .max(20, 'select at most 20 domains')
    .describe('The host to explore (registrable domain, host or host+path); only the first is used'),
  date: calendarDate.optional().describe('Point date of the single-date parts; default endDate'),
  startDate: calendarDate.optional().describe('Range start; default 6 months before endDate'),
  endDate: calendarDate.optional().describe('Range end; default today'),
  limit: z.coerce.number().int().min(1).max(100).default(10).describe('Rows of each top list'),
});
export type VeQuery = z.infer<typeof veQuery>;

export const VE_LIST_PARAMS = ['domains'] as const;

export const VE_KEYWORD_FIELDS = [
  'keyword',
  'searchVolume',
  'position',
  'positionDeltas',
  'url',
  'visibilityScore',
  'visibilityScoreDeltas',
] as const;
export const VE_URL_FIELDS = [
  'url',
  'keywords',
  'keywordsDeltas',
  'visibilityScore',
  'visibilityScoreDeltas',
  'bestPosition',
  'searchVolume',
] as const;

/** Ranking tables: every keyword (URL) where the host ranks at the first or the last point of the range. */
export const veRankingQuery = veQuery.extend({
  sortField: z.string().max(100).optional().describe('A field id; …Deltas fields sort by delta'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  campaign: z
    .string()
    .regex(/^(-|[1-9][0-9]{0,14})$/u, "expected a campaign id (a whole number such as 12) or '-' for none")
    .optional()
    .describe(
      "The campaign id a CSV export is filed under, or '-' for none (spec §7): a campaign of your " +
        'organisation in this market (404 for an unknown one, 400 for one in another market)',
    ),
});
export type VeRankingQuery = z.infer<typeof veRankingQuery>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });

/** The explored host as parsed: its canonical value and kind. */
const host = z.object({ value: z.string(), kind: z.enum(['domain', 'host', 'path']) });

const typeShare = z.object({
  resultType: z.enum(RESULT_TYPES),
  visibilityScore: z.number(),
  share: z.number(),
});

export const veResultTypeProminenceResponse = z.object({
  market: z.string(),
  host,
  startDate: z.string(),
  endDate: z.string(),
  dates: z.array(z.string()),
  total: z.array(typeShare),
  series: z.array(z.object({ date: z.string(), types: z.array(typeShare) })),
});
export type VeResultTypeProminenceResponse = z.infer<typeof veResultTypeProminenceResponse>;

const topKeyword = z.object({
  keyword: z.string(),
  searchVolume: z.number().nullable(),
  position: z.number().int(),
  url: z.string(),
  visibilityScore: z.number(),
});
const topUrl = z.object({
  url: z.string(),
  keywords: z.number().int(),
  bestPosition: z.number().int(),
  visibilityScore: z.number(),
});
const competitor = z.object({
  domain: z.string(),
  /** Keywords of the host's set where the domain ranks too. */
  keywords: z.number().int(),
  visibilityScore: z.number(),
  share: z.number(),
});

export const veDomainsResponse = z.object({
  market: z.string(),
  host,
  startDate: z.string(),
  endDate: z.string(),
  /** Point date of rank ranges, top lists and competitors. */
  date: z.string(),
  dates: z.array(z.string()),
  /** Keywords of the market measured at the point date, and of those with unknown volume. */
  keywords: z.number().int(),
  unknownVolume: z.number().int(),
  /** Keywords where the host ranks at the point date. */
  rankingKeywords: z.number().int(),
  visibilityScore: z.number(),
  visibilityScoreDeltas: deltas,
  visibility: z.number(),
  visibilityDeltas: deltas,
  /** VS of the host / VS of every host on the keywords the host ranks for, at the point date. */
  share: z.number(),
  series: z.array(
    z.object({
      date: z.string(),
      keywords: z.number().int(),
      visibilityScore: z.number(),
      visibility: z.number(),
    }),
  ),
  rankRanges: z.array(z.object({ key: z.string(), keywords: z.number().int() })),
  resultTypes: z.array(typeShare),
  topKeywords: z.array(topKeyword),
  topUrls: z.array(topUrl),
  /** Registrable domains by VS on the host's ranking keywords at the point date (the host's own excluded). */
  competitors: z.array(competitor),
});
export type VeDomainsResponse = z.infer<typeof veDomainsResponse>;

const rankingPage = {
  market: z.string(),
  host,
  /** First and last point dates of the range; null when it has none. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  total: z.number().int(),
};

export const veKeywordRankingResponse = z.object({
  ...rankingPage,
  items: z.array(
    z.object({
      keyword: z.string(),
      searchVolume: z.number().nullable(),
      position: z.number().int().nullable(),
      positionDeltas: deltas.nullable(),
      url: z.string().nullable(),
      visibilityScore: z.number(),
      visibilityScoreDeltas: deltas,
    }),
  ),
});
export type VeKeywordRankingResponse = z.infer<typeof veKeywordRankingResponse>;
export type VeKeywordRow = VeKeywordRankingResponse['items'][number];

export const veUrlRankingResponse = z.object({
  ...rankingPage,
  items: z.array(
    z.object({
      url: z.string(),
      keywords: z.number().int(),
      keywordsDeltas: deltas,
      visibilityScore: z.number(),
      visibilityScoreDeltas: deltas,
      bestPosition: z.number().int().nullable(),
      searchVolume: z.number(),
    }),
  ),
});
export type VeUrlRankingResponse = z.infer<typeof veUrlRankingResponse>;
export type VeUrlRow = VeUrlRankingResponse['items'][number];

export const veCsvResponse = z.string().describe('text/csv; charset=utf-8, with BOM');

/** Public autocomplete: names only (no scores, no keywords), so nothing of the index leaks. */
export const vePublicAutocompleteQuery = z.object({
  market,
  q: z.string().trim().max(100).default('').describe('Text the domain or host contains'),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export type VePublicAutocompleteQuery = z.infer<typeof vePublicAutocompleteQuery>;

/** The older autocomplete: `domain` is the text typed. */
export const veLegacyAutocompleteQuery = z.object({
  market,
  domain: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export type VeLegacyAutocompleteQuery = z.infer<typeof veLegacyAutocompleteQuery>;

export const veAutocompleteResponse = z.object({
  items: z.array(z.object({ value: z.string(), kind: z.enum(['domain', 'host']) })),
});
export type VeAutocompleteResponse = z.infer<typeof veAutocompleteResponse>;

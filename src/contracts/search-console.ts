// Search Console analysis (issue 30 items 2–4): the query parameters and responses of the Raw Search
// Analytics, Keyword-to-Page and Page-to-Keyword endpoints under /api/v1/search-console. Units: clicks and
// impressions are counts, ctr a fraction 0–1 (Σ clicks ÷ Σ impressions), position the impression-weighted
// average position (1 = top), dates `YYYY-MM-DD`. List parameters repeat their name (`device=mobile&device=
// tablet`, or `device[]=mobile`). Text filters are `op:value` with op contains, notContains, equals, regex
// (RE2) or notRegex; a bare value means contains.
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';
import { GSC_DIMENSIONS } from '@core/search-console/tables';

export const SEARCH_CONSOLE_BASE = '/api/v1/search-console';

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');
const texts = z.array(z.string().min(1, 'must not be empty').max(500, 'use at most 500 characters')).max(20);
const dimension = z.enum(GSC_DIMENSIONS, { error: `expected one of ${GSC_DIMENSIONS.join(', ')}` });

/** Parameters every analysis endpoint takes. */
export const gscFilterQuery = z.object({
  site: z
    .string()
    .trim()
    .min(1, 'name the site, e.g. site=example.com')
    .max(500)
    .describe('The Search Console property as imported (a host or domain)'),
  searchType: z.string().max(20).default('web').describe('web, image, video, news or discover'),
  startDate: calendarDate.optional().describe("Current period start; default the table's first date"),
  endDate: calendarDate.optional().describe("Current period end; default the table's last date"),
  compareStartDate: calendarDate.optional().describe('Previous period start (with compareEndDate)'),
  compareEndDate: calendarDate.optional().describe('Previous period end'),
  queryFilter: texts.optional().describe('Query text filters `op:value` (all must hold)'),
  pageFilter: texts.optional().describe('Page URL text filters `op:value` (all must hold)'),
  country: texts.optional().describe('ISO 3166-1 alpha-2 codes, lower case (any)'),
  device: texts.optional().describe('desktop, mobile, tablet (any)'),
  searchAppearance: texts.optional().describe('Search appearances (any)'),
  sortField: z
    .string()
    .max(40)
    .optional()
    .describe('clicks, impressions, ctr, position, clicksChange or a dimension'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
});
export type GscFilterQuery = z.output<typeof gscFilterQuery>;

export const GSC_LIST_PARAMS = [
  'dimensions',
  'queryFilter',
  'pageFilter',
  'country',
  'device',
  'searchAppearance',
] as const;

export const gscAnalyticsQuery = gscFilterQuery.extend({
  dimensions: z
    .array(dimension)
    .max(6)
    .default(['query'])
    .describe('Dimensions to group by (any combination)'),
});
export type GscAnalyticsQuery = z.output<typeof gscAnalyticsQuery>;

export const gscMetrics = z.object({
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number().nullable(),
  position: z.number().nullable(),
});
export type GscMetricsView = z.infer<typeof gscMetrics>;

/** The stored table the answer was read from, and the periods it covers. */
export const gscSource = z.object({
  site: z.string(),
  searchType: z.string(),
  dimensions: z.array(dimension),
  /** The period an export states; '' for dated API rows. */
  period: z.string(),
  dated: z.boolean(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  current: z.object({ start: z.string(), end: z.string() }).nullable(),
  previous: z.object({ start: z.string(), end: z.string() }).nullable(),
});

export const gscRow = gscMetrics.extend({
  keys: z.partialRecord(dimension, z.string()),
  previous: gscMetrics.nullable(),
});
export type GscRowView = z.infer<typeof gscRow>;

export const gscDay = gscMetrics.extend({ date: z.string(), previous: gscMetrics.nullable() });

export const gscAnalyticsResponse = z.object({
  source: gscSource,
  totals: gscMetrics.extend({ previous: gscMetrics.nullable() }),
  /** Per day of the current period (dated tables only); previous: the same day offset in the previous period. */
  daily: z.array(gscDay),
  rows: z.array(gscRow),
  total: z.number().int(),
});
export type GscAnalyticsResponse = z.infer<typeof gscAnalyticsResponse>;

export const gscSitesResponse = z.object({
  items: z.array(
    z.object({
      site: z.string(),
      rows: z.number().int(),
      tables: z.array(
        z.object({
          searchType: z.string(),
          dimensions: z.array(dimension),
          period: z.string(),
          rows: z.number().int(),
          firstDate: z.string().nullable(),
          lastDate: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type GscSitesResponse = z.infer<typeof gscSitesResponse>;

/** Keyword-to-Page: queries, each with its pages; split (cannibalised) when more than one page got clicks. */
export const gscKeywordPagesResponse = z.object({
  source: gscSource,
  rows: z.array(
    gscMetrics.extend({
      query: z.string(),
      split: z.boolean(),
      /**
       * The rank tracker's position (1–100) of the site's domain for the query at the tracking campaign's
       * snapshot nearest the period's end; null when no campaign with the site's domain as its own tracks the
       * query, or the domain was not in that snapshot's top 100.
       */
      trackedPosition: z.number().nullable(),
      pages: z.array(gscMetrics.extend({ page: z.string(), clickShare: z.number().nullable() })),
    }),
  ),
  total: z.number().int(),
});
export type GscKeywordPagesResponse = z.infer<typeof gscKeywordPagesResponse>;

/** Page-to-Keyword: pages, each with its top queries. */
export const gscPageKeywordsResponse = z.object({
  source: gscSource,
  rows: z.array(
    gscMetrics.extend({
      page: z.string(),
      previous: gscMetrics.nullable(),
      queries: z.array(gscMetrics.extend({ query: z.string() })),
    }),
  ),
  total: z.number().int(),
});
export type GscPageKeywordsResponse = z.infer<typeof gscPageKeywordsResponse>;

export const gscPageKeywordsQuery = gscFilterQuery.extend({
  view: z
    .enum(['pages', 'decaying'], { error: 'expected pages or decaying' })
    .default('pages')
    .describe(
      'pages: by clicks; decaying: pages that lost clicks since the previous period, most lost first',
    ),
  queriesPerPage: z.coerce.number().int().min(1).max(100).default(10),
});

export const gscStrikingQuery = gscFilterQuery.extend({
  ctrModel: z.string().max(100).optional().describe('CTR model id; default the default curve'),
  minPosition: z.coerce.number().min(1).max(100).default(8),
  maxPosition: z.coerce.number().min(1).max(100).default(20),
});

/** Striking distance: queries at average position 8–20 by the clicks a position-3 ranking would add. */
export const gscStrikingResponse = z.object({
  source: gscSource,
  ctrModel: z.string(),
  /** Candidates considered (the most impressions first); more are not ranked. */
  considered: z.number().int(),
  rows: z.array(
    gscMetrics.extend({
      query: z.string(),
      /** Clicks at the model's position-3 CTR over the same impressions. */
      potentialClicks: z.number(),
      /** potentialClicks − clicks, at least 0. */
      extraClicks: z.number(),
    }),
  ),
  total: z.number().int(),
});
export type GscStrikingResponse = z.infer<typeof gscStrikingResponse>;

export const gscCsvResponse = z.string().describe('CSV, UTF-8 with a byte-order mark');

// Campaign visibility (spec §7, issue 4): the query parameters and responses of the fifteen endpoints under
// /api/v3/campaign-visibility/{campaign}/. List parameters repeat their name (`domains=a&domains=b`, or
// `domains[]=a`); booleans are `true`/`false`. Units: visibility scores are estimated monthly clicks
// (Σ search volume × click-through rate), visibility and share are percentages 0–100, dates `YYYY-MM-DD`.
// Targets (domains, then domain groups) keep the order of the request; a grouped field `field|i` of a
// ranking table names target i (spec §3 field conventions).
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';
import { RESULT_TYPES } from '@core/result-types';
import { idParam } from './common';

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');
const values = z.array(z.string().trim().min(1, 'must not be empty').max(500, 'use at most 500 characters'));
const flag = z.stringbool({ error: 'expected true or false' });

export const cvParams = z.object({ campaign: idParam });
export type CvParams = z.infer<typeof cvParams>;

/** Parameters every campaign-visibility endpoint accepts (spec §7 filters); absent lists do not filter. */
export const cvFilterQuery = z.object({
  campaign: z.string().optional().describe('Repeats the path campaign; must be equal when given'),
  market: z.string().optional().describe("The campaign's market; must be equal when given"),
  domains: values
    .max(100, 'select at most 100 domains')
    .optional()
    .describe('Domains, hosts or host+path values; default: the campaign’s tracked domains'),
  domainGroups: values.max(50).optional().describe('Domain group ids of the campaign'),
  tags: values.optional().describe('Keyword tags (AND when isAndFilter, default when more than one)'),
  isAndFilter: flag.optional(),
  groups: values.optional().describe('Keyword groups (any)'),
  keywords: values.optional().describe('Keyword texts (any)'),
  kwResultTypes: z
    .array(z.enum(RESULT_TYPES, { error: `expected one of ${RESULT_TYPES.join(', ')}` }))
    .optional()
    .describe('Result types that count; brand counts as organic'),
  useWholeMarket: flag.optional().describe('Share of visibility against every host of the market'),
  date: calendarDate.optional().describe('Point date; default endDate'),
  startDate: calendarDate.optional().describe('Range start; default 6 months before endDate'),
  endDate: calendarDate.optional().describe('Range end; default today'),
});
export type CvFilterQuery = z.infer<typeof cvFilterQuery>;

/** The names of list-valued parameters, for parsers that see a single value as a string. */
export const CV_LIST_PARAMS = [
  'domains',
  'domainGroups',
  'tags',
  'groups',
  'keywords',
  'kwResultTypes',
] as const;

export const cvLimitQuery = cvFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const cvTopQuery = cvFilterQuery.extend({
  top: z.coerce.number().int().min(0).max(100).optional().describe('Keywords listed per domain (default 10)'),
});
export const cvAutocompleteQuery = cvFilterQuery.extend({
  q: z.string().max(200).default('').describe('Text the host or keyword contains'),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/**
 * Ranking tables. sortField is a field id `field`, `field|i` (grouped field of target i) or, for a …Deltas
 * field, `field|i.delta` / `field|i.percentageDelta`; sortKey is the target index when sortField has none
 * (the URL filter's domain among the selected domains). Any other parameter named by a field id is a column
 * filter (dots of a name with a pipe may arrive encoded as %2E): `min:max`, `min:`, `:max` or a number for
 * numeric fields, a substring for text fields.
 */
export const cvRankingQuery = cvFilterQuery
  .extend({
    url: z.string().max(2000).optional().describe('URL filter: a URL, host or host+path'),
    sortField: z.string().max(200).optional(),
    sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).optional(),
    sortKey: z.coerce.number().int().min(0).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(50),
    weekly_data: flag.optional().describe('Add the value of each row at every point date'),
  })
  .catchall(z.string());
export type CvRankingQueryParams = z.infer<typeof cvRankingQuery>;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });
export type CvDeltas = z.infer<typeof deltas>;

/** A domain or domain group as the response names it: `key` is the domain value or the group id. */
const targetRef = z.object({
  key: z.string(),
  kind: z.enum(['domain', 'group']),
  label: z.string(),
  color: z.string().nullable(),
});
export type CvTargetRef = z.infer<typeof targetRef>;

const span = { startDate: z.string(), endDate: z.string() };

export const cvDomainsResponse = z.object({
  ...span,
  /** Point dates of the range. */
  dates: z.array(z.string()),
  keywords: z.number().int(),
  unknownVolume: z.number().int(),
  useWholeMarket: z.boolean(),
  items: z.array(
    targetRef.extend({
      visibilityScore: z.number(),
      visibilityScoreDeltas: deltas,
      visibility: z.number(),
      visibilityDeltas: deltas,
      share: z.number(),
      shareDeltas: deltas,
      series: z.array(
        z.object({
          date: z.string(),
          visibilityScore: z.number(),
          visibility: z.number(),
          share: z.number(),
        }),
      ),
    }),
  ),
});
export type CvDomainsResponse = z.infer<typeof cvDomainsResponse>;

export const cvWholeMarketResponse = z.object({
  ...span,
  dates: z.array(z.string()),
  market: z.array(
    z.object({
      date: z.string(),
      keywords: z.number().int(),
      maxVisibilityScore: z.number(),
      visibilityScore: z.number(),
    }),
  ),
  items: z.array(
    targetRef.extend({
      visibilityScore: z.number(),
      share: z.number(),
      shareDeltas: deltas,
      series: z.array(z.object({ date: z.string(), visibilityScore: z.number(), share: z.number() })),
    }),
  ),
});
export type CvWholeMarketResponse = z.infer<typeof cvWholeMarketResponse>;

const typeShare = z.object({
  resultType: z.enum(RESULT_TYPES),
  visibilityScore: z.number(),
  share: z.number(),
});
export const cvResultTypeProminenceResponse = z.object({
  ...span,
  dates: z.array(z.string()),
  items: z.array(
    targetRef.extend({
      total: z.array(typeShare),
      series: z.array(z.object({ date: z.string(), types: z.array(typeShare) })),
    }),
  ),
});
export type CvResultTypeProminenceResponse = z.infer<typeof cvResultTypeProminenceResponse>;

/** Visibility share by keyword tag (tags) or keyword group (visibility-share). */
export const cvLabelShareResponse = z.object({
  date: z.string(),
  useWholeMarket: z.boolean(),
  domains: z.array(targetRef),
  items: z.array(
    z.object({
      label: z.string(),
      keywords: z.number().int(),
      domains: z.array(z.object({ key: z.string(), visibilityScore: z.number(), share: z.number() })),
    }),
  ),
});
export type CvLabelShareResponse = z.infer<typeof cvLabelShareResponse>;

export const cvCompetitorsResponse = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Domains with visibility at the end date. */
  total: z.number().int(),
  items: z.array(
    z.object({
      domain: z.string(),
      rank: z.number().int(),
      visibilityScore: z.number(),
      share: z.number(),
      visibilityScoreDeltas: deltas,
      rankChange: z.number().int().nullable(),
      /** The tracked domain of the campaign on this registrable domain, if any. */
      tracked: targetRef.nullable(),
    }),
  ),
});
export type CvCompetitorsResponse = z.infer<typeof cvCompetitorsResponse>;

export const cvFiltersResponse = z.object({
  market: z.string(),
  /** Every point date of the campaign's keywords (a snapshot date of at least one of them). */
  dates: z.array(z.string()),
  domains: z.array(z.object({ value: z.string(), label: z.string(), color: z.string(), isOwn: z.boolean() })),
  domainGroups: z.array(
    z.object({ value: z.string(), label: z.string(), color: z.string(), members: z.array(z.string()) }),
  ),
  tags: z.array(z.object({ value: z.string(), keywords: z.number().int() })),
  groups: z.array(z.object({ value: z.string(), keywords: z.number().int() })),
  resultTypes: z.array(z.object({ value: z.enum(RESULT_TYPES), label: z.string() })),
  keywords: z.number().int(),
});
export type CvFiltersResponse = z.infer<typeof cvFiltersResponse>;

export const cvRankRangesResponse = z.object({
  date: z.string(),
  items: z.array(
    targetRef.extend({
      /** Keywords ranking at all. */
      ranking: z.number().int(),
      ranges: z.array(z.object({ key: z.string(), keywords: z.number().int() })),
    }),
  ),
});
export type CvRankRangesResponse = z.infer<typeof cvRankRangesResponse>;

export const cvSearchVolumeRangesResponse = z.object({
  date: z.string(),
  domains: z.array(targetRef),
  items: z.array(
    z.object({
      key: z.string(),
      keywords: z.number().int(),
      domains: z.array(z.object({ key: z.string(), ranking: z.number().int(), visibilityScore: z.number() })),
    }),
  ),
});
export type CvSearchVolumeRangesResponse = z.infer<typeof cvSearchVolumeRangesResponse>;

const keywordChange = z.object({
  keywordId: z.number().int(),
  keyword: z.string(),
  searchVolume: z.number().nullable(),
  start: z.number(),
  end: z.number(),
  change: z.number(),
});
export const cvVisibilityScoreLostResponse = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  items: z.array(
    targetRef.extend({
      lost: z.number(),
      gained: z.number(),
      lostKeywords: z.array(keywordChange),
      gainedKeywords: z.array(keywordChange),
    }),
  ),
});
export type CvVisibilityScoreLostResponse = z.infer<typeof cvVisibilityScoreLostResponse>;

/** weekly_data: per row and field, the value at each point date (null where there is none). */
const weeklyData = z.object({
  dates: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), field: z.string(), values: z.array(z.number().nullable()) })),
});
export type CvWeeklyData = z.infer<typeof weeklyData>;

const rankingPage = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  weekly_data: weeklyData.optional(),
};

export const cvKeywordRankingResponse = z.object({
  ...rankingPage,
  /** The targets behind `domains[i]` of each item and the grouped fields `field|i`. */
  domains: z.array(targetRef),
  items: z.array(
    z.object({
      keywordId: z.number().int(),
      keyword: z.string(),
      searchVolume: z.number().nullable(),
      tags: z.array(z.string()),
      groups: z.array(z.string()),
      domains: z.array(
        z.object({
          position: z.number().int().nullable(),
          /** Null unless ranking at both the first and the last point. */
          positionDeltas: deltas.nullable(),
          url: z.string().nullable(),
          visibilityScore: z.number(),
          visibilityScoreDeltas: deltas,
        }),
      ),
    }),
  ),
});
export type CvKeywordRankingResponse = z.infer<typeof cvKeywordRankingResponse>;

export const cvUrlRankingResponse = z.object({
  ...rankingPage,
  /** The one domain the table is about (spec §5: a ranking query uses at most the first domain). */
  domain: targetRef,
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
export type CvUrlRankingResponse = z.infer<typeof cvUrlRankingResponse>;

export const cvAutocompleteResponse = z.object({
  date: z.string(),
  domains: z.array(
    z.object({ value: z.string(), kind: z.enum(['domain', 'host']), visibilityScore: z.number() }),
  ),
  keywords: z.array(z.object({ keyword: z.string(), searchVolume: z.number().nullable() })),
});
export type CvAutocompleteResponse = z.infer<typeof cvAutocompleteResponse>;

/** CSV exports: UTF-8 with a byte-order mark, formula-like text cells escaped. */
export const cvCsvResponse = z.string().describe('text/csv; charset=utf-8, with BOM');

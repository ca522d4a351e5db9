// Rank tracking (issue 29 items 1–3): the query parameters and responses of /api/v1/rank-tracking/{campaign}/…
// — the keyword table (one row per campaign keyword, a cell per tracked domain), its CSV export, one keyword
// in depth (the drawer) and the cannibalisation conflicts. List parameters repeat their name (`tags=a&tags=b`
// or `tags[]=a`); booleans are `true`/`false`. Positions are whole ranks 1–100 in the kind asked for
// (`absolute`: rank on the page; `classic`: rank among organic results, DESIGN §3); a change is old − new, so
// positive means the keyword moved up. Dates `YYYY-MM-DD`.
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';
import { RESULT_TYPES } from '@core/result-types';
import { idParam } from './common';

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');
const values = z.array(z.string().trim().min(1, 'must not be empty').max(500, 'use at most 500 characters'));
const flag = z.stringbool({ error: 'expected true or false' });
const resultType = z.enum(RESULT_TYPES, { error: `expected one of ${RESULT_TYPES.join(', ')}` });
const position = z.coerce.number().int().min(1, 'positions start at 1').max(100, 'positions end at 100');

export const POSITION_KINDS = ['absolute', 'classic'] as const;
export const RT_SORT_FIELDS = ['keyword', 'volume', 'position', 'change', 'previousChange', 'best'] as const;

export const rtParams = z.object({ campaign: idParam });
export const rtKeywordParams = z.object({ campaign: idParam, keyword: idParam });

/** The compared dates, the position kind and the tracked domain that filters and sorting read. */
export const rtBaseQuery = z.object({
  startDate: calendarDate
    .optional()
    .describe('Compare from the latest snapshot on or before this date; default the first snapshot'),
  endDate: calendarDate
    .optional()
    .describe('Positions at the latest snapshot on or before this date; default the last'),
  positionKind: z
    .enum(POSITION_KINDS, { error: 'expected absolute or classic' })
    .default('absolute')
    .describe('absolute: rank on the page; classic: rank among organic (and brand) results'),
  focus: z
    .string()
    .max(500)
    .optional()
    .describe('The tracked domain filters and sorting read (its value); default the first own domain'),
});

export type RtBaseQueryParams = z.infer<typeof rtBaseQuery>;

/** The table's filters, sort and page. */
export const rtTableQuery = rtBaseQuery.extend({
  tags: values.optional().describe('Keyword tags'),
  tagsMatch: z
    .enum(['any', 'all'], { error: 'expected any or all' })
    .default('any')
    .describe('OR or AND of tags'),
  groups: values.optional().describe('Keyword groups (any)'),
  q: z.string().max(200).default('').describe('Text the keyword contains'),
  minPosition: position.optional().describe('Focus position at the end date at least this'),
  maxPosition: position.optional().describe('Focus position at the end date at most this'),
  movers: z
    .enum(['up', 'down'], { error: 'expected up or down' })
    .optional()
    .describe('Moved up or down since the start date'),
  moveBy: z.coerce.number().int().min(1).max(99).default(1).describe('…by at least this many positions'),
  status: z
    .enum(['new', 'lost'], { error: 'expected new or lost' })
    .optional()
    .describe('new: ranks now, not at the start; lost: the reverse'),
  feature: resultType.optional().describe('A result type present on the end page'),
  featureOwned: flag.default(false).describe('…and held by the focus domain'),
  cannibalised: flag.default(false).describe('Only keywords where the focus domain has a conflict'),
  sortField: z
    .enum(RT_SORT_FIELDS, { error: `expected one of ${RT_SORT_FIELDS.join(', ')}` })
    .default('change'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type RtTableQuery = z.infer<typeof rtTableQuery>;

export const RT_LIST_PARAMS = ['tags', 'groups'] as const;

export const rtKeywordQuery = rtBaseQuery.extend({
  date: calendarDate
    .optional()
    .describe('The SERP snapshot shown: the latest on or before it; default endDate'),
});
export type RtKeywordQuery = z.infer<typeof rtKeywordQuery>;

const rtTarget = z.object({
  key: z.string().describe('The tracked value (domain, host or host+path)'),
  label: z.string(),
  color: z.string(),
  own: z.boolean(),
});

const rtDates = z
  .object({ start: z.string(), previous: z.string().nullable(), end: z.string() })
  .nullable()
  .describe('The snapshots compared; null when the campaign has none in the range');

const conflict = z.object({
  kind: z
    .enum(['multiple', 'flip'])
    .describe('multiple: two or more URLs rank; flip: the ranking URL changed'),
  date: z.string(),
  urls: z.array(z.string()),
});

const rtCell = z.object({
  position: z.number().nullable(),
  previousChange: z.number().nullable(),
  change: z.number().nullable().describe('start − end'),
  startPosition: z.number().nullable(),
  best: z.number().nullable().describe('Best position in the stored history up to the end date'),
  bestDate: z.string().nullable(),
  url: z.string().nullable(),
  urlChanged: z.boolean().describe('The ranking URL differs from the previous snapshot’s'),
  ownedFeatures: z.array(resultType),
  history: z.array(z.number().nullable()).describe('Position at each of `points`'),
  conflicts: z.array(conflict),
});

export const rtTableResponse = z.object({
  campaignId: z.number(),
  market: z.string(),
  positionKind: z.enum(POSITION_KINDS),
  dates: rtDates,
  snapshotDates: z.array(z.string()).describe('Every snapshot date of the market, for the date pickers'),
  points: z.array(z.string()).describe('Snapshot dates from start to end: the history points'),
  targets: z.array(rtTarget),
  focus: z.number().describe('Index of the target filters and sorting read'),
  tags: z.array(z.string()).describe('The campaign’s keyword tags'),
  groups: z.array(z.string()).describe('The campaign’s keyword groups'),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(
    z.object({
      keywordId: z.number(),
      keyword: z.string(),
      volume: z.number().nullable(),
      tags: z.array(z.string()),
      groups: z.array(z.string()),
      features: z.array(resultType).describe('Result types on the end page'),
      cells: z.array(rtCell).describe('Per target'),
    }),
  ),
});
export type RtTableResponse = z.infer<typeof rtTableResponse>;
export type RtRowDto = RtTableResponse['rows'][number];

export const rtKeywordResponse = z.object({
  keywordId: z.number(),
  keyword: z.string(),
  volume: z.number().nullable(),
  tags: z.array(z.string()),
  groups: z.array(z.string()),
  positionKind: z.enum(POSITION_KINDS),
  targets: z.array(rtTarget),
  points: z.array(z.string()).describe('Every snapshot date of the market up to the end date'),
  history: z
    .array(z.object({ positions: z.array(z.number().nullable()), urls: z.array(z.string().nullable()) }))
    .describe('Per target: position and ranking URL at each point'),
  date: z.string().nullable().describe('The snapshot of `serp`'),
  serp: z.array(
    z.object({
      position: z.number(),
      classic: z.number().nullable(),
      resultType,
      url: z.string(),
      domain: z.string(),
      title: z.string().nullable(),
      target: z.number().nullable().describe('Index of the first tracked target the result matches'),
    }),
  ),
  urlChanges: z.array(z.object({ target: z.number(), date: z.string(), from: z.string(), to: z.string() })),
  conflicts: z.array(conflict.extend({ target: z.number() })),
});
export type RtKeywordResponse = z.infer<typeof rtKeywordResponse>;

export const rtConflictsResponse = z.object({
  dates: rtDates,
  positionKind: z.enum(POSITION_KINDS),
  targets: z.array(rtTarget),
  domains: z.array(
    z.object({
      target: z.number(),
      keywords: z.array(
        z.object({
          keywordId: z.number(),
          keyword: z.string(),
          volume: z.number().nullable(),
          conflicts: z.array(conflict),
        }),
      ),
    }),
  ),
});
export type RtConflictsResponse = z.infer<typeof rtConflictsResponse>;

// Page Analysis (issue 29 item 4): the query parameters and responses of /api/v1/page-analysis/{campaign}/…
// — the URLs of one tracked domain (`focus`, default the first own domain) with their keywords, visibility
// score, best positions, gained and lost keywords and conflicts, sorted and paged; one URL in depth (its
// visibility-score series and keywords); and the CSV of either. Dates and position kinds as rank tracking
// (contracts/rank-tracking.ts): points are the market's snapshot dates from start to end. Visibility scores
// are estimated monthly clicks (Σ sv × ctr(absolute position), DESIGN §3).
import { z } from 'zod';
import { PAGE_SORT_FIELDS } from '@core/rank-tracking/page-analysis';
import { POSITION_KINDS, rtBaseQuery } from './rank-tracking';

const conflict = z.object({
  kind: z
    .enum(['multiple', 'flip'])
    .describe('multiple: two or more URLs rank; flip: the ranking URL changed'),
  date: z.string(),
  urls: z.array(z.string()),
});

const target = z.object({ key: z.string(), label: z.string(), color: z.string(), own: z.boolean() });
const dates = z
  .object({ start: z.string(), end: z.string() })
  .nullable()
  .describe('The snapshots compared; null when the campaign has none in the range');

export const paPagesQuery = rtBaseQuery.extend({
  q: z.string().max(500).default('').describe('Text the URL contains'),
  sortField: z
    .enum(PAGE_SORT_FIELDS, { error: `expected one of ${PAGE_SORT_FIELDS.join(', ')}` })
    .default('visibilityScore'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type PaPagesQuery = z.infer<typeof paPagesQuery>;

export const paPageQuery = rtBaseQuery.extend({
  url: z.string().trim().min(1, 'name the URL').max(2000, 'use at most 2,000 characters').describe('The URL'),
});
export type PaPageQuery = z.infer<typeof paPageQuery>;

const pageRow = z.object({
  url: z.string(),
  keywords: z.number().describe('Keywords it ranks for at the end snapshot'),
  keywordsStart: z.number().describe('…at the start snapshot'),
  visibilityScore: z.number().describe('At the end snapshot (estimated monthly clicks)'),
  visibilityScoreStart: z.number(),
  position: z.number().nullable().describe('Best position at the end snapshot'),
  best: z.number().nullable().describe('Best position from start to end'),
  bestDate: z.string().nullable(),
  gained: z.number().describe('Keywords it ranks for at the end, not at the start'),
  lost: z.number().describe('Keywords it ranked for at the start, not at the end'),
  conflicts: z.number().describe('Keywords where it conflicts with another URL of the domain'),
  series: z.array(z.number()).describe('Visibility score at each of `points`'),
});

const head = {
  campaignId: z.number(),
  positionKind: z.enum(POSITION_KINDS),
  dates,
  snapshotDates: z.array(z.string()).describe('Every snapshot date of the market, for the date pickers'),
  points: z.array(z.string()).describe('Snapshot dates from start to end'),
  targets: z.array(target),
  focus: z.number().describe('Index of the tracked domain whose URLs are listed'),
};

export const paPagesResponse = z.object({
  ...head,
  total: z.number().describe('URLs kept by the text filter'),
  totals: z.object({
    urls: z.number().describe('URLs of the domain ranking at the start or end'),
    visibilityScore: z.number().describe('Σ of the URLs’ visibility scores at the end'),
    conflicts: z.number().describe('URLs with a conflict'),
  }),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(pageRow),
});
export type PaPagesResponse = z.infer<typeof paPagesResponse>;
export type PaPageRowDto = PaPagesResponse['rows'][number];

export const paPageResponse = z.object({
  ...head,
  url: z.string(),
  summary: pageRow.nullable().describe('Null when the URL does not rank in the compared span'),
  keywords: z.array(
    z.object({
      keywordId: z.number(),
      keyword: z.string(),
      volume: z.number().nullable(),
      tags: z.array(z.string()),
      groups: z.array(z.string()),
      position: z.number().nullable(),
      startPosition: z.number().nullable(),
      change: z.number().nullable().describe('start − end; positive is a move up'),
      best: z.number().nullable(),
      bestDate: z.string().nullable(),
      visibilityScore: z.number(),
      visibilityScoreStart: z.number(),
      status: z.enum(['gained', 'lost', 'kept', 'none']),
      conflicts: z.array(conflict),
    }),
  ),
});
export type PaPageResponse = z.infer<typeof paPageResponse>;
export type PaKeywordDto = PaPageResponse['keywords'][number];

// Tag Analysis (issue 29 item 5): the query parameters and response of /api/v1/tag-analysis/{campaign} — per
// keyword tag (or keyword group, `kind=groups`) and tracked domain: visibility score (estimated monthly
// clicks), visibility %, share of visibility among the tracked domains (%), average best position and
// keywords per rank range (1–3, 4–10, 11–20, 21–50, 51–100), at the start and end point dates with their
// changes (the matrix), and one label's figures at every point date between them (`/series`; DESIGN §3, one
// point per snapshot date of the range).
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';
import { RANK_RANGES } from '@core/metrics/ranges';

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');

export const taQuery = z.object({
  kind: z
    .enum(['tags', 'groups'], { error: 'expected tags or groups' })
    .default('tags')
    .describe('Split the keywords by tag or by keyword group'),
  startDate: calendarDate
    .optional()
    .describe('From the latest snapshot on or before this date; default the first snapshot'),
  endDate: calendarDate
    .optional()
    .describe('To the latest snapshot on or before this date; default the last'),
});
export type TaQuery = z.infer<typeof taQuery>;

const figures = z.object({
  visibilityScore: z.number(),
  visibility: z.number().describe('% of the label’s Σ sv × ctr(1)'),
  share: z.number().describe('% of the tracked domains’ Σ VS on the label'),
  averagePosition: z.number().nullable().describe('Mean best position where it ranks; null when nowhere'),
  ranked: z.number().describe('Keywords of the label where it ranks'),
  ranges: z.array(z.number()).describe('Keywords per rank range, in `ranges` order'),
});

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });

export const taResponse = z.object({
  campaignId: z.number(),
  kind: z.enum(['tags', 'groups']),
  dates: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .describe('The point dates compared; null when the campaign has no snapshot in the range'),
  snapshotDates: z.array(z.string()).describe('Every snapshot date of the market, for the date pickers'),
  ranges: z.array(z.string()).describe(`Rank ranges: ${RANK_RANGES.map((r) => r.key).join(', ')}`),
  targets: z.array(z.object({ key: z.string(), label: z.string(), color: z.string(), own: z.boolean() })),
  labels: z.array(
    z.object({
      label: z.string(),
      keywords: z.number().describe('Keywords of the label measured at the end point'),
      targets: z.array(
        z.object({
          end: figures,
          start: figures,
          visibilityScoreDeltas: deltas,
          shareDeltas: deltas,
          averagePositionChange: z.number().nullable().describe('end − start; negative is a move up'),
        }),
      ),
    }),
  ),
});
export type TaResponse = z.infer<typeof taResponse>;

export const taSeriesQuery = taQuery.extend({
  label: z.string().trim().min(1, 'name the tag or keyword group').max(500).describe('The tag or group'),
});
export type TaSeriesQuery = z.infer<typeof taSeriesQuery>;

export const taSeriesResponse = z.object({
  campaignId: z.number(),
  kind: z.enum(['tags', 'groups']),
  label: z.string(),
  points: z.array(z.string()).describe('Point dates from start to end on which the label is measured'),
  targets: z.array(z.object({ key: z.string(), label: z.string(), color: z.string(), own: z.boolean() })),
  series: z.array(z.array(figures)).describe('Per target, the figures at each of `points`'),
});
export type TaSeriesResponse = z.infer<typeof taSeriesResponse>;

// CTR models (issue 30 item 5): the curves a visibility metric can use — the default (DESIGN §3), the published
// studies, curves typed in and curves fitted from a site's own Search Console rows. Values are click
// probabilities 0–1 for positions 1–100 (index = position − 1). A fitted model carries its observed buckets:
// the rows' average position rounded half up, Σ clicks ÷ Σ impressions, and the 95 % Wilson interval.
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';

export const CTR_MODELS_BASE = '/api/v1/ctr-models';

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');

export const ctrModelKind = z.enum(['default', 'study', 'fitted', 'custom']);

export const ctrModelSummary = z.object({
  /** 'default', 'study-…' or the stored model's number. */
  id: z.string(),
  name: z.string(),
  kind: ctrModelKind,
  /** How the values were obtained (a study's metric and normalisation, a fit's rows). */
  basis: z.string(),
  site: z.string().nullable(),
  device: z.string().nullable(),
  brand: z.enum(['brand', 'non-brand']).nullable(),
  createdAt: z.string().nullable(),
  values: z.array(z.number()).length(100),
});
export type CtrModelSummary = z.infer<typeof ctrModelSummary>;

export const ctrBucket = z.object({
  bucket: z.number().int(),
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number(),
  low: z.number(),
  high: z.number(),
});

export const ctrModelDetail = ctrModelSummary.extend({
  buckets: z.array(ctrBucket).nullable(),
  fit: z
    .object({
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      brandTerms: z.array(z.string()),
      /** Last position backed by a bucket with enough impressions; the curve is extrapolated past it. */
      lastReliable: z.number().int().nullable(),
    })
    .nullable(),
});
export type CtrModelDetail = z.infer<typeof ctrModelDetail>;

export const ctrModelsResponse = z.object({ items: z.array(ctrModelSummary) });
export type CtrModelsResponse = z.infer<typeof ctrModelsResponse>;

export const ctrModelParams = z.object({ id: z.string().min(1).max(100) });

/** Brand terms of a site (stored lower case, like queries): a query containing one is a brand query. */
const brandTermList = z
  .array(z.string().trim().min(1, 'a brand term is not empty').max(100))
  .max(50, 'at most 50 brand terms a site');

export const brandTermsQuery = z.object({
  site: z.string().trim().min(1, 'name the site, e.g. example.com').max(500),
});

export const brandTermsBody = brandTermsQuery.extend({ terms: brandTermList });
export type BrandTermsBody = z.infer<typeof brandTermsBody>;

export const brandTermsResponse = z.object({ site: z.string(), terms: z.array(z.string()) });
export type BrandTermsResponse = z.infer<typeof brandTermsResponse>;

export const fitCtrModelRequest = z.object({
  site: z.string().trim().min(1, 'name the site, e.g. example.com').max(500),
  startDate: calendarDate.optional(),
  endDate: calendarDate.optional(),
  device: z.enum(['desktop', 'mobile', 'tablet'], { error: 'expected desktop, mobile or tablet' }).optional(),
  brand: z.enum(['brand', 'non-brand'], { error: 'expected brand or non-brand' }).optional(),
  /** The site's brand terms (stored for the site when given); needed once before a brand split. */
  brandTerms: brandTermList.optional(),
  name: z.string().trim().min(1).max(200).optional(),
});
export type FitCtrModelRequest = z.infer<typeof fitCtrModelRequest>;

export const customCtrModelRequest = z.object({
  name: z.string().trim().min(1, 'give the model a name').max(200),
  /** Measured points; positions not given follow the default curve's shape scaled to them. */
  points: z
    .array(
      z.object({
        position: z.number().int().min(1).max(100),
        ctr: z.number().min(0, 'a CTR is 0–1').max(1, 'a CTR is 0–1 (a fraction, not a percentage)'),
      }),
    )
    .min(1, 'give at least one position and its CTR')
    .max(100),
});

/** Calibration of a campaign's model (issue 30 item 6): GET /api/v1/ctr-models/calibration and its /csv. */
export const calibrationQuery = z.object({
  campaign: z.coerce.number().int().positive({ error: 'campaign: expected a campaign id such as 12' }),
  /** The Search Console site; default the first of the organisation's sites on a campaign's own domain. */
  site: z.string().trim().min(1).max(500).optional(),
  startDate: calendarDate.optional(),
  endDate: calendarDate.optional(),
});
export type CalibrationQuery = z.infer<typeof calibrationQuery>;

const calibrationFigures = {
  /** Σ over the week's days of the visibility score ÷ 30.4375 (monthly clicks → daily), in clicks. */
  estimatedClicks: z.number(),
  /** Σ Search Console clicks of the same queries on the site. */
  clicks: z.number(),
  /** clicks ÷ estimatedClicks; null when nothing was estimated. */
  ratio: z.number().nullable(),
};

export const calibrationResponse = z.object({
  campaignId: z.number().int(),
  campaignName: z.string(),
  model: z.object({ id: z.string(), name: z.string() }),
  site: z.string(),
  /** The own tracked domains whose results are estimated. */
  domains: z.array(z.string()),
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** Campaign keywords, and those with Search Console rows of the site in the period (the ones compared). */
  keywords: z.number().int(),
  keywordsWithData: z.number().int(),
  weeks: z.array(
    z.object({
      /** The week's Monday. */
      week: z.string(),
      /** Days of the week inside the period. */
      days: z.number().int(),
      ...calibrationFigures,
    }),
  ),
  total: z.object(calibrationFigures),
});
export type CalibrationResponse = z.infer<typeof calibrationResponse>;

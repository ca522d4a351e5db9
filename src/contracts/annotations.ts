// Annotations (issue 29 item 6): dated notes, campaign-wide or organisation-wide, shown on every time chart;
// a list of known search-engine updates is imported from a CSV. One contract for the server, the web app
// and OpenAPI.
import { z } from 'zod';
import { MAX_ANNOTATION_NOTE, MAX_ANNOTATION_TITLE } from '@core/annotations';
import { isValidIsoDate } from '@core/date-range';
import { hasUnsafeCharacters } from '@core/tracked-value';
import { idParam } from './common';

/** Longest CSV an import takes, in characters: 5,000 rows of the longest title and note fit. */
export const MAX_ANNOTATION_CSV_CHARS = 12_000_000;

const day = z.string().refine(isValidIsoDate, 'expected a real day as YYYY-MM-DD, e.g. 2024-03-05');

const title = z
  .string()
  .trim()
  .min(1, 'give the annotation a title')
  .max(
    MAX_ANNOTATION_TITLE,
    `a title has at most ${MAX_ANNOTATION_TITLE} characters (put the rest in the note)`,
  )
  .refine(
    (v) => !hasUnsafeCharacters(v),
    'a title stays on one line, without control or text-direction characters',
  );

/** An empty note is stored as none. */
const note = z
  .string()
  .trim()
  .max(MAX_ANNOTATION_NOTE, `a note has at most ${MAX_ANNOTATION_NOTE.toLocaleString('en')} characters`)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** Null: organisation-wide, shown on every campaign's charts. */
const campaignId = z.number().int().positive().nullable();

export const annotationSource = z.enum(['note', 'search-engine-update']);

export const annotation = z.object({
  id: z.number().int(),
  campaignId: z.number().int().nullable(),
  date: z.string().describe('YYYY-MM-DD'),
  title: z.string(),
  note: z.string().nullable(),
  source: annotationSource,
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Annotation = z.infer<typeof annotation>;

export const annotationsQuery = z
  .object({
    campaign: idParam.optional().describe("Add this campaign's annotations to the organisation-wide ones"),
    from: day.optional().describe('First day, inclusive'),
    to: day.optional().describe('Last day, inclusive'),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from is after to: give the earlier day as from',
    path: ['from'],
  });

export const annotationsResponse = z.object({ items: z.array(annotation) });

export const createAnnotationRequest = z
  .object({
    campaignId: campaignId.default(null),
    date: day,
    title,
    note: note.optional(),
  })
  .strict();

export const updateAnnotationRequest = z
  .object({
    campaignId: campaignId.optional(),
    date: day.optional(),
    title: title.optional(),
    note: note.optional(),
  })
  .strict();

export const importAnnotationsRequest = z
  .object({
    csv: z
      .string()
      .min(1, 'send the CSV text: a header date,title[,note] and one row per annotation')
      .max(
        MAX_ANNOTATION_CSV_CHARS,
        `a CSV has at most ${MAX_ANNOTATION_CSV_CHARS.toLocaleString('en')} characters: split it`,
      ),
    campaignId: campaignId.default(null),
  })
  .strict();

export const importAnnotationsResponse = z.object({ created: z.number().int() });

/** `details` of a refused CSV (400 invalid_csv): every error found, each with its line and column. */
export const annotationCsvErrors = z.object({
  errors: z.array(
    z.object({
      line: z.number().int(),
      column: z.enum(['date', 'title', 'note']).nullable(),
      message: z.string(),
    }),
  ),
});

// Project visibility (spec §2, issue 5 item 2): the query and responses of /api/v3/project-visibility/{project}/.
// The project is named as in the screen's address, `ldx-{projectId}` (a bare id is accepted too). Visibility
// is over the union of the project's campaigns — each keyword counted once per market — in total and per
// campaign, for the project's tracked domains (every campaign's, once each by value). Units: visibility scores
// are estimated monthly clicks (Σ search volume × click-through rate), visibility and share percentages 0–100,
// share against the selected domains, dates `YYYY-MM-DD`.
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';

/** The API path of every project-visibility endpoint. */
export const PV_BASE = '/api/v3/project-visibility';

/** The project id of the project-visibility address (DESIGN §2): `ldx-` + the project id. */
export const PV_ID_PREFIX = 'ldx-';

export const pvParams = z.object({
  project: z
    .string()
    .regex(/^(ldx-)?[1-9]\d{0,9}$/u, 'expected a project id such as ldx-12')
    .transform((v) => Number(v.startsWith(PV_ID_PREFIX) ? v.slice(PV_ID_PREFIX.length) : v))
    .describe('ldx-{projectId} (or the bare id)'),
});

const calendarDate = z
  .string()
  .refine(isValidIsoDate, 'expected a calendar date as YYYY-MM-DD, such as 2025-06-30');

export const pvQuery = z.object({
  domains: z
    .array(z.string().trim().min(1, 'must not be empty').max(500, 'use at most 500 characters'))
    .max(100, 'select at most 100 domains')
    .optional()
    .describe('Domains, hosts or host+path values; default: every tracked domain of the project'),
  startDate: calendarDate.optional().describe('Range start; default 6 months before endDate'),
  endDate: calendarDate.optional().describe('Range end; default today'),
});
export type PvQuery = z.infer<typeof pvQuery>;

/** List-valued parameters, for parsers that see a single value as a string. */
export const PV_LIST_PARAMS = ['domains'] as const;

const deltas = z.object({ delta: z.number(), percentageDelta: z.number().nullable() });

const domain = z.object({
  key: z.string().describe('The canonical filter value'),
  label: z.string(),
  color: z.string().nullable(),
  isOwn: z.boolean(),
});
export type PvDomain = z.infer<typeof domain>;

const domainFigures = z.object({
  key: z.string(),
  visibilityScore: z.number(),
  visibilityScoreDeltas: deltas,
  visibility: z.number(),
  visibilityDeltas: deltas,
  share: z.number(),
  shareDeltas: deltas,
  series: z.array(
    z.object({ date: z.string(), visibilityScore: z.number(), visibility: z.number(), share: z.number() }),
  ),
});
export type PvDomainFigures = z.infer<typeof domainFigures>;

/** The total or one campaign: its keyword count and, per selected domain, the figures and their series. */
const scope = z.object({
  /** 'total' or the campaign id as text. */
  key: z.string(),
  campaignId: z.number().int().nullable(),
  name: z.string(),
  /** The campaign's market; null for the total (it may span markets). */
  market: z.string().nullable(),
  /** Keywords counted (the total counts a keyword of several campaigns once). */
  keywords: z.number().int(),
  unknownVolume: z.number().int(),
  dates: z.array(z.string()),
  domains: z.array(domainFigures),
});
export type PvScope = z.infer<typeof scope>;

export const pvResponse = z.object({
  project: z.object({ id: z.number().int(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  /** The selected domains, in the order of every scope's `domains`. */
  domains: z.array(domain),
  total: scope,
  campaigns: z.array(scope),
});
export type PvResponse = z.infer<typeof pvResponse>;

export const pvCsvResponse = z.string().describe('text/csv; charset=utf-8, with BOM');

// Rank alerts (issue 29 item 7): a campaign's rules under /api/v1/alerts/{campaign}/rules and the alerts they
// fired (/events). `threshold` is N positions (drop), the top N (enter-top, leave-top, competitor-top) or a
// whole per cent (visibility-drop). One contract for the server, the web app and OpenAPI.
import { z } from 'zod';
import { ALERT_RULE_KINDS, MAX_ALERT_NAME, MAX_ALERT_TAG, alertRuleProblems } from '@core/alerts';
import { idParam } from './common';

/** The API path of the alerts endpoints. */
export const ALERTS_BASE = '/api/v1/alerts';

export const alertParams = z.object({ campaign: idParam });
export const alertRuleParams = z.object({ campaign: idParam, id: idParam });

const kind = z.enum(ALERT_RULE_KINDS, { error: `expected one of ${ALERT_RULE_KINDS.join(', ')}` });
const name = z
  .string({ error: 'name the rule, e.g. "Brand drops"' })
  .trim()
  .min(1, 'name the rule, e.g. "Brand drops"')
  .max(MAX_ALERT_NAME, `a name has at most ${MAX_ALERT_NAME} characters`);
const tag = z
  .string()
  .trim()
  .max(MAX_ALERT_TAG, `a tag has at most ${MAX_ALERT_TAG} characters`)
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .describe('Only keywords with this tag; null or empty: every keyword');
const threshold = z
  .number({ error: 'expected a whole number' })
  .int('expected a whole number')
  .describe('N positions (drop), the top N (enter-top, leave-top, competitor-top) or P % (visibility-drop)');
const competitor = z
  .string()
  .trim()
  .max(500, 'a tracked domain has at most 500 characters')
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .describe("competitor-top only: a tracked competitor's value; null: any competitor");

/** The core's checks of a whole rule, reported on the field at fault. */
function checkRule(
  r: {
    kind: (typeof ALERT_RULE_KINDS)[number];
    tag: string | null;
    threshold: number;
    competitor: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  for (const p of alertRuleProblems(r)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.field] });
}

export const createAlertRuleRequest = z
  .object({ name, kind, tag: tag.default(null), threshold, competitor: competitor.default(null) })
  .strict()
  .superRefine(checkRule);

/** Every field, as a form sends the whole rule back (kind, threshold and tag are checked together). */
export const updateAlertRuleRequest = createAlertRuleRequest;

export const alertRule = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  name: z.string(),
  kind,
  tag: z.string().nullable(),
  threshold: z.number().int(),
  competitor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertRuleDto = z.infer<typeof alertRule>;

export const alertRulesResponse = z.object({ items: z.array(alertRule) });

export const alertEvent = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  keyword: z.string().nullable(),
  domain: z.string().nullable().describe('The competitor concerned; null for your own domains'),
  previousDate: z.string(),
  currentDate: z.string(),
  previousValue: z.number().nullable().describe('Position (null: not in the top 100) or visibility %'),
  currentValue: z.number().nullable(),
  url: z.string().nullable(),
  message: z.string(),
  firedAt: z.string(),
});
export type AlertEventDto = z.infer<typeof alertEvent>;

export const alertEventsResponse = z.object({ items: z.array(alertEvent) });

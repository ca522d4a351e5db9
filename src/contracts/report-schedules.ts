// Report schedules (issue 31 item 5): a report definition mailed daily, weekly on a weekday or monthly on a
// day of the month, at a time of day in an IANA time zone, to a list of recipients, with the PDF attached or
// linked; paused or running. Each delivery (scheduled, run now, or a test send) is logged with its attempts
// and the mail server's answers.
import { z } from 'zod';
import { isTimeZone, SCHEDULE_FREQUENCIES } from '@core/reports/report-schedule';
import { email, idParam } from './common';

/** Recipients one schedule mails at most: a distribution list belongs on the mail server. */
export const MAX_SCHEDULE_RECIPIENTS = 50;
export const SCHEDULE_DELIVERIES = ['attach', 'link'] as const;
export const DELIVERY_STATUSES = ['generating', 'sending', 'retrying', 'sent', 'failed'] as const;
export const DELIVERY_KINDS = ['scheduled', 'run-now', 'test'] as const;

const recipients = z
  .array(email, { error: 'expected a list of e-mail addresses' })
  .min(1, 'name at least one recipient')
  .max(MAX_SCHEDULE_RECIPIENTS, `a schedule mails at most ${MAX_SCHEDULE_RECIPIENTS} recipients`);

export const scheduleRequest = z
  .object({
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'expected daily, weekly or monthly' }),
    /** 0 = Sunday … 6 = Saturday; weekly only. */
    weekday: z
      .number()
      .int()
      .min(0, 'a weekday is 0 (Sunday) to 6 (Saturday)')
      .max(6, 'a weekday is 0 (Sunday) to 6 (Saturday)')
      .nullable()
      .default(null),
    /** 1–31; a day past the month's end runs on its last day. Monthly only. */
    dayOfMonth: z
      .number()
      .int()
      .min(1, 'a day of the month is 1 to 31')
      .max(31, 'a day of the month is 1 to 31')
      .nullable()
      .default(null),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/u, 'expected a time of day as HH:MM, e.g. 08:00'),
    timeZone: z
      .string()
      .refine(isTimeZone, 'expected an IANA time zone such as Europe/Berlin or UTC')
      .describe('IANA time zone of the time of day'),
    recipients,
    delivery: z.enum(SCHEDULE_DELIVERIES, { error: 'expected attach (the PDF in the mail) or link' }),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekly' && s.weekday === null)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'a weekly schedule needs a weekday (0–6)' });
    if (s.frequency === 'monthly' && s.dayOfMonth === null)
      ctx.addIssue({
        code: 'custom',
        path: ['dayOfMonth'],
        message: 'a monthly schedule needs a day of the month (1–31)',
      });
  });
export type ScheduleRequest = z.output<typeof scheduleRequest>;

export const reportSchedule = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  time: z.string(),
  timeZone: z.string(),
  recipients: z.array(z.string()),
  delivery: z.enum(SCHEDULE_DELIVERIES),
  enabled: z.boolean(),
  /** When it runs next (ISO instant); null while paused. */
  nextRunAt: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;
export const reportSchedulesResponse = z.object({ items: z.array(reportSchedule) });

export const deliveryAttempt = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** The mail server's answer (e.g. `250 OK: queued`), or why it failed. */
  response: z.string(),
});

export const reportDelivery = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  kind: z.enum(DELIVERY_KINDS),
  /** The scheduled time it ran for (null for run-now and test sends). */
  dueAt: z.string().nullable(),
  recipients: z.array(z.string()),
  status: z.enum(DELIVERY_STATUSES),
  generatedReportId: z.number().int().nullable(),
  attempts: z.array(deliveryAttempt),
  /** When the next attempt is made (retrying only). */
  nextAttemptAt: z.string().nullable(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof reportDelivery>;
export const reportDeliveriesResponse = z.object({ items: z.array(reportDelivery) });

export const testSendRequest = z.object({ recipients }).strict();

export const scheduleIdParams = z.object({ id: idParam });

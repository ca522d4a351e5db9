// In-app notifications of task assignments and @mentions (issue 31 item 6) and of fired alerts (issue 29
// item 7), and the organisation settings tasks use: the detectors' drop threshold and the organisation's
// SMTP server for e-mail (issue 31 item 5).
// One contract for the server, the web app and OpenAPI.
import { z } from 'zod';
import { MAX_DROP_THRESHOLD, NOTIFICATION_KINDS } from '@core/tasks';
import { email } from './common';

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  taskId: z.number().int().nullable().describe('The task of an assignment or mention; null for an alert'),
  taskTitle: z.string().nullable(),
  actorId: z.number().int().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  alert: z
    .object({ ruleId: z.number().int(), campaignId: z.number().int(), title: z.string() })
    .nullable()
    .describe("A fired alert rule (kind 'alert'), its campaign and the alert's summary"),
});
export type Notification = z.infer<typeof notification>;

export const notificationsResponse = z.object({
  items: z.array(notification),
  unread: z.number().int().describe('Unread notifications in all, beyond the listed ones too'),
});

export const markNotificationsReadRequest = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .max(500, 'mark at most 500 notifications at once, or send all: true')
      .optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: 'send either ids (the notifications to mark read) or all: true',
    path: ['ids'],
  });

export const markNotificationsReadResponse = z.object({ marked: z.number().int() });

export const taskSettings = z.object({
  dropThreshold: z
    .number({ error: 'expected a whole number of positions' })
    .int('expected a whole number of positions')
    .min(1, 'a drop is at least 1 position')
    .max(MAX_DROP_THRESHOLD, `a drop threshold is at most ${MAX_DROP_THRESHOLD} positions`)
    .describe('Positions a tracked keyword must lose between two snapshots to raise a task'),
});

export const smtpSecurity = z.enum(['tls', 'starttls', 'none'], {
  error: 'expected tls (implicit TLS, usually port 465), starttls (usually 587) or none',
});

/** What the server shows of the SMTP settings: never the password, only whether one is stored. */
export const smtpSettings = z.object({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: smtpSecurity.nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  fromAddress: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export const updateSmtpRequest = z
  .object({
    host: z
      .string()
      .trim()
      .min(1, 'name the mail server, e.g. smtp.example.com')
      .max(255, 'a host name has at most 255 characters')
      .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/u, 'expected a host name such as smtp.example.com'),
    port: z
      .number({ error: 'expected a port number such as 587' })
      .int('expected a whole port number')
      .min(1, 'a port is between 1 and 65535')
      .max(65535, 'a port is between 1 and 65535'),
    security: smtpSecurity,
    username: z.string().trim().max(255, 'a user name has at most 255 characters').nullable().default(null),
    /** Absent: keep the stored password; null: remove it. */
    password: z.string().max(1000, 'a password has at most 1,000 characters').nullable().optional(),
    fromAddress: email.describe('The sender of the e-mails, e.g. sightline@example.com'),
  })
  .strict();

export const smtpTestRequest = z.object({ to: email.optional() }).strict();
export const smtpTestResponse = z.object({
  accepted: z.array(z.string()),
  response: z.string().describe("The mail server's answer"),
});

// Tasks (issue 31 item 6): to-dos of an organisation with an assignee, due date, status, priority, links to
// a campaign, keyword, URL or report, and comments that @mention colleagues by e-mail; detectors raise them
// too, with their evidence. One contract for the server, the web app and OpenAPI.
import { z } from 'zod';
import { isValidIsoDate } from '@core/date-range';
import {
  MAX_TASK_COMMENT,
  MAX_TASK_DESCRIPTION,
  MAX_TASK_KEYWORD,
  MAX_TASK_TITLE,
  MAX_TASK_URL,
  TASK_PRIORITIES,
  TASK_SOURCES,
  TASK_STATUSES,
} from '@core/tasks';
import { hasUnsafeCharacters } from '@core/tracked-value';
import { idParam } from './common';

export const taskStatus = z.enum(TASK_STATUSES, { error: `expected one of ${TASK_STATUSES.join(', ')}` });
export const taskPriority = z.enum(TASK_PRIORITIES, {
  error: `expected one of ${TASK_PRIORITIES.join(', ')}`,
});

const title = z
  .string()
  .trim()
  .min(1, 'give the task a title')
  .max(MAX_TASK_TITLE, `a title has at most ${MAX_TASK_TITLE} characters (put the rest in the description)`)
  .refine(
    (v) => !hasUnsafeCharacters(v),
    'a title stays on one line, without control or text-direction characters',
  );

/** Empty text is stored as none. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max.toLocaleString('en')} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

const url = z
  .string()
  .trim()
  .max(MAX_TASK_URL, `a URL has at most ${MAX_TASK_URL} characters`)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/u.test(v), 'expected a web address starting with https://')
  .transform((v) => (v === '' ? null : v))
  .nullable();

const dueDate = z
  .string()
  .refine(isValidIsoDate, 'expected a real day as YYYY-MM-DD, e.g. 2024-03-05')
  .nullable();

const ref = z.number().int().positive().nullable();

const fields = {
  title,
  description: optionalText(MAX_TASK_DESCRIPTION, 'a description'),
  status: taskStatus,
  priority: taskPriority,
  assigneeId: ref.describe('A user of the organisation; null: unassigned'),
  dueDate,
  campaignId: ref,
  keyword: optionalText(MAX_TASK_KEYWORD, 'a keyword'),
  url,
  reportId: ref,
};

export const taskEvidence = z.object({
  keyword: z.string(),
  previousDate: z.string(),
  currentDate: z.string(),
  previousPosition: z.number().int().nullable(),
  currentPosition: z.number().int().nullable(),
  url: z.string().nullable(),
  conflict: z
    .enum(['multiple', 'flip'])
    .optional()
    .describe('Cannibalisation: two or more own URLs rank, or the ranking URL changed'),
  urls: z
    .array(z.object({ url: z.string(), date: z.string(), position: z.number().int() }))
    .optional()
    .describe('Cannibalisation: the URLs involved with their classic position on that date'),
});
export type TaskEvidence = z.infer<typeof taskEvidence>;

export const task = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatus,
  priority: taskPriority,
  assigneeId: z.number().int().nullable(),
  dueDate: z.string().nullable().describe('YYYY-MM-DD'),
  campaignId: z.number().int().nullable(),
  keyword: z.string().nullable(),
  url: z.string().nullable(),
  reportId: z.number().int().nullable(),
  source: z.enum(TASK_SOURCES).describe('manual, or the detector that raised it'),
  evidence: taskEvidence.nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof task>;

export const tasksQuery = z
  .object({
    status: taskStatus.optional(),
    priority: taskPriority.optional(),
    assignee: z
      .union([z.literal('none'), idParam], { error: 'expected a user id, or none for unassigned tasks' })
      .optional()
      .describe('A user id, or none for the unassigned tasks'),
    campaign: idParam.optional(),
  })
  .strict();

export const tasksResponse = z.object({ items: z.array(task) });

export const createTaskRequest = z
  .object({
    title,
    description: fields.description.default(null),
    status: taskStatus.default('open'),
    priority: taskPriority.default('normal'),
    assigneeId: fields.assigneeId.default(null),
    dueDate: dueDate.default(null),
    campaignId: ref.default(null),
    keyword: fields.keyword.default(null),
    url: url.default(null),
    reportId: ref.default(null),
  })
  .strict();

export const updateTaskRequest = z
  .object(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
    },
  )
  .strict();

export const taskComment = z.object({
  id: z.number().int(),
  authorId: z.number().int().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskComment>;

export const createTaskCommentRequest = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'write the comment text')
      .max(MAX_TASK_COMMENT, `a comment has at most ${MAX_TASK_COMMENT.toLocaleString('en')} characters`)
      .describe('Mention a colleague with @ and their e-mail address, e.g. @ana@example.com'),
  })
  .strict();

export const taskChange = z.object({
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  actorId: z.number().int().nullable(),
  at: z.string(),
});

export const taskDetail = z.object({
  task,
  comments: z.array(taskComment),
  history: z.array(taskChange),
});

/** Everyone a task can be assigned to or a comment can mention: the organisation's active users. */
export const taskMembersResponse = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});

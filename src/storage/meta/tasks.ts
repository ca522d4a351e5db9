// MetaStore queries for tasks, their comments and change history (migration 0014-tasks), on SQLite and
// PostgreSQL alike. The tables' Kysely types are declared here and added with withTables, so the shared
// schema file needs no edit.
import type { Generated, Kysely, Selectable, Updateable } from 'kysely';
import { TASK_PRIORITIES, TASK_SOURCES, TASK_STATUSES } from '@core/tasks';
import type { TaskPriority, TaskSource, TaskStatus } from '@core/tasks';
import type {
  NewTask,
  Task,
  TaskChange,
  TaskComment,
  TaskEvidence,
  TaskFields,
  TaskPatch,
  TaskQuery,
} from '../task-store';
import { atomic, instant } from './rows';
import type { Database } from './schema';

interface TasksTable {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  assignee_id: number | null;
  due_date: string | null;
  campaign_id: number | null;
  keyword: string | null;
  url: string | null;
  report_id: number | null;
  source: string;
  event_key: string | null;
  evidence: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

interface TaskCommentsTable {
  id: Generated<number>;
  task_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
}

interface TaskHistoryTable {
  id: Generated<number>;
  task_id: number;
  actor_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type TaskTables = {
  tasks: TasksTable;
  task_comments: TaskCommentsTable;
  task_history: TaskHistoryTable;
};

export const taskTables = (db: Kysely<Database>) => db.withTables<TaskTables>();

// The columns' CHECKs admit only the listed values; anything else would be a corrupt row, read as the default.
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

const num = (v: number | null): number | null => (v === null ? null : Number(v));

function toEvidence(json: string | null): TaskEvidence | null {
  return json === null ? null : (JSON.parse(json) as TaskEvidence);
}

function toTask(r: Selectable<TasksTable>): Task {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    title: r.title,
    description: r.description,
    status: oneOf<TaskStatus>(TASK_STATUSES, r.status, 'open'),
    priority: oneOf<TaskPriority>(TASK_PRIORITIES, r.priority, 'normal'),
    assigneeId: num(r.assignee_id),
    dueDate: r.due_date,
    campaignId: num(r.campaign_id),
    keyword: r.keyword,
    url: r.url,
    reportId: num(r.report_id),
    source: oneOf<TaskSource>(TASK_SOURCES, r.source, 'manual'),
    eventKey: r.event_key,
    evidence: toEvidence(r.evidence),
    createdBy: num(r.created_by),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Task field → column; the order is the order changes are recorded in. */
const COLUMNS = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assigneeId: 'assignee_id',
  dueDate: 'due_date',
  campaignId: 'campaign_id',
  keyword: 'keyword',
  url: 'url',
  reportId: 'report_id',
} as const satisfies Record<keyof TaskFields, keyof TasksTable>;

const asText = (v: string | number | null): string | null => (v === null ? null : String(v));

export async function createTask(db: Kysely<Database>, t: NewTask, now: string): Promise<Task | null> {
  const at = instant(now);
  const row = await taskTables(db)
    .insertInto('tasks')
    .values({
      organisation_id: t.organisationId,
      title: t.title,
      description: t.description,
      status: t.status,
      priority: t.priority,
      assignee_id: t.assigneeId,
      due_date: t.dueDate,
      campaign_id: t.campaignId,
      keyword: t.keyword,
      url: t.url,
      report_id: t.reportId,
      source: t.source,
      event_key: t.eventKey,
      evidence: t.evidence === null ? null : JSON.stringify(t.evidence),
      created_by: t.createdBy,
      created_at: at,
      updated_at: at,
    })
    // Only detector tasks carry a key; a repeat of the same event writes nothing.
    .onConflict((oc) => oc.columns(['organisation_id', 'event_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toTask(row);
}

export async function listTasks(db: Kysely<Database>, organisationId: number, q: TaskQuery): Promise<Task[]> {
  const rows = await taskTables(db)
    .selectFrom('tasks')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .$if(q.status !== undefined, (qb) => qb.where('status', '=', q.status!))
    .$if(q.priority !== undefined, (qb) => qb.where('priority', '=', q.priority!))
    .$if(q.campaignId !== undefined, (qb) => qb.where('campaign_id', '=', q.campaignId!))
    .$if(q.assigneeId !== undefined, (qb) =>
      q.assigneeId === null
        ? qb.where('assignee_id', 'is', null)
        : qb.where('assignee_id', '=', q.assigneeId!),
    )
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toTask);
}

export async function getTask(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<Task | null> {
  const row = await taskTables(db)
    .selectFrom('tasks')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toTask(row);
}

export function updateTask(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: TaskPatch,
  actorId: number | null,
  now: string,
): Promise<Task | null> {
  const at = instant(now);
  return atomic(db, async (tx) => {
    const before = await getTask(tx, organisationId, id);
    if (before === null) return null;
    const changed = (Object.keys(COLUMNS) as (keyof TaskFields)[]).filter(
      (f) => patch[f] !== undefined && patch[f] !== before[f],
    );
    if (changed.length === 0) return before;
    const set: Updateable<TasksTable> = { updated_at: at };
    // Each column takes its own field's type; the patch is already typed per field.
    for (const f of changed) Object.assign(set, { [COLUMNS[f]]: patch[f] ?? null });
    const row = await taskTables(tx)
      .updateTable('tasks')
      .set(set)
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await taskTables(tx)
      .insertInto('task_history')
      .values(
        changed.map((f) => ({
          task_id: id,
          actor_id: actorId,
          field: f,
          old_value: asText(before[f]),
          new_value: asText(patch[f] ?? null),
          at,
        })),
      )
      .execute();
    return toTask(row);
  });
}

export async function deleteTask(db: Kysely<Database>, organisationId: number, id: number): Promise<boolean> {
  const result = await taskTables(db)
    .deleteFrom('tasks')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function toComment(r: Selectable<TaskCommentsTable>): TaskComment {
  return {
    id: Number(r.id),
    taskId: Number(r.task_id),
    authorId: num(r.author_id),
    body: r.body,
    createdAt: r.created_at,
  };
}

export function addTaskComment(
  db: Kysely<Database>,
  organisationId: number,
  taskId: number,
  comment: { authorId: number | null; body: string },
  now: string,
): Promise<TaskComment | null> {
  return atomic(db, async (tx) => {
    if ((await getTask(tx, organisationId, taskId)) === null) return null;
    const row = await taskTables(tx)
      .insertInto('task_comments')
      .values({ task_id: taskId, author_id: comment.authorId, body: comment.body, created_at: instant(now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toComment(row);
  });
}

export async function listTaskComments(
  db: Kysely<Database>,
  organisationId: number,
  taskId: number,
): Promise<TaskComment[]> {
  const rows = await taskTables(db)
    .selectFrom('task_comments')
    .innerJoin('tasks', 'tasks.id', 'task_comments.task_id')
    .selectAll('task_comments')
    .where('tasks.organisation_id', '=', organisationId)
    .where('task_comments.task_id', '=', taskId)
    .orderBy('task_comments.id')
    .execute();
  return rows.map(toComment);
}

export async function listTaskHistory(
  db: Kysely<Database>,
  organisationId: number,
  taskId: number,
): Promise<TaskChange[]> {
  const rows = await taskTables(db)
    .selectFrom('task_history')
    .innerJoin('tasks', 'tasks.id', 'task_history.task_id')
    .selectAll('task_history')
    .where('tasks.organisation_id', '=', organisationId)
    .where('task_history.task_id', '=', taskId)
    .orderBy('task_history.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    taskId: Number(r.task_id),
    actorId: num(r.actor_id),
    field: oneOf<keyof TaskFields>(Object.keys(COLUMNS) as (keyof TaskFields)[], r.field, 'title'),
    oldValue: r.old_value,
    newValue: r.new_value,
    at: r.at,
  }));
}

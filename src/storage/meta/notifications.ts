// MetaStore queries for in-app notifications (migration 0014-tasks; of fired alerts too since 0015-alerts) and
// the organisation settings of tasks: the detectors' drop threshold and the SMTP server, on SQLite and
// PostgreSQL alike.
import type { Generated, Kysely } from 'kysely';
import { NOTIFICATION_KINDS } from '@core/tasks';
import type { NotificationKind } from '@core/tasks';
import type { NewNotification, Notification, SmtpSettings } from '../task-store';
import { instant } from './rows';
import type { Database } from './schema';
import type { AlertTables } from './alerts';
import type { TaskTables } from './tasks';

interface NotificationsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  kind: string;
  task_id: number | null;
  actor_id: number | null;
  created_at: string;
  read_at: string | null;
  /** Migration 0015-alerts: the fired alert's rule and its summary. */
  alert_rule_id: number | null;
  title: string | null;
}

interface TaskSettingsTable {
  organisation_id: number;
  drop_threshold: number;
}

interface SmtpTable {
  organisation_id: number;
  host: string;
  port: number;
  security: string;
  username: string | null;
  password_sealed: string | null;
  from_address: string;
  updated_at: string;
}

type NotificationTables = TaskTables &
  AlertTables & {
    notifications: NotificationsTable;
    organisation_task_settings: TaskSettingsTable;
    organisation_smtp: SmtpTable;
  };

const tables = (db: Kysely<Database>) => db.withTables<NotificationTables>();

const kindOf = (v: string): NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(v) ? (v as NotificationKind) : 'assigned';

export async function createNotifications(
  db: Kysely<Database>,
  list: readonly NewNotification[],
  now: string,
): Promise<void> {
  if (list.length === 0) return;
  const at = instant(now);
  await tables(db)
    .insertInto('notifications')
    .values(
      list.map((n) => ({
        organisation_id: n.organisationId,
        user_id: n.userId,
        kind: n.kind,
        task_id: n.taskId,
        actor_id: n.actorId,
        created_at: at,
        read_at: null,
        alert_rule_id: n.alert?.ruleId ?? null,
        title: n.alert?.title ?? null,
      })),
    )
    .execute();
}

export async function listNotifications(
  db: Kysely<Database>,
  organisationId: number,
  userId: number,
  limit: number,
): Promise<Notification[]> {
  const rows = await tables(db)
    .selectFrom('notifications')
    .leftJoin('tasks', 'tasks.id', 'notifications.task_id')
    .leftJoin('alert_rules', 'alert_rules.id', 'notifications.alert_rule_id')
    .selectAll('notifications')
    .select(['tasks.title as task_title', 'alert_rules.campaign_id as alert_campaign_id'])
    .where('notifications.organisation_id', '=', organisationId)
    .where('notifications.user_id', '=', userId)
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    userId: Number(r.user_id),
    kind: kindOf(r.kind),
    taskId: r.task_id === null ? null : Number(r.task_id),
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    createdAt: r.created_at,
    readAt: r.read_at,
    taskTitle: r.task_title,
    alert:
      r.alert_rule_id === null || r.alert_campaign_id === null
        ? null
        : { ruleId: Number(r.alert_rule_id), campaignId: Number(r.alert_campaign_id), title: r.title ?? '' },
  }));
}

export async function countUnreadNotifications(
  db: Kysely<Database>,
  organisationId: number,
  userId: number,
): Promise<number> {
  const row = await tables(db)
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as int8, which pg hands over as a string.
  return Number(row.n);
}

export async function markNotificationsRead(
  db: Kysely<Database>,
  organisationId: number,
  userId: number,
  ids: readonly number[] | null,
  now: string,
): Promise<number> {
  if (ids !== null && ids.length === 0) return 0;
  const result = await tables(db)
    .updateTable('notifications')
    .set({ read_at: instant(now) })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function getTaskDropThreshold(
  db: Kysely<Database>,
  organisationId: number,
): Promise<number | null> {
  const row = await tables(db)
    .selectFrom('organisation_task_settings')
    .select('drop_threshold')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.drop_threshold);
}

export async function setTaskDropThreshold(
  db: Kysely<Database>,
  organisationId: number,
  positions: number,
): Promise<void> {
  await tables(db)
    .insertInto('organisation_task_settings')
    .values({ organisation_id: organisationId, drop_threshold: positions })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet({ drop_threshold: positions }))
    .execute();
}

export async function getSmtpSettings(
  db: Kysely<Database>,
  organisationId: number,
): Promise<SmtpSettings | null> {
  const r = await tables(db)
    .selectFrom('organisation_smtp')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (r === undefined) return null;
  return {
    host: r.host,
    port: Number(r.port),
    security: r.security === 'tls' || r.security === 'none' ? r.security : 'starttls',
    username: r.username,
    passwordSealed: r.password_sealed,
    fromAddress: r.from_address,
    updatedAt: r.updated_at,
  };
}

export async function setSmtpSettings(
  db: Kysely<Database>,
  organisationId: number,
  s: SmtpSettings,
): Promise<void> {
  const values = {
    host: s.host,
    port: s.port,
    security: s.security,
    username: s.username,
    password_sealed: s.passwordSealed,
    from_address: s.fromAddress,
    updated_at: instant(s.updatedAt),
  };
  await tables(db)
    .insertInto('organisation_smtp')
    .values({ organisation_id: organisationId, ...values })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
    .execute();
}

export async function deleteSmtpSettings(db: Kysely<Database>, organisationId: number): Promise<boolean> {
  const result = await tables(db)
    .deleteFrom('organisation_smtp')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

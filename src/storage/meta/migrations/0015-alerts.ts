// Fifteenth MetaStore migration (issue 29 item 7): a campaign's alert rules, the alerts they fired (each
// event once per rule: the event key is unique per rule), and in-app notifications of fired alerts — so a
// notification now points at a task or at an alert rule, with the alert's summary as its title. SQLite cannot
// relax a NOT NULL or a CHECK in place, so it rebuilds the notifications table (ids kept); PostgreSQL alters it.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';
import { withId } from './id-column';

const KINDS = sql`kind in ('drop', 'enter-top', 'leave-top', 'competitor-top', 'visibility-drop')`;

async function sqliteNotifications(db: Kysely<unknown>, withAlerts: boolean): Promise<void> {
  let t = withId('sqlite', db.schema.createTable('notifications_next'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
  t = withAlerts
    ? t
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('assigned', 'mentioned', 'alert')`))
        .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('cascade'))
    : t
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('assigned', 'mentioned')`))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'));
  t = t
    .addColumn('actor_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text');
  if (withAlerts)
    t = t
      .addColumn('alert_rule_id', 'integer', (c) => c.references('alert_rules.id').onDelete('cascade'))
      .addColumn('title', 'text');
  await t.execute();
  const common = sql.raw('id, organisation_id, user_id, kind, task_id, actor_id, created_at, read_at');
  await sql`insert into notifications_next (${common}) select ${common} from notifications ${sql.raw(
    withAlerts ? '' : "where kind <> 'alert'",
  )}`.execute(db);
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('notifications_next').renameTo('notifications').execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
}

export function alertsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(dialect, db.schema.createTable('alert_rules'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(KINDS))
        .addColumn('tag', 'text')
        // Whole positions, a top N, or whole per cent (visibility-drop).
        .addColumn('threshold', 'integer', (c) => c.notNull())
        .addColumn('competitor', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alert_rules_campaign').on('alert_rules').column('campaign_id').execute();

      await withId(dialect, db.schema.createTable('alert_events'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('rule_id', 'integer', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
        .addColumn('event_key', 'text', (c) => c.notNull())
        .addColumn('keyword', 'text')
        .addColumn('domain', 'text')
        // YYYY-MM-DD.
        .addColumn('from_date', 'text', (c) => c.notNull())
        .addColumn('to_date', 'text', (c) => c.notNull())
        // Positions 1–100 (null: not ranked) or visibility % rounded to 0.01, stored × 100 as whole numbers
        // so both engines hold them exactly.
        .addColumn('previous_value', 'integer')
        .addColumn('current_value', 'integer')
        .addColumn('url', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('fired_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('alert_events_rule_event')
        .on('alert_events')
        .columns(['rule_id', 'event_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('alert_events_campaign')
        .on('alert_events')
        .columns(['campaign_id', 'id'])
        .execute();

      if (dialect === 'sqlite') {
        await sqliteNotifications(db, true);
      } else {
        await sql`alter table notifications alter column task_id drop not null`.execute(db);
        await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
        await sql`alter table notifications add constraint notifications_kind_check check (kind in ('assigned', 'mentioned', 'alert'))`.execute(
          db,
        );
        await db.schema
          .alterTable('notifications')
          .addColumn('alert_rule_id', 'integer', (c) => c.references('alert_rules.id').onDelete('cascade'))
          .execute();
        await db.schema.alterTable('notifications').addColumn('title', 'text').execute();
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sqliteNotifications(db, false);
      } else {
        await sql`delete from notifications where kind = 'alert'`.execute(db);
        await db.schema.alterTable('notifications').dropColumn('title').execute();
        await db.schema.alterTable('notifications').dropColumn('alert_rule_id').execute();
        await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
        await sql`alter table notifications add constraint notifications_kind_check check (kind in ('assigned', 'mentioned'))`.execute(
          db,
        );
        await sql`alter table notifications alter column task_id set not null`.execute(db);
      }
      await db.schema.dropTable('alert_events').execute();
      await db.schema.dropTable('alert_rules').execute();
    },
  };
}

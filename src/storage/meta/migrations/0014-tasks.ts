// Fourteenth MetaStore migration (issue 31 items 5 and 6): tasks with their comments and change history,
// in-app notifications of assignments and mentions, and two organisation settings — the detectors' drop
// threshold and the organisation's SMTP server (its password sealed like the SERP provider keys). A task
// raised by a detector carries an event key, unique per organisation, so the same event never raises two.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';
import { withId } from './id-column';

export function tasksMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(dialect, db.schema.createTable('tasks'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'in-progress', 'done')`))
        .addColumn('priority', 'text', (c) =>
          c.notNull().check(sql`priority in ('low', 'normal', 'high', 'urgent')`),
        )
        // A removed user leaves the task unassigned rather than deleting it.
        .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // YYYY-MM-DD.
        .addColumn('due_date', 'text')
        .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
        .addColumn('keyword', 'text')
        .addColumn('url', 'text')
        .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sql`source in ('manual', 'rank-drop', 'snippet-lost')`),
        )
        .addColumn('event_key', 'text')
        // JSON object: what the detector saw (keyword, dates, positions, URL); null for a person's task.
        .addColumn('evidence', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // NULL event keys (a person's tasks) never collide in either engine.
      await db.schema
        .createIndex('tasks_organisation_event')
        .on('tasks')
        .columns(['organisation_id', 'event_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('tasks_organisation_status')
        .on('tasks')
        .columns(['organisation_id', 'status'])
        .execute();

      await withId(dialect, db.schema.createTable('task_comments'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        // Kept when the user is removed: the comment outlives its author.
        .addColumn('author_id', 'integer')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_comments_task').on('task_comments').column('task_id').execute();

      await withId(dialect, db.schema.createTable('task_history'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer')
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('old_value', 'text')
        .addColumn('new_value', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_history_task').on('task_history').column('task_id').execute();

      await withId(dialect, db.schema.createTable('notifications'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('assigned', 'mentioned')`))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'read_at'])
        .execute();

      await db.schema
        .createTable('organisation_task_settings')
        .addColumn('organisation_id', 'integer', (c) =>
          c.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('drop_threshold', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('organisation_smtp')
        .addColumn('organisation_id', 'integer', (c) =>
          c.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        // 'tls': TLS from the first byte (usually 465); 'starttls': upgrade required; 'none': plain (local relays).
        .addColumn('security', 'text', (c) => c.notNull().check(sql`security in ('tls', 'starttls', 'none')`))
        .addColumn('username', 'text')
        // SecretBox-sealed (services/rank-checks/secret-box.ts); never stored in clear.
        .addColumn('password_sealed', 'text')
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'organisation_smtp',
        'organisation_task_settings',
        'notifications',
        'task_history',
        'task_comments',
        'tasks',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}

// Twenty-second MetaStore migration (issue 31 item 6): a third detector source, 'cannibalisation' (a new
// cannibalisation conflict of the campaign's own domain). SQLite cannot change a CHECK in place, so it
// rebuilds the tasks table from its own stored definition (ids and rows kept; foreign keys off meanwhile so
// the comments, history and notifications that point at tasks survive the drop); PostgreSQL alters it.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

const BEFORE = "source in ('manual', 'rank-drop', 'snippet-lost')";
const AFTER = "source in ('manual', 'rank-drop', 'snippet-lost', 'cannibalisation')";

async function sqliteRebuild(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'tasks'`.execute(db);
  const ddl = rows[0]!.sql;
  if (!ddl.includes(from)) throw new Error('tasks: unexpected source check');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql
      .raw(ddl.replace(from, to).replace(/^create table "?tasks"?/i, 'create table "tasks_next"'))
      .execute(db);
    await sql`insert into tasks_next select * from tasks`.execute(db);
    await db.schema.dropTable('tasks').execute();
    await db.schema.alterTable('tasks_next').renameTo('tasks').execute();
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
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function postgresCheck(db: Kysely<unknown>, check: string): Promise<void> {
  await sql`alter table tasks drop constraint tasks_source_check`.execute(db);
  await sql`alter table tasks add constraint tasks_source_check check (${sql.raw(check)})`.execute(db);
}

export function taskCannibalisationMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') await sqliteRebuild(db, BEFORE, AFTER);
      else await postgresCheck(db, AFTER);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from tasks where source = 'cannibalisation'`.execute(db);
      if (dialect === 'sqlite') await sqliteRebuild(db, AFTER, BEFORE);
      else await postgresCheck(db, BEFORE);
    },
  };
}

// First MetaStore migration: every table of src/storage/meta/schema.ts, written once with Kysely's schema
// builder for both engines. The only dialect branch is the auto-increment id column. Composite foreign keys
// (child id, organisation_id) → parent (id, organisation_id) make the database itself refuse a campaign,
// report or invitation that points at another organisation's rows.
import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

/** Adds the auto-increment primary key `id`: int4 `serial` in PostgreSQL, rowid alias in SQLite. */
function withId<T extends string>(dialect: MetaDialect) {
  return (t: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

async function index(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}

export function initialMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organisations')
        .$call(withId(dialect))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .$call(withId(dialect))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('users_id_organisation_id_key', ['id', 'organisation_id'])
        .execute();
      await index(db, 'users', ['organisation_id']);

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await index(db, 'sessions', ['user_id']);
      await index(db, 'sessions', ['expires_at']);

      await db.schema
        .createTable('invitations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addForeignKeyConstraint(
          'invitations_invited_by_fkey',
          ['invited_by', 'organisation_id'],
          'users',
          ['id', 'organisation_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      await index(db, 'invitations', ['organisation_id']);
      await index(db, 'invitations', ['invited_by', 'organisation_id']);

      await db.schema
        .createTable('markets')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull().check(sql`device in ('desktop', 'mobile')`))
        .addColumn('engine', 'text', (c) => c.notNull().check(sql`engine in ('google')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('projects')
        .$call(withId(dialect))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('projects_id_organisation_id_key', ['id', 'organisation_id'])
        .execute();
      await index(db, 'projects', ['organisation_id']);

      await db.schema
        .createTable('sites')
        .$call(withId(dialect))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('host', 'text', (c) => c.notNull())
        .execute();
      await index(db, 'sites', ['project_id']);

      await db.schema
        .createTable('campaigns')
        .$call(withId(dialect))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('ctr_model', 'text', (c) => c.notNull().defaultTo('default'))
        .addColumn('schedule', 'text', (c) => c.check(sql`schedule in ('daily', 'weekly')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addForeignKeyConstraint(
          'campaigns_project_fkey',
          ['project_id', 'organisation_id'],
          'projects',
          ['id', 'organisation_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .addUniqueConstraint('campaigns_id_organisation_id_key', ['id', 'organisation_id'])
        .execute();
      await index(db, 'campaigns', ['organisation_id']);
      await index(db, 'campaigns', ['project_id', 'organisation_id']);
      await index(db, 'campaigns', ['market']);

      await db.schema
        .createTable('tracked_domains')
        .$call(withId(dialect))
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('is_own', 'boolean', (c) => c.notNull().defaultTo(false))
        .addUniqueConstraint('tracked_domains_campaign_id_value_key', ['campaign_id', 'value'])
        .execute();

      await db.schema
        .createTable('domain_groups')
        .$call(withId(dialect))
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .execute();
      await index(db, 'domain_groups', ['campaign_id']);

      await db.schema
        .createTable('domain_group_members')
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('domain_groups.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('domain_group_members_pkey', ['group_id', 'position'])
        .addUniqueConstraint('domain_group_members_group_id_value_key', ['group_id', 'value'])
        .execute();

      await db.schema
        .createTable('reports')
        .$call(withId(dialect))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('sections', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('html', 'csv')`))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addForeignKeyConstraint(
          'reports_campaign_fkey',
          ['campaign_id', 'organisation_id'],
          'campaigns',
          ['id', 'organisation_id'],
          (fk) => fk.onDelete('cascade'),
        )
        // A report outlives neither its campaign nor its organisation, but removing its author is refused.
        .addForeignKeyConstraint('reports_created_by_fkey', ['created_by', 'organisation_id'], 'users', [
          'id',
          'organisation_id',
        ])
        .execute();
      await index(db, 'reports', ['organisation_id']);
      await index(db, 'reports', ['campaign_id', 'organisation_id']);
      await index(db, 'reports', ['created_by', 'organisation_id']);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'reports',
        'domain_group_members',
        'domain_groups',
        'tracked_domains',
        'campaigns',
        'sites',
        'projects',
        'markets',
        'invitations',
        'sessions',
        'user_roles',
        'users',
        'organisations',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

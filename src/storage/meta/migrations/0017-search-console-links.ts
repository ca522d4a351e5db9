// Seventeenth MetaStore migration (issue 30 item 1): Search Console connections (an organisation's OAuth
// client or service-account key, secrets sealed) and the properties linked through them with the state of
// their latest sync. Deleting the organisation or the connection deletes the links; stored rows stay in the
// RankStore (Search Console forgets data after 16 months, Sightline keeps it).
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';
import { withId } from './id-column';

export function searchConsoleLinksMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(dialect, db.schema.createTable('gsc_connections'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('oauth', 'service-account')`))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('sealed_secret', 'text', (c) => c.notNull())
        .addColumn('sealed_refresh_token', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await withId(dialect, db.schema.createTable('gsc_links'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('connection_id', 'integer', (c) =>
          c.notNull().references('gsc_connections.id').onDelete('cascade'),
        )
        .addColumn('site_url', 'text', (c) => c.notNull())
        // Comma-separated API search types: a short closed list, never queried by element.
        .addColumn('search_types', 'text', (c) => c.notNull())
        .addColumn('synced_through', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('idle', 'running', 'failed')`))
        .addColumn('days_done', 'integer', (c) => c.notNull())
        .addColumn('days_total', 'integer', (c) => c.notNull())
        .addColumn('rows_written', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('last_sync_at', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('gsc_links_organisation_site', ['organisation_id', 'site_url'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('gsc_links').execute();
      await db.schema.dropTable('gsc_connections').execute();
    },
  };
}

// Seventh MetaStore migration: api_tokens (issue 25 part 6), personal access tokens for scripts. A token
// belongs to its user and goes with them; only the SHA-256 of its secret is kept, unique, because every
// bearer request looks a token up by it. Listed per user, hence the second index.
import { sql, type Kysely, type Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function apiTokensMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_tokens')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('read', 'write')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('api_tokens_user')
        .on('api_tokens')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}

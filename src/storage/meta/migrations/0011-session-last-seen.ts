// Eleventh MetaStore migration (issue 27 item 5): when each session was last used, for the idle timeout
// beside the 14-day limit. Existing sessions count as used when they were created (null is read so).
import type { Kysely, Migration } from 'kysely';

export function sessionLastSeenMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    },
  };
}

// Tenth MetaStore migration (issue 26): a campaign's `schedule` (its badge in the campaign list) is a copy of
// its enabled rank-check schedule's frequency, written only by the rank-check schedule queries. The demo used
// to seed 'weekly' on campaigns without any rank-check schedule, so the list showed WEEKLY on campaigns that
// are never checked; this recomputes every campaign's copy from the schedules.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export function campaignScheduleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`UPDATE campaigns SET schedule = (
        SELECT s.frequency FROM rank_check_schedules s WHERE s.campaign_id = campaigns.id AND s.enabled
      )`.execute(db);
    },
    // Nothing to undo: the copies before were wrong, and the schedules themselves are untouched.
    async down(): Promise<void> {},
  };
}

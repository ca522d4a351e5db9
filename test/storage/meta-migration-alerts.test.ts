// Migration 0015 (issue 29 item 7) on a store that already applied 0016 and 0017 (its number was reserved
// while later ones shipped), on SQLite and on PostgreSQL (when SIGHTLINE_TEST_POSTGRES_URL is set): it still
// applies, the task notifications written before keep their ids, kinds and read state (SQLite rebuilds the
// table), new ones get later ids, and an alert's notification can then be stored.
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { MetaStore } from '@storage/meta-store';
import type { MetaDialect } from '@storage/meta/schema';
import { migrationSuites, seedCampaignWithout } from './meta-migration-harness';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';

/** Every migration but 0015, then an organisation, a user, a campaign, a task and two notifications. */
async function seedWithout0015(db: Kysely<unknown>, dialect: MetaDialect): Promise<void> {
  await seedCampaignWithout(db, dialect, '0015-alerts', NOW);
  await sql`INSERT INTO tasks (organisation_id, title, status, priority, source, created_at, updated_at)
    VALUES (1, 'Check drop', 'open', 'normal', 'manual', ${NOW}, ${NOW})`.execute(db);
  await sql`INSERT INTO notifications (organisation_id, user_id, kind, task_id, actor_id, created_at, read_at)
    VALUES (1, 1, 'assigned', 1, NULL, ${NOW}, ${LATER}), (1, 1, 'mentioned', 1, NULL, ${NOW}, NULL)`.execute(
    db,
  );
}

async function expectKept(store: MetaStore): Promise<void> {
  await store.migrate();
  const before = await store.listNotifications(1, 1, 10);
  expect(before.map((n) => [n.id, n.kind, n.taskId, n.taskTitle, n.readAt, n.alert])).toEqual([
    [2, 'mentioned', 1, 'Check drop', null, null],
    [1, 'assigned', 1, 'Check drop', LATER, null],
  ]);
  const rule = await store.createAlertRule(
    {
      organisationId: 1,
      campaignId: 1,
      name: 'Drops',
      kind: 'drop',
      tag: null,
      threshold: 5,
      competitor: null,
      createdBy: 1,
    },
    NOW,
  );
  await store.createNotifications(
    [
      {
        organisationId: 1,
        userId: 1,
        kind: 'alert',
        taskId: null,
        actorId: null,
        alert: { ruleId: rule.id, title: 'T' },
      },
    ],
    LATER,
  );
  const after = await store.listNotifications(1, 1, 10);
  expect(after.map((n) => [n.id, n.kind, n.alert])).toEqual([
    [3, 'alert', { ruleId: rule.id, campaignId: 1, title: 'T' }],
    [2, 'mentioned', null],
    [1, 'assigned', null],
  ]);
  // A second migrate() changes nothing.
  await store.migrate();
  expect(await store.listNotifications(1, 1, 10)).toEqual(after);
}

migrationSuites({
  subject: 'migration 0015',
  name: 'applies after 0016 and 0017 and keeps the notifications',
  seed: seedWithout0015,
  check: expectKept,
});

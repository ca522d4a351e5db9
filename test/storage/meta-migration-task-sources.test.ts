// Migration 0022 (issue 31 item 6) on a store written by every other migration, on SQLite and on PostgreSQL
// (when SIGHTLINE_TEST_POSTGRES_URL is set): a task written before keeps its id, event key, comments,
// history and notifications (SQLite rebuilds the tasks table with foreign keys off, so nothing cascades),
// the next task gets a later id, a detector may then store a 'cannibalisation' task, and the event key
// still refuses a second task for the same event.
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { MetaStore } from '@storage/meta-store';
import type { NewTask } from '@storage/task-store';
import type { MetaDialect } from '@storage/meta/schema';
import { migrationSuites, seedCampaignWithout } from './meta-migration-harness';

const NOW = '2026-01-01T00:00:00.000Z';

async function seedWithout0022(db: Kysely<unknown>, dialect: MetaDialect): Promise<void> {
  await seedCampaignWithout(db, dialect, '0022-task-cannibalisation', NOW);
  await sql`INSERT INTO tasks (organisation_id, title, status, priority, campaign_id, source, event_key,
    created_at, updated_at)
    VALUES (1, 'Dropped', 'open', 'normal', 1, 'rank-drop', 'rank-drop:1:a:b:k', ${NOW}, ${NOW})`.execute(db);
  await sql`INSERT INTO task_comments (task_id, author_id, body, created_at) VALUES (1, 1, 'Seen', ${NOW})`.execute(
    db,
  );
  await sql`INSERT INTO task_history (task_id, actor_id, field, old_value, new_value, at)
    VALUES (1, 1, 'status', 'open', 'open', ${NOW})`.execute(db);
  await sql`INSERT INTO notifications (organisation_id, user_id, kind, task_id, created_at)
    VALUES (1, 1, 'assigned', 1, ${NOW})`.execute(db);
}

const task = (source: NewTask['source'], eventKey: string): NewTask => ({
  organisationId: 1,
  title: 'T',
  description: null,
  status: 'open',
  priority: 'normal',
  assigneeId: null,
  dueDate: null,
  campaignId: 1,
  keyword: 'k',
  url: null,
  reportId: null,
  source,
  eventKey,
  evidence: null,
  createdBy: null,
});

async function expectKept(store: MetaStore): Promise<void> {
  await store.migrate();
  expect(await store.getTask(1, 1)).toMatchObject({
    id: 1,
    source: 'rank-drop',
    eventKey: 'rank-drop:1:a:b:k',
  });
  expect((await store.listTaskComments(1, 1)).map((c) => c.body)).toEqual(['Seen']);
  expect(await store.listTaskHistory(1, 1)).toHaveLength(1);
  expect((await store.listNotifications(1, 1, 10)).map((n) => [n.id, n.taskId])).toEqual([[1, 1]]);
  const raised = await store.createTask(task('cannibalisation', 'cannibalisation-flip:1:a:b:k'), NOW);
  expect(raised).toMatchObject({ id: 2, source: 'cannibalisation' });
  expect(await store.createTask(task('cannibalisation', 'cannibalisation-flip:1:a:b:k'), NOW)).toBeNull();
  expect(await store.createTask(task('rank-drop', 'rank-drop:1:a:b:k'), NOW)).toBeNull();
  // A second migrate() changes nothing.
  await store.migrate();
  expect((await store.listTasks(1, {})).map((t) => t.id).sort()).toEqual([1, 2]);
}

migrationSuites({
  subject: 'migration 0022',
  name: 'keeps the tasks and what points at them, and accepts cannibalisation tasks',
  seed: seedWithout0022,
  check: expectKept,
});

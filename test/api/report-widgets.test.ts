// A report of the four widgets read from other screens' services — the rank table's top rows, the tag matrix,
// a Search Console property's totals and the open tasks — generated through the real Chromium: it is done,
// its data snapshot holds each widget's rows as the API answered them (the rank table's first 15 rows, the
// tags × domains matrix, the property's totals against the previous period, the open tasks and the members
// naming their assignees), the CSV bundle has their tables, and a re-render and a second generation of the
// same definition give the identical hash.
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedReport } from '@contracts/generated-reports';
import type { GscAnalyticsResponse } from '@contracts/search-console';
import type { RtTableResponse } from '@contracts/rank-tracking';
import type { TaResponse } from '@contracts/tag-analysis';
import type { Task } from '@contracts/tasks';
import { openPath } from '@ingest/formats/index';
import { ImportService } from '@server/services/import-service';
import { seedCvFixture } from './cv-fixture';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';
import { buildPrintPage, finishedReport } from './print-page';

const SITE = 'flashcomindonesia.com';
const FLASHCOM = join(process.cwd(), '../shared/data/search-console/gsc_api_flashcom_daily.csv');

let t: TestApp;
let reporter: Client;
let campaignId: number;
let web: ReturnType<typeof buildPrintPage>;
let reportId: number;

const finished = (id: number): Promise<GeneratedReport> => finishedReport(reporter, id);

/** The one snapshot answer of the address `path` (with any query). */
function answer<T>(responses: Record<string, unknown>, path: string): T {
  const found = Object.keys(responses).filter((a) => a === path || a.startsWith(`${path}?`));
  expect(found, path).toHaveLength(1);
  return responses[found[0]!] as T;
}

beforeAll(async () => {
  web = buildPrintPage('report-widgets-web');
  t = await createTestApp({ env: { SIGHTLINE_WEB_DIR: web.dir } });
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS', 'ROLE_CV', 'ROLE_ADMIN']);
  campaignId = (await seedCvFixture(t.stores, acme.id)).campaignId;
  const imports = new ImportService(t.stores.meta, t.stores.rank, () => new Date('2026-03-10T12:00:00Z'));
  const job = await imports.run({
    organisationId: acme.id,
    userId: null,
    files: [FLASHCOM],
    bytesTotal: null,
    open: async () => [await openPath(FLASHCOM)],
    dryRun: false,
  });
  expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
  reporter = await Client.signIn(t.app, 'reporter@acme.test');
  const me = (await reporter.get('/api/v1/me')).json() as { user: { id: number } };
  for (const task of [
    { title: 'Win back alpha shoes', priority: 'urgent', assigneeId: me.user.id, dueDate: '2025-02-01' },
    { title: 'Tag the sock keywords', status: 'in-progress', campaignId },
    { title: 'Already handled', status: 'done' },
  ]) {
    expect((await reporter.send('POST', '/api/v1/tasks', task)).statusCode).toBe(201);
  }
  const created = await reporter.send('POST', '/api/v1/reports', {
    name: 'Widgets',
    title: 'Acme widgets review',
    campaignId,
    period: { kind: 'fixed', from: '2025-01-01', to: '2025-01-20' },
    blocks: [
      { kind: 'widget', id: 'ranks', type: 'rank-table', title: null },
      { kind: 'widget', id: 'tags', type: 'tag-matrix', title: null },
      {
        kind: 'widget',
        id: 'gsc',
        type: 'search-console-totals',
        title: null,
        scope: { kind: 'search-console', site: SITE },
        range: { kind: 'fixed', from: '2024-06-01', to: '2024-06-30' },
      },
      { kind: 'widget', id: 'todo', type: 'tasks', title: null },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  reportId = created.json().id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(async () => {
  await t?.close();
  web?.remove();
});

describe('a report of the rank table, tag matrix, Search Console totals and tasks widgets', () => {
  let first: GeneratedReport;

  it("generates, and its snapshot holds each widget's rows", async () => {
    const started = await reporter.send('POST', `/api/v1/reports/${reportId}/generate`);
    expect(started.statusCode).toBe(202);
    first = await finished(started.json().id);
    expect(first.error).toBeNull();
    expect(first.status).toBe('done');
    const pdf = (await reporter.get(`/api/v1/generated-reports/${first.id}/pdf`)).rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { responses } = (await reporter.get(`/api/v1/generated-reports/${first.id}/snapshot`)).json() as {
      responses: Record<string, unknown>;
    };
    // The rank table's first page as Rank Tracking opens it (by change, most gained first), 15 rows asked.
    const ranks = answer<RtTableResponse>(responses, `/api/v1/rank-tracking/${campaignId}/keywords`);
    expect(ranks).toMatchObject({ campaignId, pageSize: 15, page: 1 });
    expect(ranks.rows.length).toBeGreaterThan(0);
    expect(ranks.targets[ranks.focus]).toMatchObject({ key: 'acme.com', own: true });
    expect(ranks.rows.map((r) => r.keyword)).toContain('alpha shoes');
    expect(ranks.rows.some((r) => r.cells[ranks.focus]!.position !== null)).toBe(true);
    // The tag matrix over the report's period: every tag of the campaign, a column per tracked domain.
    const tags = answer<TaResponse>(responses, `/api/v1/tag-analysis/${campaignId}`);
    expect(tags.labels.map((l) => l.label).sort()).toEqual(['brand', 'shoes', 'socks']);
    expect(tags.targets.map((x) => x.key)).toContain('acme.com');
    // The property's totals in June 2024 and in the 30 days before.
    const gsc = answer<GscAnalyticsResponse>(responses, '/api/v1/search-console/analytics');
    expect(gsc.source.current).toEqual({ start: '2024-06-01', end: '2024-06-30' });
    expect(gsc.source.previous).toEqual({ start: '2024-05-02', end: '2024-05-31' });
    expect(gsc.totals.clicks).toBeGreaterThan(0);
    expect(gsc.totals.previous?.impressions).toBeGreaterThan(0);
    // The workspace's tasks (the widget draws the open ones) and the members naming the assignee.
    const tasks = answer<{ items: Task[] }>(responses, '/api/v1/tasks');
    expect(tasks.items.map((x) => x.title).sort()).toEqual([
      'Already handled',
      'Tag the sock keywords',
      'Win back alpha shoes',
    ]);
    expect(Object.keys(responses)).toContain('/api/v1/tasks/members');
  }, 180_000);

  it("bundles the widgets' tables as CSV", async () => {
    const zip = (await reporter.get(`/api/v1/generated-reports/${first.id}/csv`)).rawPayload;
    const files = unzipSync(new Uint8Array(zip));
    const named = (part: string) => Object.keys(files).find((n) => n.includes(part));
    expect(strFromU8(files[named(`rank-tracking-${campaignId}-keywords.rows.csv`)!]!)).toContain(
      'alpha shoes',
    );
    expect(strFromU8(files[named(`tag-analysis-${campaignId}.labels.csv`)!]!)).toContain('socks');
    expect(strFromU8(files[named('tasks.items.csv')!]!)).toContain('Win back alpha shoes');
  });

  it('re-renders, and generates again, with the identical hash', async () => {
    expect((await reporter.send('POST', `/api/v1/generated-reports/${first.id}/retry`)).statusCode).toBe(202);
    const again = await finished(first.id);
    expect(again.status).toBe('done');
    expect(again.snapshotHash).toBe(first.snapshotHash);
    const second = await finished(
      (await reporter.send('POST', `/api/v1/reports/${reportId}/generate`)).json().id as number,
    );
    expect(second.status).toBe('done');
    expect(second.id).not.toBe(first.id);
    expect(second.snapshotHash).toBe(first.snapshotHash);
  }, 180_000);

  it('refuses a Search Console widget of a site the organisation has no rows of, on a dashboard and in a report', async () => {
    const gsc = (site: string) => ({
      id: 'gsc',
      type: 'search-console-totals',
      scope: { kind: 'search-console', site },
      range: { kind: 'relative', span: 'month' },
      filters: {},
      layout: { x: 0, y: 0, w: 6, h: 6 },
    });
    const unknown = await reporter.send('POST', '/api/v1/dashboards', {
      name: 'Unknown site',
      widgets: [gsc('example.org')],
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().error.message).toContain('Search Console data of site example.org (widget gsc)');
    expect(unknown.json().error.message).toContain('import or sync');
    const known = await reporter.send('POST', '/api/v1/dashboards', {
      name: 'Known site',
      widgets: [gsc(SITE)],
    });
    expect(known.statusCode, known.body).toBe(201);

    const report = await reporter.send('PUT', `/api/v1/reports/${reportId}`, {
      name: 'Widgets',
      campaignId,
      title: 'Acme widgets review',
      period: { kind: 'fixed', from: '2025-01-01', to: '2025-01-20' },
      blocks: [
        {
          kind: 'widget',
          id: 'gsc2',
          type: 'search-console-totals',
          title: null,
          scope: { kind: 'search-console', site: 'example.org' },
        },
      ],
    });
    expect(report.statusCode, report.body).toBe(404);
    expect(report.json().error.message).toContain('example.org (widget gsc2)');
    const unchanged = (await reporter.get(`/api/v1/reports/${reportId}`)).json() as { blocks: unknown[] };
    expect(unchanged.blocks).toHaveLength(4);
  });
});

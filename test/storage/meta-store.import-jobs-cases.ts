// Conformance cases for import jobs: create, progress and outcome updates with large counters, organisation
// scoping of the history (CLI jobs without an organisation are listed for everyone), and the start-up sweep
// that fails jobs left running; run by metaStoreSuite.
import { expect, it } from 'vitest';
import type { NewImportJob } from '@storage/meta-store';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

const BASE: NewImportJob = {
  organisationId: null,
  userId: null,
  files: ['ranks.csv'],
  format: null,
  market: null,
  campaignId: null,
  target: null,
  dryRun: false,
  bytesTotal: null,
};

export function importJobCases(ctx: MetaSuiteContext): void {
  it('creates a queued job and round-trips its options', async () => {
    const { org, user, campaign } = await ctx.seed();
    const job = await ctx.store.createImportJob(
      {
        organisationId: org.id,
        userId: user.id,
        files: ['a.csv', HOSTILE[0]!],
        format: 'serp-csv',
        market: 'gb-en',
        campaignId: campaign.id,
        target: 'example.com',
        dryRun: true,
        bytesTotal: 3_000_000_000,
      },
      NOW,
    );
    expect(job).toMatchObject({
      organisationId: org.id,
      userId: user.id,
      status: 'queued',
      files: ['a.csv', HOSTILE[0]],
      format: 'serp-csv',
      formats: [],
      market: 'gb-en',
      campaignId: campaign.id,
      target: 'example.com',
      dryRun: true,
      bytesTotal: 3_000_000_000,
      bytesRead: 0,
      rowsRead: 0,
      rowsWritten: 0,
      rowsRejected: 0,
      warningCount: 0,
      warnings: [],
      rejects: [],
      createdAt: NOW,
      startedAt: null,
      finishedAt: null,
      durationMs: null,
      error: null,
    });
    expect(job.written.serpResults).toBe(0);
    expect(await ctx.store.getImportJob(job.id)).toEqual(job);
  });

  it('updates progress and outcome; counters beyond 32 bits survive', async () => {
    const job = await ctx.store.createImportJob(BASE, NOW);
    await ctx.store.updateImportJob(job.id, { status: 'running', startedAt: NOW, bytesRead: 5_000_000_000 });
    expect(await ctx.store.getImportJob(job.id)).toMatchObject({
      status: 'running',
      startedAt: NOW,
      bytesRead: 5_000_000_000,
    });
    const written = {
      keywords: 3,
      serpResults: 4_000_000_000,
      snapshots: 2,
      rankObservations: 0,
      searchConsoleRows: 0,
      campaignKeywords: 0,
    };
    await ctx.store.updateImportJob(job.id, {
      status: 'succeeded',
      formats: ['serp-csv'],
      rowsRead: 4_000_000_001,
      rowsWritten: 4_000_000_000,
      rowsRejected: 1,
      written,
      warningCount: 7,
      warnings: [{ file: 'a.csv', code: 'unknown-columns', message: HOSTILE[4]!, count: 7, line: 1 }],
      rejects: [{ file: 'a.csv', line: 9, code: 'invalid-date', reason: HOSTILE[2]!, field: 'date' }],
      finishedAt: LATER,
      durationMs: 1234,
    });
    expect(await ctx.store.getImportJob(job.id)).toMatchObject({
      status: 'succeeded',
      formats: ['serp-csv'],
      rowsRead: 4_000_000_001,
      rowsWritten: 4_000_000_000,
      rowsRejected: 1,
      written,
      warningCount: 7,
      warnings: [{ file: 'a.csv', code: 'unknown-columns', message: HOSTILE[4], count: 7, line: 1 }],
      rejects: [{ file: 'a.csv', line: 9, code: 'invalid-date', reason: HOSTILE[2], field: 'date' }],
      finishedAt: LATER,
      durationMs: 1234,
      error: null,
    });
    expect(await ctx.store.getImportJob(job.id + 1_000_000)).toBeNull();
  });

  it('lists the organisation’s jobs and jobs without one, newest first, never another organisation’s', async () => {
    const a = await ctx.seed();
    const b = await ctx.seed();
    const ja = await ctx.store.createImportJob({ ...BASE, organisationId: a.org.id }, NOW);
    const jb = await ctx.store.createImportJob({ ...BASE, organisationId: b.org.id }, NOW);
    const cli = await ctx.store.createImportJob(BASE, NOW);
    const listed = (await ctx.store.listImportJobs(a.org.id, 1000)).map((j) => j.id);
    expect(listed).toContain(ja.id);
    expect(listed).toContain(cli.id);
    expect(listed).not.toContain(jb.id);
    expect(listed.indexOf(cli.id)).toBeLessThan(listed.indexOf(ja.id));
    expect(await ctx.store.listImportJobs(a.org.id, 1)).toHaveLength(1);
  });

  it('fails queued and running jobs at start-up and leaves finished ones alone', async () => {
    const running = await ctx.store.createImportJob(BASE, NOW);
    // Progress counted while it ran (issue 27 item 5): nothing of it was published, so it reports 0 written.
    await ctx.store.updateImportJob(running.id, {
      status: 'running',
      startedAt: NOW,
      rowsWritten: 5000,
      written: {
        keywords: 10,
        serpResults: 4990,
        snapshots: 10,
        rankObservations: 0,
        searchConsoleRows: 0,
        campaignKeywords: 0,
      },
    });
    const queued = await ctx.store.createImportJob(BASE, NOW);
    const done = await ctx.store.createImportJob(BASE, NOW);
    await ctx.store.updateImportJob(done.id, { status: 'succeeded', finishedAt: NOW });
    expect(await ctx.store.failUnfinishedImportJobs('interrupted', LATER)).toBeGreaterThanOrEqual(2);
    for (const id of [running.id, queued.id]) {
      expect(await ctx.store.getImportJob(id)).toMatchObject({
        status: 'failed',
        error: 'interrupted',
        finishedAt: LATER,
        rowsWritten: 0,
        written: { keywords: 0, serpResults: 0, snapshots: 0 },
      });
    }
    expect(await ctx.store.getImportJob(done.id)).toMatchObject({ status: 'succeeded', error: null });
    expect(await ctx.store.failUnfinishedImportJobs('interrupted', LATER)).toBe(0);
  });
}

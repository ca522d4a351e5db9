// Conformance cases for rank checks: provider keys per organisation (ciphertext, last four characters, price
// and rate overrides), one schedule per campaign, and the run history with its counters, exact money
// amounts and the start-up sweep; run by metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function rankCheckCases(ctx: MetaSuiteContext): void {
  it('stores one key per organisation and provider, replaces it, lists and deletes it', async () => {
    const { org, user } = await ctx.seed();
    const other = await ctx.seed();
    const saved = await ctx.store.saveProviderCredential(
      {
        organisationId: org.id,
        provider: 'serpapi',
        keyCiphertext: 'v1.aaa.bbb.ccc',
        keyLast4: 'c0de',
        costOverrideUsd: null,
        requestsPerSecondOverride: null,
        updatedBy: user.id,
      },
      NOW,
    );
    expect(saved).toEqual({
      organisationId: org.id,
      provider: 'serpapi',
      keyCiphertext: 'v1.aaa.bbb.ccc',
      keyLast4: 'c0de',
      costOverrideUsd: null,
      requestsPerSecondOverride: null,
      updatedAt: NOW,
      updatedBy: user.id,
    });
    const replaced = await ctx.store.saveProviderCredential(
      {
        organisationId: org.id,
        provider: 'serpapi',
        keyCiphertext: HOSTILE[2]!,
        keyLast4: 'beef',
        costOverrideUsd: 0.0155,
        requestsPerSecondOverride: 1000 / 3600,
        updatedBy: null,
      },
      LATER,
    );
    expect(replaced).toMatchObject({
      keyCiphertext: HOSTILE[2],
      keyLast4: 'beef',
      costOverrideUsd: 0.0155,
      updatedAt: LATER,
      updatedBy: null,
    });
    expect(replaced.requestsPerSecondOverride).toBeCloseTo(1000 / 3600, 12);
    await ctx.store.saveProviderCredential(
      { ...saved, provider: 'serper', keyCiphertext: 'x', keyLast4: '1234' },
      NOW,
    );
    await ctx.store.saveProviderCredential(
      { ...saved, organisationId: other.org.id, updatedBy: other.user.id },
      NOW,
    );
    expect((await ctx.store.listProviderCredentials(org.id)).map((c) => c.provider)).toEqual([
      'serpapi',
      'serper',
    ]);
    expect(await ctx.store.getProviderCredential(org.id, 'serpapi')).toEqual(replaced);
    expect(await ctx.store.getProviderCredential(org.id, 'dataforseo')).toBeNull();
    expect(await ctx.store.deleteProviderCredential(org.id, 'serpapi')).toBe(true);
    expect(await ctx.store.deleteProviderCredential(org.id, 'serpapi')).toBe(false);
    expect(await ctx.store.getProviderCredential(org.id, 'serpapi')).toBeNull();
    expect(await ctx.store.getProviderCredential(other.org.id, 'serpapi')).not.toBeNull();
  });

  it('keeps one schedule per campaign: replacing it keeps its creation time', async () => {
    const { org, user, campaign } = await ctx.seed();
    const first = await ctx.store.saveRankCheckSchedule(
      {
        campaignId: campaign.id,
        organisationId: org.id,
        provider: 'dataforseo',
        frequency: 'daily',
        hour: 0,
        weekday: null,
        enabled: true,
        confirmedAt: null,
        confirmedBy: null,
      },
      NOW,
    );
    const scheduleOfCampaign = async () => (await ctx.store.getCampaign(org.id, campaign.id))?.schedule;
    expect(await scheduleOfCampaign()).toBe('daily');
    expect(first).toEqual({
      campaignId: campaign.id,
      organisationId: org.id,
      provider: 'dataforseo',
      frequency: 'daily',
      hour: 0,
      weekday: null,
      enabled: true,
      confirmedAt: null,
      confirmedBy: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const second = await ctx.store.saveRankCheckSchedule(
      {
        ...first,
        frequency: 'weekly',
        hour: 23,
        weekday: 6,
        enabled: false,
        confirmedAt: LATER,
        confirmedBy: user.id,
      },
      LATER,
    );
    expect(second).toEqual({
      ...first,
      frequency: 'weekly',
      hour: 23,
      weekday: 6,
      enabled: false,
      confirmedAt: LATER,
      confirmedBy: user.id,
      updatedAt: LATER,
    });
    expect(await ctx.store.getRankCheckSchedule(campaign.id)).toEqual(second);
    expect(await ctx.store.listRankCheckSchedules()).toContainEqual(second);
    // A disabled schedule leaves the campaign without one; enabled again, the campaign follows.
    expect(await scheduleOfCampaign()).toBeNull();
    await ctx.store.saveRankCheckSchedule({ ...second, enabled: true }, LATER);
    expect(await scheduleOfCampaign()).toBe('weekly');
    expect(await ctx.store.deleteRankCheckSchedule(campaign.id)).toBe(true);
    expect(await scheduleOfCampaign()).toBeNull();
    expect(await ctx.store.getRankCheckSchedule(campaign.id)).toBeNull();
    expect(await ctx.store.deleteRankCheckSchedule(campaign.id)).toBe(false);
  });

  it('refuses an hour or weekday outside the day and week', async () => {
    const { org, campaign } = await ctx.seed();
    const base = {
      campaignId: campaign.id,
      organisationId: org.id,
      provider: 'serper',
      frequency: 'weekly' as const,
      hour: 5,
      weekday: 1,
      enabled: true,
      confirmedAt: null,
      confirmedBy: null,
    };
    await expect(ctx.store.saveRankCheckSchedule({ ...base, hour: 24 }, NOW)).rejects.toThrow();
    await expect(ctx.store.saveRankCheckSchedule({ ...base, weekday: 7 }, NOW)).rejects.toThrow();
    expect(await ctx.store.getRankCheckSchedule(campaign.id)).toBeNull();
  });

  it('records runs with exact costs and large counters, newest first, scoped to the campaign', async () => {
    const { org, user, campaign } = await ctx.seed();
    const other = await ctx.seed();
    const run = await ctx.store.createRankCheckRun(
      {
        organisationId: org.id,
        campaignId: campaign.id,
        provider: 'dataforseo',
        origin: 'manual',
        userId: user.id,
        keywords: 7,
        estimatedCostUsd: 7 * 0.0155,
      },
      NOW,
    );
    expect(run).toEqual({
      id: run.id,
      organisationId: org.id,
      campaignId: campaign.id,
      provider: 'dataforseo',
      origin: 'manual',
      status: 'queued',
      userId: user.id,
      keywords: 7,
      requestsDone: 0,
      requestsFailed: 0,
      attempts: 0,
      resultsWritten: 0,
      rowsRejected: 0,
      estimatedCostUsd: 0.1085,
      costUsd: 0,
      importJobId: null,
      error: null,
      createdAt: NOW,
      startedAt: null,
      finishedAt: null,
      durationMs: null,
    });
    await ctx.store.updateRankCheckRun(run.id, {
      status: 'running',
      startedAt: NOW,
      requestsDone: 3,
      attempts: 5,
    });
    const job = await ctx.store.createImportJob(
      {
        organisationId: org.id,
        userId: null,
        files: ['a.json'],
        format: 'dataforseo',
        market: 'gb-en',
        campaignId: campaign.id,
        target: null,
        dryRun: false,
        bytesTotal: 10,
      },
      NOW,
    );
    await ctx.store.updateRankCheckRun(run.id, {
      status: 'failed',
      requestsDone: 6,
      requestsFailed: 1,
      attempts: 3_000_000_000,
      resultsWritten: 4_000_000_000,
      rowsRejected: 2,
      costUsd: 6 * 0.0155,
      importJobId: job.id,
      error: HOSTILE[4]!,
      finishedAt: LATER,
      durationMs: 1234,
    });
    expect(await ctx.store.getRankCheckRun(run.id)).toEqual({
      ...run,
      status: 'failed',
      startedAt: NOW,
      requestsDone: 6,
      requestsFailed: 1,
      attempts: 3_000_000_000,
      resultsWritten: 4_000_000_000,
      rowsRejected: 2,
      costUsd: 0.093,
      importJobId: job.id,
      error: HOSTILE[4],
      finishedAt: LATER,
      durationMs: 1234,
    });
    const second = await ctx.store.createRankCheckRun(
      { ...run, origin: 'schedule', userId: null, estimatedCostUsd: 0 },
      LATER,
    );
    await ctx.store.createRankCheckRun(
      { ...run, organisationId: other.org.id, campaignId: other.campaign.id },
      NOW,
    );
    expect((await ctx.store.listRankCheckRuns(campaign.id, 10)).map((r) => r.id)).toEqual([
      second.id,
      run.id,
    ]);
    expect((await ctx.store.listRankCheckRuns(campaign.id, 1)).map((r) => r.id)).toEqual([second.id]);
    expect(await ctx.store.getRankCheckRun(second.id + 1_000_000)).toBeNull();
  });

  it('fails runs left queued or running and leaves finished ones alone', async () => {
    const { org, campaign } = await ctx.seed();
    const base = {
      organisationId: org.id,
      campaignId: campaign.id,
      provider: 'serper',
      origin: 'schedule' as const,
      userId: null,
      keywords: 1,
      estimatedCostUsd: 0.002,
    };
    const queued = await ctx.store.createRankCheckRun(base, NOW);
    const running = await ctx.store.createRankCheckRun(base, NOW);
    const done = await ctx.store.createRankCheckRun(base, NOW);
    await ctx.store.updateRankCheckRun(running.id, { status: 'running' });
    await ctx.store.updateRankCheckRun(done.id, { status: 'succeeded', finishedAt: NOW });
    expect(await ctx.store.failUnfinishedRankCheckRuns('interrupted', LATER)).toBeGreaterThanOrEqual(2);
    for (const id of [queued.id, running.id]) {
      expect(await ctx.store.getRankCheckRun(id)).toMatchObject({
        status: 'failed',
        error: 'interrupted',
        finishedAt: LATER,
      });
    }
    expect(await ctx.store.getRankCheckRun(done.id)).toMatchObject({
      status: 'succeeded',
      error: null,
      finishedAt: NOW,
    });
  });
}

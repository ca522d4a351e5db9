// The rank-check clock: cron patterns of daily and weekly schedules (UTC), only enabled and confirmed
// schedules get a job, a job fires the campaign's run, and stop() clears every job. Also a scheduled run
// through the service: the clock's firing makes an origin 'schedule' run with no user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankCheckSchedule } from '@storage/rank-check-store';
import { RankCheckScheduler, cronPattern, isActive } from '@server/services/rank-checks/scheduler';
import { estimateCost, runsPerMonth } from '@server/services/rank-checks/estimate';
import { SerpReplayServer } from '../support/serp-replay-server';
import { NOW, openHarness } from './harness';

const base: RankCheckSchedule = {
  campaignId: 1,
  organisationId: 1,
  provider: 'serpapi',
  frequency: 'daily',
  hour: 6,
  weekday: null,
  enabled: true,
  confirmedAt: '2026-03-01T00:00:00.000Z',
  confirmedBy: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

let replay: SerpReplayServer;
beforeAll(async () => {
  replay = await SerpReplayServer.start();
});
afterAll(() => replay.close());

describe('rank-check scheduler', () => {
  it('writes daily and weekly cron patterns at minute 0 of the hour', () => {
    expect(cronPattern(base)).toBe('0 6 * * *');
    expect(cronPattern({ frequency: 'weekly', hour: 23, weekday: 0 })).toBe('0 23 * * 0');
  });

  it('schedules only enabled, confirmed schedules, at the next due hour in UTC', () => {
    const fired: number[] = [];
    const s = new RankCheckScheduler(
      async (id) => void fired.push(id),
      () => undefined,
    );
    s.set(1, base);
    s.set(2, { ...base, campaignId: 2, confirmedAt: null });
    s.set(3, { ...base, campaignId: 3, enabled: false });
    expect(isActive(base)).toBe(true);
    expect(s.scheduled()).toEqual([1]);
    const next = s.nextRun(1)!;
    expect(next.getUTCHours()).toBe(6);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    s.set(1, null);
    expect(s.scheduled()).toEqual([]);
    s.set(1, base);
    s.stop();
    expect(s.scheduled()).toEqual([]);
    s.set(1, base);
    expect(s.scheduled()).toEqual([]);
  });

  it('estimates cost as keywords × runs a month × price', () => {
    expect(runsPerMonth('daily')).toBeCloseTo(30.4375, 4);
    expect(estimateCost(200, 0.0025)).toEqual({
      keywords: 200,
      priceUsd: 0.0025,
      perRunUsd: 0.5,
      monthlyUsd: { daily: 15.2188, weekly: 2.1741 },
    });
  });

  it('a confirmed schedule’s clock tick makes a scheduled run that writes the results', async () => {
    const h = await openHarness(replay, { market: 'us-en', keywords: ['cortado'] });
    try {
      await h.service.saveKey(h.auth, 'serpapi', { apiKey: 'serpapi-key-9999' });
      await h.service.saveSchedule(h.auth, h.campaign.id, {
        provider: 'serpapi',
        frequency: 'weekly',
        weekday: 2,
        hour: 4,
        enabled: true,
      });
      const view = await h.service.confirm(h.auth, h.campaign.id);
      expect(view.schedule).toMatchObject({ confirmed: true, confirmedAt: NOW.toISOString() });
      expect(new Date(view.schedule!.nextRunAt!).getUTCDay()).toBe(2);
      expect(await h.service.tick(h.campaign.id)).toBe(true);
      const [run] = await h.stores.meta.listRankCheckRuns(h.campaign.id, 5);
      expect(run).toMatchObject({
        origin: 'schedule',
        userId: null,
        status: 'succeeded',
        resultsWritten: 10,
      });
    } finally {
      await h.close();
    }
  });
});

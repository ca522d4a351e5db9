// The first start's background demo generation over HTTP (issue 25), on real SQLite + DuckDB stores: while
// the workspace is half built (its campaigns written, its SERPs not yet) the public set-up status shows the
// progress, sign-in and the session work, and every data route answers 503 DEMO_GENERATING instead of wrong
// data; once done the status says ready and the campaign's numbers equal the core reference functions over
// the rows read back (cv-reference.ts). A failed generation is shown with its message and keeps refusing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEARCH } from '@contracts/demo';
import { CV_BASE } from '@contracts/paths';
import {
  DEMO_FAILED_CODE,
  DEMO_GENERATING_CODE,
  SETUP_STATUS_PATH,
  type SetupStatus,
} from '@contracts/setup-status';
import { VE_BASE } from '@contracts/visibility-explorer';
import { DemoSetup } from '@server/services/demo/demo-setup';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import type { RankStore } from '@storage/rank-store';
import { CV_CLOCK, CV_REFERENCE_CHECKS, cvApi, loadCvReference } from './cv-reference';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const status = async (t: TestApp): Promise<SetupStatus> => {
  const res = await t.app.inject({ method: 'GET', url: SETUP_STATUS_PATH });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the demo workspace generated in the background', () => {
  const setup = new DemoSetup();
  let t: TestApp;
  let organisationId: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(CV_CLOCK.now), demoSetup: setup });
    organisationId = (await seedOrganisation(t.stores, 'Demo')).id;
    await seedUser(t.stores, organisationId, 'admin@demo.test', ['ROLE_ADMIN', 'ROLE_CV', 'ROLE_VE']);
  });
  afterAll(async () => t.close());

  it('answers with progress and 503 while half built, then serves the finished workspace', async () => {
    expect(await status(t)).toMatchObject({ state: 'ready', phase: null, percent: 100 });

    // The SERP phase waits until the checks below are done: the campaigns exist, their rankings do not yet.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let reachSerps!: () => void;
    const atSerps = new Promise<void>((r) => (reachSerps = r));
    const rank: RankStore = {
      ...t.stores.rank,
      generateDemoSerps: async (plan, onProgress) => {
        reachSerps();
        await released;
        return t.stores.rank.generateDemoSerps(plan, onProgress);
      },
    };
    // The status once two weeks are written: the first with an estimate of the time left.
    let twoWeeks: SetupStatus | null = null;
    const job = setup.run((progress) =>
      seedDemoWorkspace(
        { meta: t.stores.meta, rank },
        { organisationId, seed: 20250630, keywordsPerMarket: 1200, weeks: 6, now: CV_CLOCK.now },
        (phase, done, total) => {
          progress(phase, done, total);
          if (phase === 'serps' && done === 2) twoWeeks = setup.status();
        },
      ),
    );
    await atSerps;

    const during = await status(t);
    expect(during).toMatchObject({
      state: 'generating',
      phase: 'serps',
      done: 0,
      total: 12,
      message: null,
    });
    expect(during.percent).toBe(2);
    expect(during.etaSeconds).toBeNull();
    const admin = await Client.signIn(t.app, 'admin@demo.test');
    expect((await admin.get('/api/v1/me')).statusCode).toBe(200);
    const campaignId = (await t.stores.meta.listCampaigns(organisationId))[0]!.id;
    const veDomains = `${VE_BASE}/gb-en/domains?domains=wanderlane.co.uk`;
    for (const url of [
      '/api/v1/campaigns',
      `${CV_BASE}/${campaignId}/domains`,
      veDomains,
      '/api/v1/dashboard',
      // The one-to-one export lives outside /api: it is refused all the same.
      '/wanderlane.co.uk,example.com/gb-en/1-2-1',
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(503);
      const error = errorOf(res);
      expect(error.code).toBe(DEMO_GENERATING_CODE);
      expect(error.message).toMatch(/being generated \(serps, 2 %\)/u);
      expect(error.details).toMatchObject({ state: 'generating', phase: 'serps', done: 0 });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: DEMO_SEARCH });
    expect(errorOf(anonymous).code).toBe(DEMO_GENERATING_CODE);
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);

    release();
    expect(await job).toBeNull();
    expect(twoWeeks).toMatchObject({ state: 'generating', phase: 'serps', done: 2, total: 12 });
    expect(twoWeeks!.percent).toBeGreaterThan(2);
    expect(twoWeeks!.etaSeconds).toBeGreaterThanOrEqual(0);
    expect(await status(t)).toMatchObject({
      state: 'ready',
      phase: 'serps',
      done: 12,
      total: 12,
      percent: 100,
    });

    const campaigns = await admin.get('/api/v1/campaigns');
    expect(campaigns.statusCode).toBe(200);
    expect(campaigns.body).toMatch(/UK travel/u);
    const ref = await loadCvReference(t.stores, campaignId, 'gb-en');
    const api = cvApi(admin, campaignId);
    for (const check of CV_REFERENCE_CHECKS) await check.run(api, ref);
  }, 180_000);
});

describe('a failed demo generation', () => {
  const setup = new DemoSetup();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demoSetup: setup });
    const org = await seedOrganisation(t.stores, 'Demo');
    await seedUser(t.stores, org.id, 'admin@demo.test', ['ROLE_ADMIN', 'ROLE_CV']);
  });
  afterAll(async () => t.close());

  it('is shown with its message, and data routes keep refusing until a restart', async () => {
    const error = await setup.run(async (progress) => {
      progress('keywords', 1, 2);
      throw new Error('No space left on device');
    });
    expect(error?.message).toBe('No space left on device');
    expect(await status(t)).toMatchObject({
      state: 'failed',
      phase: 'keywords',
      message: 'No space left on device',
      etaSeconds: null,
    });
    const admin = await Client.signIn(t.app, 'admin@demo.test');
    expect((await admin.get('/api/v1/me')).statusCode).toBe(200);
    const res = await admin.get('/api/v1/projects');
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({
      code: DEMO_FAILED_CODE,
      message: expect.stringMatching(/No space left on device; restart Sightline/u),
    });
  });
});

// Issue 30 items 5–6: a campaign assigned a custom CTR model (typed in, deliberately not monotone) scores every
// campaign-visibility endpoint with it — each equals the src/core reference under the same model
// (cv-reference.ts) on DuckDB and, when SIGHTLINE_TEST_CLICKHOUSE_URL is set, ClickHouse. Assignment refuses
// another organisation's or an unknown model (400 naming ctrModel); deleting a model in use is refused (409
// naming the campaign). Calibration: per week the estimated clicks equal the reference visibility score of the
// own domain ÷ 30.4375 per day, and the real clicks equal Σ clicks that the Search Console analytics API
// reports for the same queries.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTR_MODELS_BASE } from '@contracts/ctr-models';
import { addDays } from '@core/date-range';
import { domainSummary, domainTarget, type CtrModel } from '@core/metrics';
import { mondayOf } from '@core/search-console/calibration';
import { seedDemoSearchConsole } from '@server/services/demo/seed-demo-search-console';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { close, CV_CLOCK, CV_REFERENCE_CHECKS, cvApi, loadCvReference } from './cv-reference';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const CH_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
const CH_CLUSTER = process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ?? '';
const PLAN = { seed: 20250630, keywordsPerMarket: 400, weeks: 14, now: CV_CLOCK.now };
/** Not monotone: position 3 above position 2, position 5 above 4 (a study-shaped curve would not catch order bugs). */
const POINTS = [
  { position: 1, ctr: 0.41 },
  { position: 2, ctr: 0.06 },
  { position: 3, ctr: 0.19 },
  { position: 4, ctr: 0.02 },
  { position: 5, ctr: 0.09 },
  { position: 12, ctr: 0.03 },
  { position: 60, ctr: 0.004 },
];

const engines = [
  { name: 'DuckDB', env: {} as Record<string, string> },
  ...(CH_URL === ''
    ? []
    : [
        {
          name: 'ClickHouse',
          env: {
            CLICKHOUSE_URL: CH_URL,
            ...(CH_CLUSTER === '' ? {} : { CLICKHOUSE_CLUSTER: CH_CLUSTER }),
            CLICKHOUSE_DATABASE: `sightline_ctr_${randomBytes(4).toString('hex')}`,
          },
        },
      ]),
];

describe.each(engines)('a campaign under a custom CTR model on $name', ({ env }) => {
  let t: TestApp;
  let analyst: Client;
  let other: Client;
  let campaign: number;
  let projectId: number;
  let market: string;
  let model: CtrModel & { name: string };

  beforeAll(async () => {
    t = await createTestApp({ env, now: () => new Date(CV_CLOCK.now) });
    const org = await seedOrganisation(t.stores, 'Demo');
    const orgB = await seedOrganisation(t.stores, 'Other');
    await seedUser(t.stores, org.id, 'analyst@demo.test', ['ROLE_CV']);
    await seedUser(t.stores, orgB.id, 'b@other.test', ['ROLE_CV']);
    const summary = await seedDemoWorkspace(t.stores, { organisationId: org.id, ...PLAN });
    await seedDemoSearchConsole(t.stores, org.id, PLAN.seed, new Date(CV_CLOCK.now));
    campaign = summary.projects[0]!.campaignId;
    projectId = (await t.stores.meta.getCampaign(org.id, campaign))!.projectId;
    market = summary.projects[0]!.market;
    analyst = await Client.signIn(t.app, 'analyst@demo.test');
    other = await Client.signIn(t.app, 'b@other.test');
    const res = await analyst.send('POST', CTR_MODELS_BASE, { name: 'Zig-zag test curve', points: POINTS });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    model = { id: body.id, name: body.name, values: body.values };
  }, 240_000);
  afterAll(async () => {
    if (t === undefined) return;
    await dropClickHouseDatabase(t.config);
    await t.close();
  });

  it('assigns only a model the organisation has, and refuses to delete one in use', async () => {
    const otherModel = (
      await other.send('POST', CTR_MODELS_BASE, { name: 'theirs', points: [{ position: 1, ctr: 0.3 }] })
    ).json();
    for (const id of ['no-such-model', otherModel.id]) {
      const res = await analyst.send('PATCH', `/api/v1/campaigns/${campaign}`, { ctrModel: id });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).details).toEqual({ field: 'ctrModel' });
      expect(errorOf(res).message).toContain('ctrModel');
    }
    const created = await analyst.send('POST', '/api/v1/campaigns', {
      projectId,
      name: 'Refused',
      market: 'gb',
      ctrModel: '999999',
    });
    expect(created.statusCode, created.body).toBe(400);
    const patched = await analyst.send('PATCH', `/api/v1/campaigns/${campaign}`, { ctrModel: model.id });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().ctrModel).toBe(model.id);
    const del = await analyst.send('DELETE', `${CTR_MODELS_BASE}/${model.id}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toContain(`campaign ${campaign}`);
  });

  it('every campaign-visibility endpoint equals the core reference under the same model', async () => {
    const ref = await loadCvReference(t.stores, campaign, market, model);
    const api = cvApi(analyst, campaign);
    const failures: string[] = [];
    for (const check of CV_REFERENCE_CHECKS) {
      try {
        await check.run(api, ref);
      } catch (e) {
        failures.push(`- ${check.name}: ${(e as Error).message.slice(0, 800)}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // And the model matters: the default curve gives other numbers.
    const mine = await api.json('domains');
    const dflt = domainSummary(ref.data, ref.targets, [...ref.data.keywords.keys()], CV_CLOCK.span);
    expect(mine.items[0].visibilityScore).not.toBeCloseTo(dflt.targets[0]!.visibilityScore, 3);
  });

  it('calibration: estimated clicks are the reference VS per day, real clicks the analytics API’s', async () => {
    const res = await analyst.get(`${CTR_MODELS_BASE}/calibration?campaign=${campaign}`);
    expect(res.statusCode, res.body).toBe(200);
    const cal = res.json();
    expect(cal.model).toEqual({ id: model.id, name: model.name });
    expect(cal.keywordsWithData).toBeGreaterThan(10);
    const period = cal.period as { start: string; end: string };
    // Queries with rows in the period, through the analytics API (paged).
    const ref = await loadCvReference(t.stores, campaign, market, model);
    const texts = new Map(ref.members.map((k) => [k.text, k.id]));
    const gsc = `/api/v1/search-console/analytics?site=${encodeURIComponent(cal.site)}&pageSize=1000`;
    const queryClicks = async (start: string, end: string) => {
      const out = new Map<string, number>();
      for (let page = 1; ; page += 1) {
        const body = (await analyst.get(`${gsc}&startDate=${start}&endDate=${end}&page=${page}`)).json();
        for (const r of body.rows) if (texts.has(r.keys.query)) out.set(r.keys.query, r.clicks);
        if (page * 1000 >= body.total) return out;
      }
    };
    const withData = await queryClicks(period.start, period.end);
    expect(cal.keywordsWithData).toBe(withData.size);
    const ids = [...withData.keys()].map((q) => texts.get(q)!);
    const own = ref.tracked.filter((d) => d.isOwn).map((d) => domainTarget(d.value));
    const span = { start: addDays(period.start, -6), end: period.end };
    const series = domainSummary(ref.data, own, ids, span, { ctr: model }).targets[0]!.series;
    const vsAt = new Map(series.map((p) => [p.date, p.visibilityScore]));
    let checked = 0;
    for (const w of cal.weeks) {
      const start = w.week < period.start ? period.start : w.week;
      const sunday = addDays(w.week, 6);
      const end = sunday > period.end ? period.end : sunday;
      let estimated = 0;
      for (let d = start; d <= end; d = addDays(d, 1)) {
        // The market's latest snapshot on or before d, at most 6 days earlier.
        const snap = [...vsAt.keys()].filter((s) => s <= d && s >= addDays(d, -6)).at(-1);
        estimated += snap === undefined ? 0 : vsAt.get(snap)! / 30.4375;
      }
      close(w.estimatedClicks, estimated, `estimated ${w.week}`);
      const real = [...(await queryClicks(start, end)).values()].reduce((a, b) => a + b, 0);
      expect(w.clicks, `clicks ${w.week}`).toBe(real);
      expect(mondayOf(start)).toBe(w.week);
      if (w.clicks > 0 && w.estimatedClicks > 0) checked += 1;
    }
    expect(checked).toBeGreaterThan(4);
    const csv = (await analyst.get(`${CTR_MODELS_BASE}/calibration/csv?campaign=${campaign}`)).body;
    expect(csv.slice(1).split('\r\n')[0]).toBe('week,days,estimated_clicks,clicks,ratio,ctr_model');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + cal.weeks.length);
  });
});

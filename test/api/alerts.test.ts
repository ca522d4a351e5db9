// Rank alerts (issue 29 item 7) over HTTP: rules are ROLE_CV (401/403), 404 for another organisation's
// campaign or rule, 400 naming the field at fault; then two snapshots imported through the import API fire
// exactly the expected alerts — a tagged keyword's drop, a keyword entering the top 3, a competitor entering
// the top 3, the visibility drop — each once, into the history and the notification list of the
// organisation's ROLE_CV users; importing the later snapshot again fires nothing more. Expected values are
// worked out by hand from the CSVs below (DESIGN §3 default CTR curve for visibility).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_BASE, type AlertEventDto, type AlertRuleDto } from '@contracts/alerts';
import {
  Client,
  createTestApp,
  errorOf,
  importFinished,
  seedOrganisation,
  seedUser,
  type TestApp,
} from './helpers';

const NOW = '2025-03-10T00:00:00.000Z';
const HEADER = 'date,market,keyword,position,url,result_type,search_volume';
const D1 = '2025-03-01';
const D2 = '2025-03-08';
const FIRST = [
  HEADER,
  `${D1},gb-en,cheap flights,2,https://www.example.com/flights,organic,1000`,
  `${D1},gb-en,cheap flights,5,https://rival.com/flights,organic,1000`,
  `${D1},gb-en,hotels,12,https://www.example.com/hotels,organic,500`,
  `${D1},gb-en,car hire,4,https://www.example.com/cars,organic,200`,
].join('\n');
const SECOND = [
  HEADER,
  `${D2},gb-en,cheap flights,2,https://rival.com/flights,organic,1000`,
  `${D2},gb-en,cheap flights,9,https://www.example.com/flights,organic,1000`,
  `${D2},gb-en,hotels,3,https://www.example.com/hotels,organic,500`,
  `${D2},gb-en,car hire,6,https://www.example.com/cars,organic,200`,
].join('\n');

let t: TestApp;
let analyst: Client;
let reporter: Client;
let outsider: Client;
let campaignId: number;
let otherCampaignId: number;

const rulesUrl = (campaign = campaignId) => `${ALERTS_BASE}/${campaign}/rules`;

async function importCsv(csv: string): Promise<void> {
  const res = await analyst.app.inject({
    method: 'POST',
    url: `/api/v1/imports?name=ranks.csv&campaign=${campaignId}`,
    headers: { cookie: analyst.cookie, 'x-csrf-token': analyst.csrfToken, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(202);
  expect((await importFinished(analyst, res.json().id)).status).toBe('succeeded');
}

async function createRule(body: Record<string, unknown>): Promise<AlertRuleDto> {
  const res = await analyst.send('POST', rulesUrl(), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AlertRuleDto;
}

const events = async () =>
  ((await analyst.get(`${ALERTS_BASE}/${campaignId}/events`)).json() as { items: AlertEventDto[] }).items;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const { meta } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
  const project = await meta.createProject(acme.id, 'Travel', NOW);
  campaignId = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Travel', market: 'gb-en' },
      NOW,
    )
  ).id;
  await meta.addTrackedDomain(campaignId, {
    value: 'example.com',
    label: 'Us',
    color: '#123456',
    isOwn: true,
  });
  await meta.addTrackedDomain(campaignId, {
    value: 'rival.com',
    label: 'Rival',
    color: '#654321',
    isOwn: false,
  });
  const globexProject = await meta.createProject(globex.id, 'G', NOW);
  otherCampaignId = (
    await meta.createCampaign(
      { organisationId: globex.id, projectId: globexProject.id, name: 'G', market: 'gb-en' },
      NOW,
    )
  ).id;
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  reporter = await Client.signIn(t.app, 'reporter@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
  const tagged = await analyst.send('POST', `/api/v1/campaigns/${campaignId}/keywords`, {
    keywords: [
      { keyword: 'cheap flights', tags: ['core'] },
      { keyword: 'hotels' },
      { keyword: 'car hire', tags: ['core'] },
    ],
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
});
afterAll(async () => t.close());

describe('alert rules', () => {
  it('are ROLE_CV, and 404 for another organisation’s campaign or rule', async () => {
    expect((await t.app.inject({ method: 'GET', url: rulesUrl() })).statusCode).toBe(401);
    const refused = await reporter.get(rulesUrl());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toContain('ROLE_CV');
    const theirs = await outsider.get(rulesUrl());
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).message).toBe(`campaign ${campaignId} does not exist`);
    expect((await analyst.get(rulesUrl(otherCampaignId))).statusCode).toBe(404);
    const rule = await createRule({ name: 'Temp', kind: 'drop', threshold: 5 });
    const body = { name: 'x', kind: 'drop', threshold: 3 };
    expect((await outsider.send('PUT', `${rulesUrl(otherCampaignId)}/${rule.id}`, body)).statusCode).toBe(
      404,
    );
    expect((await outsider.send('DELETE', `${rulesUrl(otherCampaignId)}/${rule.id}`)).statusCode).toBe(404);
    expect((await outsider.send('DELETE', `${rulesUrl()}/${rule.id}`)).statusCode).toBe(404);
    expect((await analyst.send('DELETE', `${rulesUrl()}/${rule.id}`)).statusCode).toBe(204);
    expect((await analyst.send('DELETE', `${rulesUrl()}/${rule.id}`)).statusCode).toBe(404);
    expect((await analyst.get(rulesUrl())).json()).toEqual({ items: [] });
  });

  it.each([
    [{ kind: 'drop', threshold: 5 }, 'name'],
    [{ name: 'R', kind: 'falls', threshold: 5 }, 'kind'],
    [{ name: 'R', kind: 'drop', threshold: 0 }, 'threshold'],
    [{ name: 'R', kind: 'drop', threshold: 2.5 }, 'threshold'],
    [{ name: 'R', kind: 'enter-top', threshold: 3, competitor: 'rival.com' }, 'competitor'],
    [{ name: 'R', kind: 'visibility-drop', threshold: 10, tag: 'core' }, 'tag'],
    [{ name: 'R', kind: 'competitor-top', threshold: 3, competitor: 'nobody.com' }, 'competitor'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await analyst.send('POST', rulesUrl(), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(field);
  });

  it('edits a rule as a whole', async () => {
    const rule = await createRule({ name: 'Edit me', kind: 'drop', threshold: 5 });
    const res = await analyst.send('PUT', `${rulesUrl()}/${rule.id}`, {
      name: 'Edited',
      kind: 'leave-top',
      tag: 'core',
      threshold: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...rule,
      name: 'Edited',
      kind: 'leave-top',
      tag: 'core',
      threshold: 10,
      updatedAt: NOW,
    });
    expect((await analyst.send('DELETE', `${rulesUrl()}/${rule.id}`)).statusCode).toBe(204);
  });
});

describe('OpenAPI', () => {
  it('documents the rules and the fired alerts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/v1/alerts/{campaign}/rules']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/alerts/{campaign}/rules/{id}']).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(doc.paths['/api/v1/alerts/{campaign}/events'])).toEqual(['get']);
  });
});

describe('evaluation after imports', () => {
  it('fires each matching alert exactly once, into the history and the notification list', async () => {
    const drop = await createRule({ name: 'Core drops', kind: 'drop', tag: 'core', threshold: 5 });
    const enter = await createRule({ name: 'Top 3', kind: 'enter-top', threshold: 3 });
    const rival = await createRule({
      name: 'Rival',
      kind: 'competitor-top',
      threshold: 3,
      competitor: 'rival.com',
    });
    const visibility = await createRule({ name: 'Visibility', kind: 'visibility-drop', threshold: 20 });
    // Does not fire: car hire (core) drops 2 positions only; nothing leaves the top 1.
    await createRule({ name: 'Quiet', kind: 'leave-top', threshold: 1 });

    await importCsv(FIRST);
    expect(await events()).toEqual([]);
    await importCsv(SECOND);
    const fired = await events();
    const base = { previousDate: D1, currentDate: D2, firedAt: NOW, id: expect.any(Number) };
    // Visibility % (default CTR): D1 (1000 × 0.157 + 500 × 0.0118 + 200 × 0.080) / (1700 × 0.285) = 36.92 %,
    // D2 (1000 × 0.028 + 500 × 0.110 + 200 × 0.051) / 484.5 = 19.24 %: a fall of 47.9 %.
    expect(fired).toEqual([
      {
        ...base,
        ruleId: visibility.id,
        ruleName: 'Visibility',
        keyword: null,
        domain: null,
        previousValue: 36.92,
        currentValue: 19.24,
        url: null,
        message: 'Visibility: visibility fell 47.9 % (36.92 % → 19.24 %)',
      },
      {
        ...base,
        ruleId: enter.id,
        ruleName: 'Top 3',
        keyword: 'hotels',
        domain: null,
        previousValue: 12,
        currentValue: 3,
        url: 'https://www.example.com/hotels',
        message: 'Top 3: "hotels" entered the top 3 (#12 → #3)',
      },
      {
        ...base,
        ruleId: rival.id,
        ruleName: 'Rival',
        keyword: 'cheap flights',
        domain: 'rival.com',
        previousValue: 5,
        currentValue: 2,
        url: 'https://rival.com/flights',
        message: 'Rival: rival.com entered the top 3 for "cheap flights" (#5 → #2)',
      },
      {
        ...base,
        ruleId: drop.id,
        ruleName: 'Core drops',
        keyword: 'cheap flights',
        domain: null,
        previousValue: 2,
        currentValue: 9,
        url: 'https://www.example.com/flights',
        message: 'Core drops: "cheap flights" dropped 7 positions (#2 → #9)',
      },
    ]);

    const bell = (await analyst.get('/api/v1/notifications')).json() as {
      items: {
        kind: string;
        taskId: number | null;
        alert: { ruleId: number; campaignId: number; title: string } | null;
      }[];
      unread: number;
    };
    const alerts = bell.items.filter((n) => n.kind === 'alert');
    expect(alerts.map((n) => [n.taskId, n.alert])).toEqual(
      [visibility, enter, rival, drop].map((r) => [
        null,
        { ruleId: r.id, campaignId, title: fired.find((e) => e.ruleId === r.id)!.message },
      ]),
    );
    expect(bell.unread).toBe(bell.items.length);
    // Only ROLE_CV users are told.
    expect((await reporter.get('/api/v1/notifications')).json().items).toEqual([]);

    // The same later snapshot again: the same alerts, no new ones, no new notifications.
    await importCsv(SECOND);
    expect(await events()).toEqual(fired);
    expect((await analyst.get('/api/v1/notifications')).json().items).toHaveLength(bell.items.length);
  });
});

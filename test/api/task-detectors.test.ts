// Task detectors (issue 31 item 6) end to end through the import API: a snapshot, then a later one where a
// tracked keyword drops 7 positions and the campaign's featured snippet is lost, raises one task for each
// with its evidence; importing the later snapshot again raises nothing more; a higher organisation
// threshold (ROLE_ADMIN) ignores the drop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, importFinished, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-10T00:00:00.000Z';
const HEADER = 'date,market,keyword,position,url,result_type,search_volume';
const others = (date: string, keyword: string, from: number, to: number) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `${date},gb-en,${keyword},${from + i},https://rival${i}.test/,organic,1000`,
  );

const FIRST = [
  HEADER,
  '2025-03-01,gb-en,cheap flights,1,https://www.skyscanner.net/,featured_snippet,1000',
  '2025-03-01,gb-en,cheap flights,2,https://www.kayak.co.uk/flights,organic,1000',
  '2025-03-01,gb-en,cheap flights,3,https://www.example.com/flights,organic,1000',
  '2025-03-01,gb-en,hotels,1,https://www.example.com/hotels,featured_snippet,500',
  '2025-03-01,gb-en,hotels,2,https://www.example.com/hotels,organic,500',
].join('\n');
const SECOND = [
  HEADER,
  ...others('2025-03-08', 'cheap flights', 1, 8),
  '2025-03-08,gb-en,cheap flights,9,https://www.example.com/flights,organic,1000',
  '2025-03-08,gb-en,hotels,1,https://www.booking.com/,featured_snippet,500',
  '2025-03-08,gb-en,hotels,2,https://www.example.com/hotels,organic,500',
].join('\n');

let t: TestApp;
let admin: Client;
let campaignId: number;

async function importCsv(csv: string): Promise<void> {
  const res = await admin.app.inject({
    method: 'POST',
    url: `/api/v1/imports?name=ranks.csv&campaign=${campaignId}`,
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(202);
  expect((await importFinished(admin, res.json().id)).status).toBe('succeeded');
}

const detected = async () =>
  ((await admin.get('/api/v1/tasks')).json().items as { source: string }[]).filter(
    (x) => x.source !== 'manual',
  );

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const { meta } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, acme.id, 'admin@acme.test', ['ROLE_CV', 'ROLE_ADMIN']);
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
  admin = await Client.signIn(t.app, 'admin@acme.test');
});
afterAll(async () => t.close());

describe('task detectors', () => {
  it('raises a task once per drop and per lost snippet, with its evidence', async () => {
    await importCsv(FIRST);
    expect(await detected()).toEqual([]);
    await importCsv(SECOND);
    const tasks = await detected();
    expect(tasks).toHaveLength(2);
    const drop = tasks.find((x) => x.source === 'rank-drop');
    const snippet = tasks.find((x) => x.source === 'snippet-lost');
    expect(drop).toMatchObject({
      title: '"cheap flights" dropped from #2 to #9',
      status: 'open',
      campaignId,
      keyword: 'cheap flights',
      url: 'https://www.example.com/flights',
      evidence: {
        keyword: 'cheap flights',
        previousDate: '2025-03-01',
        currentDate: '2025-03-08',
        previousPosition: 2,
        currentPosition: 9,
        url: 'https://www.example.com/flights',
      },
    });
    expect(snippet).toMatchObject({
      title: 'Featured snippet lost: "hotels"',
      keyword: 'hotels',
      evidence: {
        previousDate: '2025-03-01',
        currentDate: '2025-03-08',
        previousPosition: 1,
        currentPosition: 1,
      },
    });
    // The same two days imported again: the same events, no new tasks.
    await importCsv(SECOND);
    expect(await detected()).toEqual(tasks);
  });

  it('keeps the organisation threshold (default 5, ROLE_ADMIN) and refuses a bad one', async () => {
    expect((await admin.get('/api/v1/settings/tasks')).json()).toEqual({ dropThreshold: 5 });
    const bad = await admin.send('PUT', '/api/v1/settings/tasks', { dropThreshold: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('dropThreshold');
    expect((await admin.send('PUT', '/api/v1/settings/tasks', { dropThreshold: 10 })).json()).toEqual({
      dropThreshold: 10,
    });
  });
});

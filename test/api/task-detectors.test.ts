// Task detectors (issue 31 item 6) end to end through the import API: a snapshot, then a later one where a
// tracked keyword drops 7 positions and the campaign's featured snippet is lost, raises one task for each
// with its evidence; importing the later snapshot again raises nothing more; a higher organisation
// threshold (ROLE_ADMIN) ignores the drop. Two more snapshots then raise a task per new cannibalisation
// conflict (a second own URL; a changed ranking URL), but none for a conflict the keyword already had at the
// previous date, nor for a keyword first checked at the latest date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, importFinished, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-31T00:00:00.000Z';
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

// 03-15: nothing moves; "car hire" is first checked with two own URLs, "flights to paris" with one.
const THIRD = [
  HEADER,
  ...others('2025-03-15', 'cheap flights', 1, 8),
  '2025-03-15,gb-en,cheap flights,9,https://www.example.com/flights,organic,1000',
  '2025-03-15,gb-en,hotels,1,https://www.booking.com/,featured_snippet,500',
  '2025-03-15,gb-en,hotels,2,https://www.example.com/hotels,organic,500',
  '2025-03-15,gb-en,car hire,1,https://www.example.com/cars,organic,300',
  '2025-03-15,gb-en,car hire,2,https://www.example.com/car-hire,organic,300',
  '2025-03-15,gb-en,flights to paris,1,https://www.airfrance.fr/,organic,200',
  '2025-03-15,gb-en,flights to paris,2,https://www.example.com/paris,organic,200',
].join('\n');
// 03-22: a second own URL on "hotels" (new), "car hire" still two (existing), "flights to paris" on another URL.
const FOURTH = [
  HEADER,
  ...others('2025-03-22', 'cheap flights', 1, 8),
  '2025-03-22,gb-en,cheap flights,9,https://www.example.com/flights,organic,1000',
  '2025-03-22,gb-en,hotels,1,https://www.booking.com/,featured_snippet,500',
  '2025-03-22,gb-en,hotels,2,https://www.example.com/hotels,organic,500',
  '2025-03-22,gb-en,hotels,3,https://www.trivago.co.uk/,organic,500',
  '2025-03-22,gb-en,hotels,4,https://www.example.com/hotels/london,organic,500',
  '2025-03-22,gb-en,car hire,1,https://www.example.com/cars,organic,300',
  '2025-03-22,gb-en,car hire,2,https://www.example.com/car-hire,organic,300',
  '2025-03-22,gb-en,flights to paris,1,https://www.airfrance.fr/,organic,200',
  '2025-03-22,gb-en,flights to paris,2,https://www.example.com/paris-flights,organic,200',
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
  ((await admin.get('/api/v1/tasks')).json().items as { source: string; keyword: string | null }[]).filter(
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

  it('raises a task once per new cannibalisation conflict, with its evidence', async () => {
    const earlier = await detected();
    await importCsv(THIRD);
    expect(await detected()).toEqual(earlier);
    await importCsv(FOURTH);
    const raised = (await detected()).filter((x) => x.source === 'cannibalisation');
    expect(raised.map((x) => x.keyword).sort()).toEqual(['flights to paris', 'hotels']);
    expect(raised.find((x) => x.keyword === 'hotels')).toMatchObject({
      title: 'Cannibalisation: 2 URLs rank for "hotels"',
      campaignId,
      url: 'https://www.example.com/hotels',
      evidence: {
        keyword: 'hotels',
        previousDate: '2025-03-15',
        currentDate: '2025-03-22',
        previousPosition: 1,
        currentPosition: 1,
        url: 'https://www.example.com/hotels',
        conflict: 'multiple',
        urls: [
          { url: 'https://www.example.com/hotels', date: '2025-03-22', position: 1 },
          { url: 'https://www.example.com/hotels/london', date: '2025-03-22', position: 3 },
        ],
      },
    });
    expect(raised.find((x) => x.keyword === 'flights to paris')).toMatchObject({
      title: 'Cannibalisation: the ranking URL for "flights to paris" changed',
      url: 'https://www.example.com/paris-flights',
      evidence: {
        previousDate: '2025-03-15',
        currentDate: '2025-03-22',
        previousPosition: 2,
        currentPosition: 2,
        conflict: 'flip',
        urls: [
          { url: 'https://www.example.com/paris', date: '2025-03-15', position: 2 },
          { url: 'https://www.example.com/paris-flights', date: '2025-03-22', position: 2 },
        ],
      },
    });
    expect(await detected()).toHaveLength(earlier.length + 2);
    // The same dates imported again: the same events, no new tasks.
    const all = await detected();
    await importCsv(FOURTH);
    expect(await detected()).toEqual(all);
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

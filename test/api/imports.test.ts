// Imports through the API: ROLE_CV gates every route, a raw body or a multipart upload becomes a queued
// job that runs to a summary (rows, rejects with file and line, what was written), a campaign must be the
// organisation's and gains the imported keywords, a dry run writes nothing, another organisation's jobs
// are 404, and an upload over the configured limit answers 413 with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobView } from '@contracts/imports';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2026-03-10T00:00:00.000Z';
const SERP_CSV = [
  'date,market,keyword,position,url,result_type,search_volume',
  '2026-03-02,gb-en,Cheap Flights,1,https://www.skyscanner.net/,featured_snippet,90500',
  '2026-03-02,gb-en,cheap flights,2,https://www.kayak.co.uk/flights,organic,90500',
  '2026-03-02,gb-en,hotels,1,https://www.booking.com/,organic,',
  '2026-03-02,gb-en,hotels,1,https://www.expedia.co.uk/,organic,',
  '2026-03-02,gb-en,hotels,2,not a url,organic,',
].join('\n');
const KEYWORDS_CSV = 'Keyword,Volume,Tags\nrunning shoes,1200,shoes\ntrail shoes,300,shoes|trail\n';

let t: TestApp;
let analyst: Client;
let noRole: Client;
let outsider: Client;
let campaignId: number;
let foreignCampaignId: number;

function multipart(files: { name: string; content: string }[]) {
  const boundary = '----sightline-test-boundary';
  const parts = files.map(
    (f) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${f.content}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function post(client: Client, query: string, body: Buffer | string, contentType: string) {
  return client.app.inject({
    method: 'POST',
    url: `/api/v1/imports${query}`,
    headers: { cookie: client.cookie, 'x-csrf-token': client.csrfToken, 'content-type': contentType },
    payload: body,
  });
}

/** Polls the job until it has ended (imports run in the background after the 202). */
async function finished(client: Client, id: number): Promise<ImportJobView> {
  for (let i = 0; i < 200; i++) {
    const job = (await client.get(`/api/v1/imports/${id}`)).json() as ImportJobView;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const { meta } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
  const project = await meta.createProject(acme.id, 'Shoes', NOW);
  campaignId = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Running', market: 'gb-en' },
      NOW,
    )
  ).id;
  const other = await meta.createProject(globex.id, 'Other', NOW);
  foreignCampaignId = (
    await meta.createCampaign(
      { organisationId: globex.id, projectId: other.id, name: 'Other', market: 'gb-en' },
      NOW,
    )
  ).id;
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  noRole = await Client.signIn(t.app, 'reporter@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
});
afterAll(async () => t.close());

describe('imports API', () => {
  it('answers 401 signed out and 403 without ROLE_CV on every route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/imports' })).statusCode).toBe(401);
    const res = [
      await noRole.get('/api/v1/imports'),
      await noRole.get('/api/v1/imports/1'),
      await post(noRole, '', SERP_CSV, 'text/csv'),
    ];
    for (const r of res) {
      expect(r.statusCode).toBe(403);
      expect(errorOf(r).message).toContain('ROLE_CV');
    }
  });

  it('imports a raw CSV body as a job: rows, rejects with file and line, the snapshot written', async () => {
    const res = await post(analyst, '?name=ranks.csv', SERP_CSV, 'text/csv');
    expect(res.statusCode).toBe(202);
    const queued = res.json() as ImportJobView;
    expect(queued).toMatchObject({ files: ['ranks.csv'], dryRun: false });
    expect(['queued', 'running', 'succeeded']).toContain(queued.status);
    const job = await finished(analyst, queued.id);
    expect(job).toMatchObject({
      status: 'succeeded',
      phase: 'done',
      formats: ['serp-csv'],
      rowsRead: 5,
      rowsWritten: 3,
      rowsRejected: 2,
      error: null,
    });
    expect(job.written).toMatchObject({ keywords: 2, serpResults: 3, snapshots: 2 });
    expect(job.rejects.map((r) => [r.file, r.line, r.code])).toEqual([
      ['ranks.csv', 5, 'duplicate-position'],
      ['ranks.csv', 6, 'invalid-url'],
    ]);
    expect(job.bytesRead).toBe(Buffer.byteLength(SERP_CSV));
    expect(job.durationMs).not.toBeNull();
    const snapshot = await t.stores.rank.readSnapshot('gb-en', '2026-03-02');
    expect(snapshot.map((r) => [r.position, r.host])).toEqual([
      [1, 'www.skyscanner.net'],
      [2, 'www.kayak.co.uk'],
      [1, 'www.booking.com'],
    ]);
    const markets = (await analyst.get('/api/v1/markets')).json().items.map((m: { code: string }) => m.code);
    expect(markets).toContain('gb-en');
  });

  it('imports a multipart upload of several files into a campaign of the organisation', async () => {
    const { payload, contentType } = multipart([
      { name: 'keywords.csv', content: KEYWORDS_CSV },
      { name: 'serps.csv', content: SERP_CSV.split('\n').slice(0, 3).join('\n') },
    ]);
    const res = await post(analyst, `?market=gb-en&campaign=${campaignId}`, payload, contentType);
    expect(res.statusCode).toBe(202);
    const job = await finished(analyst, res.json().id);
    expect(job).toMatchObject({
      status: 'succeeded',
      files: ['keywords.csv', 'serps.csv'],
      formats: ['keywords', 'serp-csv'],
      campaignId,
      market: 'gb-en',
    });
    expect(job.written.campaignKeywords).toBe(3);
    const members = await t.stores.rank.readCampaignKeywords(campaignId);
    expect(members).toHaveLength(3);
    expect(members.flatMap((m) => m.tags).sort()).toEqual(['shoes', 'shoes', 'trail']);
    const detail = (await analyst.get(`/api/v1/campaigns/${campaignId}`)).json();
    expect(detail.keywords).toBe(3);
  });

  it('writes nothing on a dry run and reports what it would write', async () => {
    const before = await t.stores.rank.counts();
    const res = await post(
      analyst,
      '?market=gb-en&dryRun=true&name=list.csv',
      KEYWORDS_CSV + 'new one,5\n',
      'text/csv',
    );
    const job = await finished(analyst, res.json().id);
    expect(job).toMatchObject({ status: 'succeeded', dryRun: true, rowsWritten: 3 });
    expect(job.written.keywords).toBe(3);
    expect(await t.stores.rank.counts()).toEqual(before);
  });

  it('fails an import with a fatal reject and writes nothing of it', async () => {
    const before = await t.stores.rank.counts();
    const res = await post(analyst, '?name=list.csv', KEYWORDS_CSV, 'text/csv');
    const job = await finished(analyst, res.json().id);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('market');
    expect(job.rejects[0]).toMatchObject({ file: 'list.csv', fatal: true });
    expect(await t.stores.rank.counts()).toEqual(before);
  });

  it('refuses another organisation’s campaign (404) and shows jobs only to their organisation', async () => {
    const res = await post(analyst, `?campaign=${foreignCampaignId}&name=a.csv`, SERP_CSV, 'text/csv');
    expect(res.statusCode).toBe(404);
    const mine = (await analyst.get('/api/v1/imports')).json().items as ImportJobView[];
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect((await outsider.get('/api/v1/imports')).json().items).toEqual([]);
    expect((await outsider.get(`/api/v1/imports/${mine[0]!.id}`)).statusCode).toBe(404);
  });

  it('answers 400 for bad options and for a request without a file', async () => {
    const bad = await post(analyst, '?format=xlsx', SERP_CSV, 'text/csv');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('format');
    const market = await post(analyst, '?market=uk', SERP_CSV, 'text/csv');
    expect(market.statusCode).toBe(400);
    const { payload, contentType } = multipart([]);
    const empty = await post(analyst, '', payload, contentType);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toContain('no file');
  });
});

describe('imports API upload limit', () => {
  let small: TestApp;
  let client: Client;
  beforeAll(async () => {
    small = await createTestApp({ env: { SIGHTLINE_UPLOAD_LIMIT_MB: '1' }, now: () => new Date(NOW) });
    const org = await seedOrganisation(small.stores, 'Acme');
    await seedUser(small.stores, org.id, 'analyst@acme.test', ['ROLE_CV']);
    client = await Client.signIn(small.app, 'analyst@acme.test');
  });
  afterAll(async () => small.close());

  it('answers 413 naming the limit, for a raw body and for a multipart upload, and keeps nothing', async () => {
    const big = 'date,market,keyword,position,url\n' + 'x'.repeat(1_200_000);
    const raw = await post(client, '?name=big.csv', big, 'text/csv');
    expect(raw.statusCode).toBe(413);
    expect(errorOf(raw).message).toContain('limit of 1 MB');
    const { payload, contentType } = multipart([{ name: 'big.csv', content: big }]);
    const parts = await post(client, '', payload, contentType);
    expect(parts.statusCode).toBe(413);
    expect(errorOf(parts).message).toContain('SIGHTLINE_UPLOAD_LIMIT_MB');
    expect((await client.get('/api/v1/imports')).json().items).toEqual([]);
  });
});

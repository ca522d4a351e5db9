// Issue 27 item 4 over HTTP: one strict reading of hosts and values everywhere. Imported result URLs whose
// host no web address can have (`=evil.example`) are rejected rows naming the value, in every format, and
// never stored; an import's `target` and file names holding NUL, CR/LF or text-direction overrides answer
// 400 naming the value and why; the explorer's `campaign` parameter answers 400 on anything but a whole
// number or '-' and 404 for an unknown campaign; and `domains=../../etc/passwd` is 400 wherever a
// `domains` parameter (or a competitor list, or a share link's hosts) is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_BASE } from '@contracts/clusters';
import type { ImportJobView } from '@contracts/imports';
import { ONE_TO_ONE_BASE } from '@contracts/one-to-one';
import { CV_BASE } from '@contracts/paths';
import { PV_BASE } from '@contracts/project-visibility';
import { VE_BASE } from '@contracts/visibility-explorer';
import {
  Client,
  createTestApp,
  errorOf,
  importFinished,
  seedOrganisation,
  seedUser,
  type TestApp,
} from './helpers';

const NOW = '2026-03-10T00:00:00.000Z';
const RANGE = 'startDate=2026-01-01&endDate=2026-03-09';

let t: TestApp;
let user: Client;
let projectId: number;
let campaignId: number;

function post(query: string, body: Buffer | string, contentType: string) {
  return user.app.inject({
    method: 'POST',
    url: `/api/v1/imports${query}`,
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, 'content-type': contentType },
    payload: body,
  });
}

/** A multipart upload of one file whose name is sent as RFC 5987 `filename*` (any character, encoded). */
function upload(name: string, content: string) {
  const boundary = '----sightline-strict-inputs';
  const disposition = `form-data; name="file"; filename*=UTF-8''${encodeURIComponent(name)}`;
  const body =
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/csv\r\n\r\n` +
    `${content}\r\n--${boundary}--\r\n`;
  return post('', Buffer.from(body), `multipart/form-data; boundary=${boundary}`);
}

const finished = (id: number) => importFinished(user, id);

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const { meta } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, acme.id, 'all@acme.test', ['ROLE_CV', 'ROLE_VE', 'ROLE_MS_ALL']);
  projectId = (await meta.createProject(acme.id, 'P', NOW)).id;
  campaignId = (
    await meta.createCampaign({ organisationId: acme.id, projectId, name: 'C', market: 'gb-en' }, NOW)
  ).id;
  user = await Client.signIn(t.app, 'all@acme.test');
  // The market gb-en comes with the organisation's first import, as it would for a user.
  const seeded = await post(
    '?name=seed.csv',
    'date,market,keyword,position,url\n2026-03-02,gb-en,trains,1,https://www.acme.com/\n',
    'text/csv',
  );
  const seedJob = await finished((seeded.json() as ImportJobView).id);
  expect(seedJob.status, JSON.stringify(seedJob)).toBe('succeeded');
});
afterAll(async () => t.close());

describe('imported hosts', () => {
  it('rejects a generic CSV row whose URL host no web address has, naming it, and stores only the rest', async () => {
    const csv = [
      'date,market,keyword,position,url',
      '2026-03-02,gb-en,flights,1,https://www.skyscanner.net/',
      '2026-03-02,gb-en,flights,2,https://=evil.example/x',
      '2026-03-02,gb-en,flights,3,http://a-.example.com/',
    ].join('\n');
    const res = await post('?name=ranks.csv', csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished((res.json() as ImportJobView).id);
    expect(job).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsWritten: 1, rowsRejected: 2 });
    expect(job.written).toMatchObject({ serpResults: 1 });
    expect(job.rejects.map((r) => [r.line, r.code])).toEqual([
      [3, 'invalid-url'],
      [4, 'invalid-url'],
    ]);
    expect(job.rejects[0]!.reason).toContain('"=evil.example" is not a valid host name');
    expect(job.rejects[1]!.reason).toContain('"a-.example.com" is not a valid host name');
    // The public autocomplete reads the stored hosts: the refused one is not among them.
    const names = await t.app.inject({
      method: 'GET',
      url: '/api/v3/public/visibility-explorer/autocomplete?market=gb-en&q=evil',
    });
    expect(names.json()).toEqual({ items: [] });
  });

  it('rejects such a result in a provider JSON file too', async () => {
    const doc = {
      request_info: { success: true },
      search_metadata: { created_at: '2026-03-01T10:00:00.000Z' },
      search_parameters: { q: 'hotels', gl: 'gb', hl: 'en' },
      organic_results: [
        { position: 1, link: 'https://www.booking.com/' },
        { position: 2, link: 'https://=evil.example/' },
      ],
    };
    const res = await post('?name=serp.json', JSON.stringify(doc), 'application/json');
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished((res.json() as ImportJobView).id);
    expect(job.status).toBe('succeeded');
    expect(job.written).toMatchObject({ serpResults: 1 });
    expect(job.rejects.map((r) => r.reason).join('\n')).toContain('"=evil.example" is not a valid host name');
  });
});

describe('import target and file names', () => {
  const csv = 'date,market,keyword,position,url\n2026-03-02,gb-en,flights,1,https://www.skyscanner.net/\n';

  it.each([
    ['a NUL', 'www.example.com%00', '\\u0000'],
    ['CR/LF', 'www.example.com%0D%0AX-Injected:%201', '\\r\\n'],
    ['a right-to-left override', 'www.example.com%E2%80%AEmoc', '\\u202e'],
    ['a host no web address has', '%3Devil.example', '=evil.example'],
  ])('answers 400 for a target with %s, naming it', async (_what, target, shown) => {
    const res = await post(`?name=ranks.csv&target=${target}`, csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.message).toContain('target');
    expect(error.message).toContain(shown);
  });

  it.each([
    ['a NUL', 'ranks%00.csv', '\\u0000'],
    ['CR/LF', 'ranks%0D%0A.csv', '\\r\\n'],
    ['an isolate', 'ranks%E2%81%A6.csv', '\\u2066'],
  ])('answers 400 for a raw body named with %s', async (_what, name, shown) => {
    const res = await post(`?name=${name}`, csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(shown);
    expect(errorOf(res).message).toContain('rename the file');
  });

  it.each([
    ['a right-to-left override', 'invoice\u202Evsc.exe', '\\u202e'],
    ['a pop-directional isolate', 'ranks\u2069.csv', '\\u2069'],
    ['a NUL', 'ranks\u0000.csv', '\\u0000'],
  ])('answers 400 for an uploaded file named with %s, and queues nothing', async (_what, name, shown) => {
    const before = (await user.get('/api/v1/imports')).json() as { items: unknown[] };
    const res = await upload(name, csv);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(shown);
    const after = (await user.get('/api/v1/imports')).json() as { items: unknown[] };
    expect(after.items).toHaveLength(before.items.length);
  });

  it('never keeps an uploaded file named with CR/LF: the multipart parser drops such a part', async () => {
    // @fastify/busboy skips a part whose file name holds a bare line break, so Sightline never sees the
    // name: such a part is not saved, and alone it leaves a request without a file (400).
    const alone = await upload('ranks\r\n.csv', csv);
    expect(alone.statusCode).toBe(400);
    expect(errorOf(alone).message).toContain('holds no file');
  });

  it('still takes a plain target and file name', async () => {
    const res = await upload('ranks (1).csv', csv);
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as ImportJobView).files).toEqual(['ranks (1).csv']);
    expect((await post('?name=r.csv&target=https://www.example.com/', csv, 'text/csv')).statusCode).toBe(202);
  });
});

describe("the explorer's campaign parameter", () => {
  const base = `${VE_BASE}/gb-en`;
  const q = `domains=acme.com&${RANGE}`;

  it.each(['0x10', '1e1', '1.0', '%201', 'abc', '-1', '0', '12abc'])(
    'answers 400 for campaign=%s on the ranking tables and exports',
    async (campaign) => {
      for (const path of ['ranking/keywords', 'ranking/urls', 'csv/keywords', 'csv/urls']) {
        const res = await user.get(`${base}/${path}?${q}&campaign=${campaign}`);
        expect(res.statusCode, `${path} ${campaign}`).toBe(400);
        expect(errorOf(res).message).toContain('campaign');
      }
    },
  );

  it('answers 404 for an unknown campaign on the ranking tables as on the exports', async () => {
    for (const path of ['ranking/keywords', 'ranking/urls', 'csv/keywords']) {
      const res = await user.get(`${base}/${path}?${q}&campaign=${campaignId + 1000}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await user.get(`${base}/ranking/keywords?${q}&campaign=${campaignId}`)).statusCode).toBe(200);
    expect((await user.get(`${base}/ranking/keywords?${q}&campaign=-`)).statusCode).toBe(200);
  });
});

describe('domains=../../etc/passwd', () => {
  const bad = ['..%2F..%2Fetc%2Fpasswd', '../../etc/passwd', '%3Devil.example', '%22acme.com%22'];

  it.each(bad)('is 400 naming domains on every endpoint that reads domains: %s', async (value) => {
    const urls = [
      `${VE_BASE}/gb-en/domains?domains=${value}&${RANGE}`,
      `${CV_BASE}/${campaignId}/domains?domains=${value}&${RANGE}`,
      `${PV_BASE}/ldx-${projectId}/domains?domains=${value}&${RANGE}`,
      `${PV_BASE}/ldx-${projectId}/csv?domains=${value}&${RANGE}`,
    ];
    for (const url of urls) {
      const res = await user.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(JSON.stringify(errorOf(res)), url).toContain('domains');
    }
  });

  it.each(bad)('is 400 as a host of a share link, which is not made: %s', async (value) => {
    const res = await user.send('POST', `${ONE_TO_ONE_BASE}/share-links`, {
      host: `${decodeURIComponent(value)},b.com`,
      market: 'gb-en',
      days: 7,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(errorOf(res))).toContain('host');
    expect((await user.get(`${ONE_TO_ONE_BASE}/share-links`)).json().items).toEqual([]);
  });

  it.each(bad)('is 400 in a competitor list of the content clusters: %s', async (value) => {
    for (const param of ['competitors', 'exclude']) {
      const res = await user.get(
        `${CLUSTER_BASE}/new/cluster/data?market=gb-en&host=acme.com&${param}=${value}`,
      );
      expect(res.statusCode, `${param}: ${res.body}`).toBe(400);
      expect(JSON.stringify(errorOf(res))).toContain(param);
    }
  });
});

// One-to-one comparison over HTTP (issue 6 item 3) on a small fixture worked out by hand with the default CTR
// curve of DESIGN §3: ROLE_MS_ALL, 404 for an unknown market, 400 naming the bad parameter, both hosts'
// series, the keyword groups and table, both CSV exports, and read-only share links — valid signed out for
// that comparison only, refused for other hosts, another market, other APIs, a changed token, after expiry
// and after revocation; revoking is for the link's own organisation (404 for another).
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ONE_TO_ONE_BASE, type OneToOneResponse, type ShareLinkBody } from '@contracts/one-to-one';
import {
  Client,
  createTestApp,
  errorOf,
  seedMarkets,
  seedOrganicRows,
  seedOrganisation,
  seedUser,
  type OrganicRow,
  type TestApp,
} from './helpers';

let t: TestApp;
let analyst: Client;
let veOnly: Client;
let outsider: Client;
let clock = new Date('2025-03-12T12:00:00Z');
const PAIR = 'host=a.com,b.com&market=gb-en&time=month';
const DATA = `${ONE_TO_ONE_BASE}/data?${PAIR}`;

const ROWS: OrganicRow[] = [
  ['cheap flights', '2025-03-03', 2, 'https://b.com/x'],
  ['cheap flights', '2025-03-03', 5, 'https://www.a.com/a'],
  ['cheap flights', '2025-03-10', 1, 'https://www.a.com/a'],
  ['cheap flights', '2025-03-10', 3, 'https://b.com/x'],
  ['flight deals', '2025-03-10', 4, 'https://b.com/d'],
  ['flight deals', '2025-03-10', 12, 'https://a.com/d'],
  ['hotels', '2025-03-10', 7, 'https://a.com/h'],
  ['car hire', '2025-03-10', 2, 'https://shop.b.com/c'],
  ['old keyword', '2025-03-03', 3, 'https://a.com/o'],
  ['old keyword', '2025-03-10', 1, 'https://other.org/o'],
];

const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  // Sessions stay valid while the clock jumps to a link's expiry (SESSION_IDLE_MINUTES' largest, 14 days).
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '20160' }, now: () => clock });
  await seedOrganicRows(
    t.stores,
    'gb-en',
    [
      { text: 'cheap flights', sv: 1000 },
      { text: 'flight deals', sv: 100 },
      { text: 'hotels', sv: 500 },
      { text: 'car hire', sv: null },
      { text: 'old keyword', sv: 50 },
    ],
    ROWS,
  );
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedMarkets(t.stores, acme.id, ['gb-en', 'de-de']);
  const other = await seedOrganisation(t.stores, 'Other');
  await seedUser(t.stores, acme.id, 'ms@acme.test', ['ROLE_MS_ALL']);
  await seedUser(t.stores, acme.id, 've@acme.test', ['ROLE_VE']);
  await seedUser(t.stores, other.id, 'ms@other.test', ['ROLE_MS_ALL']);
  analyst = await Client.signIn(t.app, 'ms@acme.test');
  veOnly = await Client.signIn(t.app, 've@acme.test');
  outsider = await Client.signIn(t.app, 'ms@other.test');
});
afterAll(async () => {
  await t.close();
});

describe('one-to-one comparison API', () => {
  it('needs a session and ROLE_MS_ALL, a market of the workspace and two hosts', async () => {
    expect((await anonymous(DATA)).statusCode).toBe(401);
    const forbidden = await veOnly.get(DATA);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toContain('ROLE_MS_ALL');
    expect((await analyst.get(`${ONE_TO_ONE_BASE}/data?host=a.com,b.com&market=fr-fr`)).statusCode).toBe(404);
    for (const [url, param] of [
      [`${ONE_TO_ONE_BASE}/data?host=a.com&market=gb-en`, 'host'],
      [`${ONE_TO_ONE_BASE}/data?host=a.com,A.com&market=gb-en`, 'host'],
      [`${ONE_TO_ONE_BASE}/data?host=a.com,http://&market=gb-en`, 'host'],
      [`${DATA}&group=best`, 'group'],
      [`${DATA}&sortField=url`, 'sortField'],
    ] as const) {
      const res = await analyst.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(errorOf(res)), url).toContain(param);
    }
  });

  it('compares both hosts: series, groups and keyword rows (hand-computed)', async () => {
    const res = await analyst.get(DATA);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OneToOneResponse;
    expect([body.start, body.end, body.startDate, body.endDate]).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-02-12',
      '2025-03-12',
    ]);
    expect(body.counts).toEqual({ shared: 2, onlyA: 1, onlyB: 1, aAhead: 1, bAhead: 1 });
    expect(body.shared).toBeNull();
    // A at 03-10: cheap 1000 × .285 + deals 100 × .0118 + hotels 500 × .040 = 306.18; at 03-03: cheap
    // 1000 × .072 + old keyword 50 × .110 = 77.5. B: cheap 1000 × .110 + deals 100 × .080 = 118 (car hire has
    // no volume); at 03-03 cheap 1000 × .157 = 157.
    expect(body.a.visibilityScore).toBeCloseTo(306.18, 9);
    expect(body.a.visibilityScoreDeltas.delta).toBeCloseTo(228.68, 9);
    expect(body.b.visibilityScore).toBeCloseTo(118, 9);
    expect(body.b.visibilityScoreDeltas.delta).toBeCloseTo(-39, 9);
    expect([body.a.rankingKeywords, body.b.rankingKeywords]).toEqual([3, 3]);
    // Visibility: VS / (Σ sv of measured keywords × ctr(1)); 03-03 measures cheap + old (1050), 03-10 all
    // four known volumes (1650).
    expect(body.series.map((p) => p.date)).toEqual(['2025-03-03', '2025-03-10']);
    expect(body.series[0]!.a.visibility).toBeCloseTo((77.5 / (1050 * 0.285)) * 100, 9);
    expect(body.series[1]!.b.visibility).toBeCloseTo((118 / (1650 * 0.285)) * 100, 9);
    expect(body.a.visibility).toBeCloseTo((306.18 / (1650 * 0.285)) * 100, 9);
    // Default order: search volume descending, unknown volume last; the old keyword ranks for neither.
    expect(body.items.map((r) => [r.keyword, r.groups, r.a.position, r.b.position])).toEqual([
      ['cheap flights', ['shared', 'aAhead'], 1, 3],
      ['hotels', ['onlyA'], 7, null],
      ['flight deals', ['shared', 'bAhead'], 12, 4],
      ['car hire', ['onlyB'], null, 2],
    ]);
    const cheap = body.items[0]!;
    expect(cheap.a).toMatchObject({ url: 'https://www.a.com/a', positionStart: 5 });
    expect(cheap.a.score).toBeCloseTo(285, 9);
    expect(cheap.a.scoreDeltas.delta).toBeCloseTo(213, 9);
    expect(cheap.b.scoreDeltas.delta).toBeCloseTo(-47, 9);
    expect(body.items[3]!.b).toMatchObject({ url: 'https://shop.b.com/c', score: 0 });
  });

  it('filters the table by group, sorts and pages it', async () => {
    const onlyB = (await analyst.get(`${DATA}&group=onlyB`)).json() as OneToOneResponse;
    expect([onlyB.total, onlyB.items.map((r) => r.keyword)]).toEqual([1, ['car hire']]);
    const shared = (await analyst.get(`${DATA}&group=shared&sortField=bPosition`)).json();
    expect(shared.items.map((r: { keyword: string }) => r.keyword)).toEqual([
      'cheap flights',
      'flight deals',
    ]);
    const page = (await analyst.get(`${DATA}&sortField=keyword&pageSize=2&page=2`)).json();
    expect([page.total, page.items.map((r: { keyword: string }) => r.keyword)]).toEqual([
      4,
      ['flight deals', 'hotels'],
    ]);
    const nullsLast = (await analyst.get(`${DATA}&sortField=aPosition&sortDirection=desc`)).json();
    expect(nullsLast.items.map((r: { keyword: string }) => r.keyword)).toEqual([
      'flight deals',
      'hotels',
      'cheap flights',
      'car hire',
    ]);
  });

  it('exports the summary with both series and the keyword table as CSV (BOM, parsed)', async () => {
    const summary = await analyst.get('/a.com,b.com/gb-en/1-2-1?time=month');
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-type']).toContain('text/csv');
    expect(summary.headers['content-disposition']).toContain(
      'one-to-one-gb-en-a.com-vs-b.com-summary-2025-03-10.csv',
    );
    expect(summary.body.startsWith('\uFEFF')).toBe(true);
    const lines = parse(summary.body.slice(1), { columns: true }) as Record<string, string>[];
    const line = (section: string, measure: string, date?: string) =>
      lines.find(
        (l) => l.Section === section && l.Measure === measure && (date === undefined || l.Date === date),
      )!;
    expect(Number(line('summary', 'Visibility score')['a.com'])).toBeCloseTo(306.18, 9);
    expect(Number(line('summary', 'Visibility score')['b.com'])).toBeCloseTo(118, 9);
    expect(line('keywords', 'Shared keywords')['a.com']).toBe('2');
    expect(line('keywords', 'Only b.com')['b.com']).toBe('1');
    expect(Number(line('series', 'Visibility score', '2025-03-03')['b.com'])).toBeCloseTo(157, 9);
    // Without `time` the export covers the default year (spec §2 gives it none): the same two snapshots here.
    expect((await analyst.get('/a.com,b.com/gb-en/1-2-1')).statusCode).toBe(200);

    const keywords = await analyst.get('/a.com,b.com/gb-en/1-2-1/keyword-csv');
    expect(keywords.statusCode).toBe(200);
    const rows = parse(keywords.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Keyword, r.Groups, r['a.com position'], r['b.com URL']])).toEqual([
      ['cheap flights', 'Shared keywords; a.com ahead', '1', 'https://b.com/x'],
      ['hotels', 'Only a.com', '7', ''],
      ['flight deals', 'Shared keywords; b.com ahead', '12', 'https://b.com/d'],
      ['car hire', 'Only b.com', '', 'https://shop.b.com/c'],
    ]);
    const group = await analyst.get('/a.com,b.com/gb-en/1-2-1/keyword-csv?group=onlyA');
    expect(parse(group.body.slice(1), { columns: true })).toHaveLength(1);
    expect((await anonymous('/a.com,b.com/gb-en/1-2-1')).statusCode).toBe(401);
    expect((await veOnly.get('/a.com,b.com/gb-en/1-2-1/keyword-csv')).statusCode).toBe(403);
    expect((await analyst.get('/a.com/gb-en/1-2-1')).statusCode).toBe(400);
  });

  it('keeps a loaded comparison for a minute of paging, sorting and exporting', async () => {
    const reads = vi.spyOn(t.stores.rank.visibilityExplorer, 'targetResults');
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 3_600_000);
      const pair = 'host=a.com,b.com&market=gb-en&time=quarter';
      await analyst.get(`${ONE_TO_ONE_BASE}/data?${pair}`);
      await analyst.get(`${ONE_TO_ONE_BASE}/data?${pair}&page=2&pageSize=1&group=onlyA`);
      await analyst.get('/a.com,b.com/gb-en/1-2-1/keyword-csv?time=quarter');
      // One read per host for all three answers.
      expect(reads).toHaveBeenCalledTimes(2);
      clock = new Date(clock.getTime() + 60_001);
      await analyst.get(`${ONE_TO_ONE_BASE}/data?${pair}`);
      expect(reads).toHaveBeenCalledTimes(4);
    } finally {
      clock = saved;
      reads.mockRestore();
    }
  });

  it('lists its routes in the OpenAPI document', async () => {
    const paths = Object.keys((await anonymous('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v2/1-2-1/data',
        '/api/v2/1-2-1/share-links',
        '/api/v2/1-2-1/share-links/{id}',
        '/{hosts}/{market}/1-2-1',
        '/{hosts}/{market}/1-2-1/keyword-csv/{share}',
      ]),
    );
  });

  it('leaves the screen addresses (with or without a share token) to the web app', async () => {
    // No web build in this test app: the web app's fallback answers 503 "not built" instead of a route.
    for (const url of [
      '/a.com,b.com/year/gb-en/1-2-1',
      '/a.com,b.com/year/gb-en/1-2-1/v1.1.2.x',
      '/a.com,b.com/year/gb-en/1-2-1/de_DE',
    ]) {
      const res = await anonymous(url);
      expect([res.statusCode, res.body], url).toEqual([503, 'web app not built: run npm run build\n']);
    }
  });
});

describe('read-only share links', () => {
  let link: ShareLinkBody;

  beforeAll(async () => {
    const res = await analyst.send('POST', `${ONE_TO_ONE_BASE}/share-links`, {
      host: 'a.com,b.com',
      market: 'gb-en',
      days: 7,
    });
    expect(res.statusCode).toBe(201);
    link = res.json();
  });

  it('are made for one comparison with a life of 1–90 days and listed for the organisation', async () => {
    expect(link).toMatchObject({
      hosts: ['a.com', 'b.com'],
      market: 'gb-en',
      createdBy: 'ms',
      status: 'active',
      expiresAt: '2025-03-19T12:00:00.000Z',
      revokedAt: null,
    });
    expect(link.path).toBe(`/a.com,b.com/year/gb-en/1-2-1/${link.token}`);
    const tooLong = await analyst.send('POST', `${ONE_TO_ONE_BASE}/share-links`, {
      host: 'a.com,b.com',
      market: 'gb-en',
      days: 91,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(tooLong))).toContain('days');
    expect(
      (
        await analyst.send('POST', `${ONE_TO_ONE_BASE}/share-links`, {
          host: 'a.com,b.com',
          market: 'fr-fr',
          days: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await veOnly.get(`${ONE_TO_ONE_BASE}/share-links`)).statusCode).toBe(403);
    const mine = (await analyst.get(`${ONE_TO_ONE_BASE}/share-links`)).json();
    expect(mine.items.map((l: ShareLinkBody) => l.id)).toContain(link.id);
    expect(mine.items.find((l: ShareLinkBody) => l.id === link.id).token).toBe(link.token);
    expect((await outsider.get(`${ONE_TO_ONE_BASE}/share-links`)).json().items).toEqual([]);
    expect((await outsider.send('DELETE', `${ONE_TO_ONE_BASE}/share-links/${link.id}`)).statusCode).toBe(404);
  });

  it('open that comparison and its two exports signed out, and nothing else', async () => {
    const res = await anonymous(`${DATA}&share=${link.token}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OneToOneResponse;
    expect(body.shared).toEqual({ organisation: 'Acme', expiresAt: '2025-03-19T12:00:00.000Z' });
    expect(body.counts.shared).toBe(2);
    const csv = await anonymous(`/a.com,b.com/gb-en/1-2-1/keyword-csv/${link.token}`);
    expect(csv.statusCode).toBe(200);
    expect(parse(csv.body.slice(1), { columns: true })).toHaveLength(4);
    expect((await anonymous(`/a.com,b.com/gb-en/1-2-1/${link.token}`)).statusCode).toBe(200);

    for (const url of [
      `${ONE_TO_ONE_BASE}/data?host=a.com,c.com&market=gb-en&share=${link.token}`,
      `${ONE_TO_ONE_BASE}/data?host=b.com,a.com&market=gb-en&share=${link.token}`,
      `${ONE_TO_ONE_BASE}/data?host=a.com,b.com&market=de-de&share=${link.token}`,
      `/a.com,c.com/gb-en/1-2-1/${link.token}`,
    ]) {
      const other = await anonymous(url);
      expect(other.statusCode, url).toBe(403);
      expect(errorOf(other).message).toContain('only the comparison of a.com and b.com in gb-en');
    }
    for (const url of [
      `/api/market-explorer/existing/url/keywords/data?host=a.com&market=gb-en&share=${link.token}`,
      `${ONE_TO_ONE_BASE}/share-links?share=${link.token}`,
      `/api/v1/me?share=${link.token}`,
    ]) {
      expect((await anonymous(url)).statusCode, url).toBe(401);
    }
    const [v, id, exp, mac] = link.token.split('.');
    for (const forged of [
      `${v}.${Number(id) + 1}.${exp}.${mac}`,
      `${v}.${id}.${Number(exp) + 86_400}.${mac}`,
      `${v}.${id}.${exp}.${mac!.slice(0, -2)}AA`,
      'nonsense',
    ]) {
      const res2 = await anonymous(`${DATA}&share=${forged}`);
      expect(res2.statusCode, forged).toBe(401);
      expect(errorOf(res2).code).toBe('share_link_invalid');
    }
  });

  it('stop working once expired, with a message saying so', async () => {
    const saved = clock;
    clock = new Date('2025-03-19T12:00:01Z');
    try {
      const res = await anonymous(`${DATA}&share=${link.token}`);
      expect(res.statusCode).toBe(410);
      expect(errorOf(res).message).toBe(
        'This share link expired on 2025-03-19 12:00 UTC; ask its owner for a new one',
      );
      const listed = (await analyst.get(`${ONE_TO_ONE_BASE}/share-links`)).json();
      expect(listed.items.find((l: ShareLinkBody) => l.id === link.id).status).toBe('expired');
    } finally {
      clock = saved;
    }
  });

  it('stop working once revoked by their organisation', async () => {
    expect((await analyst.send('DELETE', `${ONE_TO_ONE_BASE}/share-links/${link.id}`)).statusCode).toBe(204);
    for (const url of [`${DATA}&share=${link.token}`, `/a.com,b.com/gb-en/1-2-1/${link.token}`]) {
      const res = await anonymous(url);
      expect(res.statusCode).toBe(410);
      expect(errorOf(res).message).toBe(
        'This share link was revoked on 2025-03-12 12:00 UTC; ask its owner for a new one',
      );
    }
    const listed = (await analyst.get(`${ONE_TO_ONE_BASE}/share-links`)).json();
    expect(listed.items.find((l: ShareLinkBody) => l.id === link.id).status).toBe('revoked');
  });
});

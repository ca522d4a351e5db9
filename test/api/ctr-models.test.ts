// CTR models through the API (issue 30 item 5): a model fitted from the flashcom Search Console rows gives,
// per position bucket, exactly Σ clicks ÷ Σ impressions of that file (computed here from the parsed file, not
// through the app); the published studies match ../shared/data/ctr and are normalised where they measured a
// share of clicks; brand splits, typed-in curves, roles and organisations.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTR_MODELS_BASE } from '@contracts/ctr-models';
import { ROLES } from '@core/roles';
import { CTR_STUDIES } from '@core/search-console/ctr-studies';
import { openPath } from '@ingest/formats/index';
import { ImportService } from '@server/services/import-service';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const SHARED = join(process.cwd(), '../shared/data');
const FLASHCOM = join(SHARED, 'search-console/gsc_api_flashcom_daily.csv');
const SITE = 'flashcomindonesia.com';
const NOW = '2026-03-10T12:00:00.000Z';

const fileRows = parse(readFileSync(FLASHCOM), { columns: true }) as Record<string, string>[];

/** Σ clicks and Σ impressions per average position rounded half up, from the file itself. */
function fileBuckets(rows: Record<string, string>[]) {
  const out = new Map<number, { clicks: number; impressions: number }>();
  for (const r of rows) {
    const impressions = Number(r.Impressions);
    if (impressions === 0) continue;
    const b = Math.floor(Number(r.Position) + 0.5);
    const e = out.get(b) ?? { clicks: 0, impressions: 0 };
    e.clicks += Number(r.Clicks);
    e.impressions += impressions;
    out.set(b, e);
  }
  return [...out].sort((a, b) => a[0] - b[0]);
}

describe('CTR models API', () => {
  let t: TestApp;
  let analyst: Client;
  let reader: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(NOW) });
    const org = await seedOrganisation(t.stores, 'Operator');
    const orgB = await seedOrganisation(t.stores, 'Other');
    await seedUser(t.stores, org.id, 'analyst@example.com', [...ROLES]);
    await seedUser(t.stores, org.id, 'reader@example.com', []);
    await seedUser(t.stores, orgB.id, 'b@example.com', [...ROLES]);
    const imports = new ImportService(t.stores.meta, t.stores.rank, () => new Date(NOW));
    const job = await imports.run({
      organisationId: org.id,
      userId: null,
      files: [FLASHCOM],
      bytesTotal: null,
      open: async () => [await openPath(FLASHCOM)],
      dryRun: false,
    });
    expect(job.status).toBe('succeeded');
    analyst = await Client.signIn(t.app, 'analyst@example.com');
    reader = await Client.signIn(t.app, 'reader@example.com');
    other = await Client.signIn(t.app, 'b@example.com');
  }, 120_000);

  afterAll(async () => t?.close());

  it('fits a model whose buckets are exactly Σ clicks ÷ Σ impressions of the file', async () => {
    const res = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE });
    expect(res.statusCode, res.body).toBe(201);
    const model = res.json();
    const expected = fileBuckets(fileRows);
    expect(model.buckets.map((b: { bucket: number }) => b.bucket)).toEqual(expected.map(([b]) => b));
    model.buckets.forEach(
      (b: { clicks: number; impressions: number; ctr: number; low: number; high: number }, i: number) => {
        const [, e] = expected[i]!;
        expect(b.clicks).toBe(e.clicks);
        expect(b.impressions).toBe(e.impressions);
        expect(b.ctr).toBe(e.clicks / e.impressions);
        expect(b.low).toBeLessThanOrEqual(b.ctr);
        expect(b.high).toBeGreaterThanOrEqual(b.ctr);
      },
    );
    expect(model.values).toHaveLength(100);
    for (let i = 1; i < 100; i++) expect(model.values[i]).toBeLessThanOrEqual(model.values[i - 1]);
    expect(model.kind).toBe('fitted');
    expect(model.fit).toMatchObject({ startDate: '2024-03-30', endDate: '2025-08-08' });

    // A period: only its rows.
    const part = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, {
      site: SITE,
      startDate: '2025-01-01',
      endDate: '2025-03-31',
    });
    expect(part.statusCode, part.body).toBe(201);
    const inRange = fileBuckets(fileRows.filter((r) => r.Date! >= '2025-01-01' && r.Date! <= '2025-03-31'));
    expect(part.json().buckets.map((b: { bucket: number; clicks: number }) => [b.bucket, b.clicks])).toEqual(
      inRange.map(([b, e]) => [b, e.clicks]),
    );

    const list = (await analyst.get(CTR_MODELS_BASE)).json();
    expect(list.items.map((m: { id: string }) => m.id)).toContain(model.id);
    expect((await analyst.get(`${CTR_MODELS_BASE}/${model.id}`)).json()).toEqual(model);
    expect((await other.get(`${CTR_MODELS_BASE}/${model.id}`)).statusCode).toBe(404);
    expect((await other.get(CTR_MODELS_BASE)).json().items.map((m: { id: string }) => m.id)).not.toContain(
      model.id,
    );
    expect((await other.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE })).statusCode).toBe(404);
  });

  it('names a fit of the same site and period again, or a taken name, uniquely with " (2)", " (3)" …', async () => {
    const range = { site: SITE, startDate: '2025-04-01', endDate: '2025-06-30' };
    const fits = [];
    for (let i = 0; i < 3; i++) {
      const res = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, range);
      expect(res.statusCode, res.body).toBe(201);
      fits.push(res.json() as { id: string; name: string; values: number[] });
    }
    const base = `Fitted: ${SITE}, all devices, 2025-04-01 – 2025-06-30`;
    expect(fits.map((f) => f.name)).toEqual([base, `${base} (2)`, `${base} (3)`]);
    expect(fits[1]!.values).toEqual(fits[0]!.values);
    // Deleting the second frees its name for the next fit.
    expect((await analyst.send('DELETE', `${CTR_MODELS_BASE}/${fits[1]!.id}`)).statusCode).toBe(204);
    const next = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, range);
    expect(next.json().name).toBe(`${base} (2)`);
    // A chosen name, a built-in model's name (case aside) and another organisation's names.
    const named = async (c: Client, path: string, body: object) =>
      (await c.send('POST', `${CTR_MODELS_BASE}${path}`, body)).json().name as string;
    const points = [{ position: 1, ctr: 0.3 }];
    expect(await named(analyst, '/fit', { ...range, name: 'Q2 curve' })).toBe('Q2 curve');
    expect(await named(analyst, '', { name: 'q2 CURVE', points })).toBe('q2 CURVE (2)');
    expect(await named(analyst, '', { name: 'default curve', points })).toBe('default curve (2)');
    expect(await named(other, '', { name: 'Q2 curve', points })).toBe('Q2 curve');
    const names = (await analyst.get(CTR_MODELS_BASE)).json().items.map((m: { name: string }) => m.name);
    expect(new Set(names.map((n: string) => n.toLowerCase())).size).toBe(names.length);
  });

  it('splits by brand with the site’s stored brand terms; refuses splits the rows cannot answer', async () => {
    const noTerms = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE, brand: 'brand' });
    expect(noTerms.statusCode).toBe(400);
    expect(errorOf(noTerms).message).toMatch(/brand terms/u);
    const brand = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, {
      site: SITE,
      brand: 'brand',
      brandTerms: ['flashcom'],
    });
    expect(brand.statusCode, brand.body).toBe(201);
    const brandRows = fileRows.filter((r) => r.Query!.toLowerCase().includes('flashcom'));
    expect(brand.json().buckets.map((b: { bucket: number; clicks: number }) => [b.bucket, b.clicks])).toEqual(
      fileBuckets(brandRows).map(([b, e]) => [b, e.clicks]),
    );
    // The terms are kept for the site: the non-brand fit needs none in its request.
    const nonBrand = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE, brand: 'non-brand' });
    expect(nonBrand.statusCode, nonBrand.body).toBe(201);
    const total = (m: { buckets: { impressions: number }[] }) =>
      m.buckets.reduce((a, b) => a + b.impressions, 0);
    expect(total(brand.json()) + total(nonBrand.json())).toBe(
      fileRows.reduce((a, r) => a + Number(r.Impressions), 0),
    );
    expect(nonBrand.json().fit.brandTerms).toEqual(['flashcom']);

    const device = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE, device: 'mobile' });
    expect(device.statusCode).toBe(400);
    expect(errorOf(device).message).toMatch(/no imported Search Console table/u);
    expect((await reader.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE })).statusCode).toBe(403);
  });

  it('lists and replaces a site’s brand terms (lower case, each once); the next brand fit uses them', async () => {
    const url = `${CTR_MODELS_BASE}/brand-terms`;
    const put = await analyst.send('PUT', url, { site: SITE, terms: ['Flashcom', 'flashcom', 'cara'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ site: SITE, terms: ['flashcom', 'cara'] });
    const got = await reader.get(`${url}?site=${SITE}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual({ site: SITE, terms: ['flashcom', 'cara'] });
    const brand = await analyst.send('POST', `${CTR_MODELS_BASE}/fit`, { site: SITE, brand: 'brand' });
    expect(brand.statusCode, brand.body).toBe(201);
    const rows = fileRows.filter((r) => /flashcom|cara/u.test(r.Query!.toLowerCase()));
    expect(brand.json().buckets.map((b: { bucket: number; clicks: number }) => [b.bucket, b.clicks])).toEqual(
      fileBuckets(rows).map(([b, e]) => [b, e.clicks]),
    );
    // Only ROLE_CV changes them; an empty term is refused; another organisation's site is not found.
    expect((await reader.send('PUT', url, { site: SITE, terms: [] })).statusCode).toBe(403);
    const empty = await analyst.send('PUT', url, { site: SITE, terms: [' '] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toMatch(/brand term is not empty/u);
    expect((await other.get(`${url}?site=${SITE}`)).statusCode).toBe(404);
    const cleared = await analyst.send('PUT', url, { site: SITE, terms: [] });
    expect(cleared.json().terms).toEqual([]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths[url]).sort()).toEqual(['get', 'put']);
  });

  it('lists the default curve and the published studies, normalised where they measured a share of clicks', async () => {
    const items = (await reader.get(CTR_MODELS_BASE)).json().items as {
      id: string;
      values: number[];
      basis: string;
    }[];
    expect(items[0]!.id).toBe('default');
    expect(items[0]!.values[0]).toBe(0.285);
    const file = parse(readFileSync(join(SHARED, 'ctr/published_ctr_by_position.csv')), {
      columns: true,
    }) as Record<string, string>[];
    // The table in src/core holds every row of the file.
    const points = CTR_STUDIES.flatMap((s) =>
      s.points.map(([p, v]) => `${s.study}|${s.device}|${s.metric}|${p}|${v}`),
    );
    expect(points.sort()).toEqual(
      file.map((r) => `${r.study}|${r.device}|${r.metric}|${r.position}|${Number(r.value_pct)}`).sort(),
    );
    const aol = items.find((m) => m.id === 'study-aol-search-log-leak')!;
    expect(aol.values[0]).toBeCloseTo(0.421 * (4_926_623 / 9_038_794), 12);
    expect(aol.basis).toMatch(/normalised to per-impression CTR/u);
    const sistrix = items.find((m) => m.id.startsWith('study-sistrix'))!;
    expect(sistrix.values[0]).toBeCloseTo(0.285, 12);
    expect(items.find((m) => m.id.startsWith('study-msn'))!.basis).toMatch(/not per-impression/u);
  });

  it('takes a typed-in curve and deletes it; bad points answer 400', async () => {
    const res = await analyst.send('POST', CTR_MODELS_BASE, {
      name: 'Our guess',
      points: [
        { position: 1, ctr: 0.4 },
        { position: 10, ctr: 0.02 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m.values[0]).toBe(0.4);
    expect(m.values[9]).toBe(0.02);
    const bad = await analyst.send('POST', CTR_MODELS_BASE, {
      name: 'x',
      points: [{ position: 1, ctr: 40 }],
    });
    expect(bad.statusCode).toBe(400);
    const twice = await analyst.send('POST', CTR_MODELS_BASE, {
      name: 'x',
      points: [
        { position: 1, ctr: 0.4 },
        { position: 1, ctr: 0.3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await analyst.send('DELETE', `${CTR_MODELS_BASE}/${m.id}`)).statusCode).toBe(204);
    expect((await analyst.get(`${CTR_MODELS_BASE}/${m.id}`)).statusCode).toBe(404);
    // The striking-distance ranking takes a model.
    const striking = await analyst.get(
      `/api/v1/search-console/striking-distance?site=${SITE}&ctrModel=study-sistrix-ctr-study-80m-keywords`,
    );
    expect(striking.statusCode, striking.body).toBe(200);
    expect(striking.json().ctrModel).toBe('study-sistrix-ctr-study-80m-keywords');
  });
});

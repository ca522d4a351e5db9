// Server plumbing: OpenAPI and Swagger UI, the 404 envelope of unknown API routes, the single-page app
// (files, SPA fallback, 503 without a build), security headers, backend selection and the first start.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildApp, closeStores, openStores } from '@server/app';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { ensureAdmin } from '@server/auth/ensure-admin';
import { loadConfig } from '@server/config';
import { serve } from '@server/serve';
import { createTestApp, errorOf, type TestApp } from './helpers';

describe('API plumbing (no web build)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/auth/login',
      '/auth/logout',
      '/auth/invitations/{token}',
      '/auth/invitations/accept',
      '/api/v1/me',
      '/api/v1/me/password',
      '/api/v1/admin/users',
      '/api/v1/admin/invitations',
      '/api/v1/admin/users/{id}/roles',
      '/api/v1/admin/users/{id}/disabled',
      '/api/v1/markets',
      '/api/v1/projects',
      '/api/v1/projects/{id}',
      '/api/v1/campaigns',
      '/api/v1/campaigns/{id}',
      '/api/v1/dashboard',
      '/api/v1/reports',
      '/api/v1/reports/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(Object.keys(doc.paths['/api/v1/reports/{id}'])).toEqual(expect.arrayContaining(['get', 'delete']));
    const login = doc.paths['/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
    const page =
      res.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: res.headers.location as string })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });

  it('answers unknown /api and /auth routes with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/nothing-here'],
      ['GET', '/api'],
      ['GET', '/auth/whatever'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: `no route ${method} ${url}` });
    }
  });

  it('answers an unexpected failure with a 500 envelope naming the request id, never a stack trace', async () => {
    const app = await buildApp({ stores: t.stores, config: t.config });
    app.get('/api/v1/boom', async () => {
      throw new Error('secret internals at /srv/db');
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/boom',
      headers: { 'x-request-id': 'feedfacefeedface' },
    });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res)).toEqual({
      code: 'internal',
      message: 'the server failed to answer this request; its request id is feedfacefeedface',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
    await app.close();
  });

  it('answers 503 "web app not built" for app pages when there is no build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/12/competitive-analysis/cv' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('web app not built: run npm run build');
  });

  it('sets security headers with a same-origin CSP that allows inline styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    mkdirSync(join(t.config.webDir, 'assets'), { recursive: true });
    writeFileSync(join(t.config.webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(t.config.webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The app decides at build time whether a web build exists, so build it again now that one does.
    await t.app.close();
    t.app = await buildApp({ stores: t.stores, config: t.config });
  });
  afterAll(async () => t.close());

  it('serves files, and index.html for any other page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of [
      '/',
      '/login',
      '/12/competitive-analysis/cv',
      '/example.com/gb-en/competitive-analysis/ve',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/unknown' })).json().error.code).toBe(
      'not_found',
    );
  });
});

describe('backends and first start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sightline-serve-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const clickhouse = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
  if (!clickhouse) console.warn('ClickHouse backend selection skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL');
  it.skipIf(!clickhouse)('opens the ClickHouse RankStore when CLICKHOUSE_URL is set', async () => {
    const database = `sightline_app_${randomBytes(4).toString('hex')}`;
    const config = loadConfig({
      DATA_DIR: join(dir, 'ch'),
      CLICKHOUSE_URL: clickhouse,
      CLICKHOUSE_CLUSTER: process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ?? '',
      CLICKHOUSE_DATABASE: database,
    });
    const stores = await openStores(config);
    try {
      expect(await stores.rank.counts()).toEqual({ keywords: 0, serpResults: 0, snapshotDates: 0, hosts: 0 });
      const ids = await stores.rank.upsertKeywords('gb-en', [{ text: 'cheap flights', sv: 1200 }]);
      expect((await stores.rank.readKeywords('gb-en', [...ids.values()]))[0]).toMatchObject({ sv: 1200 });
    } finally {
      await closeStores(stores);
      await dropClickHouseDatabase(config);
    }
  });

  it('names the variable when the configuration is wrong', () => {
    expect(() => loadConfig({ CLICKHOUSE_URL: 'tcp://x', CLICKHOUSE_DATABASE: 'bad-name' })).toThrow(
      /CLICKHOUSE_URL: expected a ClickHouse HTTP URL[\s\S]*CLICKHOUSE_DATABASE: expected a database name/,
    );
  });

  it('creates the organisation and an administrator once, with a one-time password printed only once', async () => {
    const config = loadConfig({
      DATA_DIR: join(dir, 'first'),
      LOG_LEVEL: 'silent',
      SIGHTLINE_WEB_DIR: join(dir, 'none'),
    });
    const printed: string[] = [];
    const print = (s: string) => printed.push(s);
    const first = await serve(config, { print });
    expect(first.firstStart).toBe(true);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('email:    admin@sightline.local');
    // Once only: a second ensureAdmin prints nothing and returns the same organisation.
    expect(await ensureAdmin(first.stores, config, first.app.log, print)).toBe(first.adminOrgId);
    expect(printed).toHaveLength(1);
    const admin = await first.stores.meta.findUserByEmail('admin@sightline.local');
    expect(admin?.roles).toContain('ROLE_ADMIN');
    expect(admin?.roles).toContain('ROLE_REPORTS');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await first.stores.meta.getOrganisation(first.adminOrgId))?.name).toBe('Sightline');
    await first.app.close();

    const second = await serve(config, { print });
    expect(printed).toHaveLength(1);
    expect(second.firstStart).toBe(false);
    expect(second.adminOrgId).toBe(first.adminOrgId);
    // An import left running by a process that died is marked failed by the next start.
    const job = await second.stores.meta.createImportJob(
      {
        organisationId: second.adminOrgId,
        userId: null,
        files: ['ranks.csv'],
        format: 'serp-csv',
        market: 'gb-en',
        campaignId: null,
        target: null,
        dryRun: false,
        bytesTotal: 1000,
      },
      new Date().toISOString(),
    );
    await second.stores.meta.updateImportJob(job.id, {
      status: 'running',
      startedAt: new Date().toISOString(),
    });
    await second.app.close();

    const third = await serve(config, { print });
    expect((await third.stores.meta.getImportJob(job.id))?.status).toBe('failed');
    await third.app.close();
  });

  it('prints a generated password that signs in, and SIGHTLINE_ADMIN_PASSWORD when given is not printed', async () => {
    const config = loadConfig({
      DATA_DIR: join(dir, 'gen'),
      LOG_LEVEL: 'silent',
      SIGHTLINE_WEB_DIR: join(dir, 'none'),
    });
    const t = await createTestApp({ env: { DATA_DIR: config.dataDir } });
    const printed: string[] = [];
    await ensureAdmin(t.stores, t.config, t.app.log, (s) => printed.push(s));
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'admin@sightline.local', password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.reports).toBe(true);
    await t.close();

    const fixed = await createTestApp({ env: { SIGHTLINE_ADMIN_PASSWORD: 'a fixed admin passphrase' } });
    const out: string[] = [];
    await ensureAdmin(fixed.stores, fixed.config, fixed.app.log, (s) => out.push(s));
    expect(out.join('')).not.toContain('a fixed admin passphrase');
    expect(out.join('')).toContain('SIGHTLINE_ADMIN_PASSWORD');
    const ok = await fixed.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'admin@sightline.local', password: 'a fixed admin passphrase' },
    });
    expect(ok.statusCode).toBe(200);
    await fixed.close();
  });
});

// The demo workspace the scenarios measure, on either backend: the embedded stores (SQLite + DuckDB files in
// a temp folder) or the server stores (a fresh PostgreSQL database and ClickHouse database, dropped on close),
// seeded with seedDemoWorkspace plus the 10,000-keyword × 20-domain bench campaign (scale-campaign.ts), an
// analyst with ROLE_CV, and the Fastify app signed in as that analyst.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, closeStores, openStores } from '@server/app';
import { hashPassword } from '@server/auth/passwords';
import { loadConfig } from '@server/config';
import type { Stores } from '@server/context';
import { seedDemoWorkspace, type SeedDemoSummary } from '@server/services/demo/seed-demo-workspace';
import { dropDatabase } from '@storage/rank/clickhouse/schema';
import { openClickHouseContext } from '@storage/rank/clickhouse/store';
import { addScaleCampaign, type BenchCampaign, type ScaleSize } from './scale-campaign';

/** The bench analyst (ROLE_CV; scenarios that need more grant it). */
export const BENCH_EMAIL = 'bench@sightline.test';
const PASSWORD = 'bench password for the analyst';
/** The demo plan's seed: the same workspace on every run. */
export const DEMO_SEED = 20250630;

export interface DemoSize {
  keywordsPerMarket: number;
  weeks: number;
}

/** The server backends: PostgreSQL for the MetaStore, ClickHouse (a cluster when named) for the RankStore. */
export interface ServerBackend {
  postgresUrl: string;
  clickhouseUrl: string;
  clickhouseCluster: string | undefined;
}

export interface Workspace {
  /** 'embedded SQLite + DuckDB' or 'PostgreSQL + ClickHouse …'. */
  backend: string;
  dir: string;
  /** The configuration environment of this workspace's app. */
  env: Record<string, string>;
  stores: Stores;
  summary: SeedDemoSummary;
  /** The 10,000-keyword × 20-domain campaign of issue 4. */
  bench: BenchCampaign;
  /** Wall-clock milliseconds of seedDemoWorkspace alone. */
  seedMs: number;
  /** The instant the workspace was seeded at, also the app's clock. */
  now: Date;
  close: () => Promise<void>;
}

export const SCALE: ScaleSize = { keywords: 10_000, domains: 20 };

async function pgAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The environment and clean-up of fresh server databases named `database` (none for embedded). */
export async function backendEnv(
  dir: string,
  server: ServerBackend | null,
  database: string,
): Promise<{ env: Record<string, string>; label: string; drop: () => Promise<void> }> {
  const env = { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' };
  if (server === null) return { env, label: 'embedded SQLite + DuckDB', drop: async () => undefined };
  await pgAdmin(server.postgresUrl, `CREATE DATABASE ${database}`);
  const url = new URL(server.postgresUrl);
  url.pathname = `/${database}`;
  const cluster = server.clickhouseCluster ?? '';
  return {
    env: {
      ...env,
      DATABASE_URL: url.toString(),
      CLICKHOUSE_URL: server.clickhouseUrl,
      CLICKHOUSE_CLUSTER: cluster,
      CLICKHOUSE_DATABASE: database,
    },
    label: `PostgreSQL + ClickHouse ${cluster ? `cluster ${cluster}` : 'single server'}`,
    drop: async () => {
      const ctx = await openClickHouseContext({
        url: server.clickhouseUrl,
        cluster: server.clickhouseCluster ?? null,
        database,
      });
      try {
        await dropDatabase(ctx);
      } finally {
        await ctx.topology.close();
      }
      await pgAdmin(server.postgresUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

/** Seeds a workspace on the embedded stores, or on fresh server databases when `server` is given. */
export async function buildWorkspace(
  size: DemoSize,
  server: ServerBackend | null = null,
): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-'));
  const database = `sightline_bench_${randomBytes(4).toString('hex')}`;
  const { env, label, drop } = await backendEnv(dir, server, database);
  let stores: Stores | null = null;
  const close = async () => {
    if (stores !== null) await closeStores(stores);
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    stores = await openStores(loadConfig(env));
    const now = new Date();
    const iso = now.toISOString();
    const org = await stores.meta.createOrganisation('Bench', iso);
    await stores.meta.createUser({
      organisationId: org.id,
      email: BENCH_EMAIL,
      name: 'bench',
      passwordHash: await hashPassword(PASSWORD),
      roles: ['ROLE_CV'],
      now: iso,
    });
    const plan = { organisationId: org.id, seed: DEMO_SEED, ...size, now: iso };
    const started = performance.now();
    const summary = await seedDemoWorkspace(stores, plan);
    const seedMs = performance.now() - started;
    const bench = await addScaleCampaign(stores, plan, SCALE);
    return { backend: label, dir, env, stores, summary, bench, seedMs, now, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export interface SignedInApp {
  app: FastifyInstance;
  /** The analyst's session cookie (`sightline_session=…`), for clients outside app.inject. */
  cookie: string;
  /** GET as the analyst; throws unless the status is 200. Returns the body text. */
  get: (url: string) => Promise<string>;
  /**
   * GET as the analyst over loopback HTTP (the app listens from the first call): milliseconds until the
   * first byte of the body, resolved once the whole body has arrived. Throws unless the status is 200.
   */
  firstByte: (url: string) => Promise<number>;
}

export async function signedInApp(ws: Workspace): Promise<SignedInApp> {
  const config = loadConfig(ws.env);
  const app = await buildApp({ stores: ws.stores, config, now: () => ws.now });
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: BENCH_EMAIL, password: PASSWORD },
  });
  const session = res.cookies.find((c) => c.name === 'sightline_session');
  if (res.statusCode !== 200 || !session)
    throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = `sightline_session=${session.value}`;
  return {
    app,
    cookie,
    get: async (url) => {
      const r = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (r.statusCode !== 200) throw new Error(`GET ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return r.body;
    },
    firstByte: async (url) => {
      if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      return new Promise<number>((resolve, reject) => {
        const started = performance.now();
        let first: number | null = null;
        request({ host: '127.0.0.1', port, path: url, headers: { cookie } }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`GET ${url}: ${res.statusCode}`));
            return;
          }
          res.on('data', () => (first ??= performance.now() - started));
          res.on('end', () => resolve(first ?? performance.now() - started));
          res.on('error', reject);
        })
          .on('error', reject)
          .end();
      });
    },
  };
}

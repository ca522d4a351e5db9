// The demo workspace the scenarios measure: SQLite + DuckDB files in a temp folder, seeded with
// seedDemoWorkspace, an analyst with ROLE_CV, and the Fastify app (not listening) signed in as that analyst.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, closeStores, openStores } from '@server/app';
import { hashPassword } from '@server/auth/passwords';
import { loadConfig } from '@server/config';
import type { Stores } from '@server/context';
import { seedDemoWorkspace, type SeedDemoSummary } from '@server/services/demo/seed-demo-workspace';

const EMAIL = 'bench@sightline.test';
const PASSWORD = 'bench password for the analyst';
/** The demo plan's seed: the same workspace on every run. */
export const DEMO_SEED = 20250630;

export interface DemoSize {
  keywordsPerMarket: number;
  weeks: number;
}

export interface Workspace {
  dir: string;
  stores: Stores;
  summary: SeedDemoSummary;
  /** Wall-clock milliseconds of seedDemoWorkspace alone. */
  seedMs: number;
  /** The instant the workspace was seeded at, also the app's clock. */
  now: Date;
  close: () => Promise<void>;
}

export async function buildWorkspace(size: DemoSize): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-'));
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  const now = new Date();
  const iso = now.toISOString();
  const org = await stores.meta.createOrganisation('Bench', iso);
  await stores.meta.createUser({
    organisationId: org.id,
    email: EMAIL,
    name: 'bench',
    passwordHash: await hashPassword(PASSWORD),
    roles: ['ROLE_CV'],
    now: iso,
  });
  const started = performance.now();
  const summary = await seedDemoWorkspace(stores, {
    organisationId: org.id,
    seed: DEMO_SEED,
    keywordsPerMarket: size.keywordsPerMarket,
    weeks: size.weeks,
    now: iso,
  });
  const seedMs = performance.now() - started;
  return {
    dir,
    stores,
    summary,
    seedMs,
    now,
    close: async () => {
      await closeStores(stores);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SignedInApp {
  app: FastifyInstance;
  /** GET as the analyst; throws unless the status is 200. Returns the body text. */
  get: (url: string) => Promise<string>;
}

export async function signedInApp(ws: Workspace): Promise<SignedInApp> {
  const config = loadConfig({ DATA_DIR: join(ws.dir, 'data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ stores: ws.stores, config, now: () => ws.now });
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: EMAIL, password: PASSWORD },
  });
  const session = res.cookies.find((c) => c.name === 'sightline_session');
  if (res.statusCode !== 200 || !session)
    throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = `sightline_session=${session.value}`;
  return {
    app,
    get: async (url) => {
      const r = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (r.statusCode !== 200) throw new Error(`GET ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return r.body;
    },
  };
}

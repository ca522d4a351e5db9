// Test harness for the API tests: a real app on SQLite + DuckDB files in a temp folder, seeding through
// the MetaStore port, and a small client that signs in and keeps the cookie and CSRF token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportJobView } from '@contracts/imports';
import type { Role } from '@core/roles';
import { buildApp, closeStores, openStores } from '@server/app';
import { hashPassword } from '@server/auth/passwords';
import { loadConfig, type Config } from '@server/config';
import type { AppContext, Stores } from '@server/context';
import type { DemoSetup } from '@server/services/demo/demo-setup';
import type { KeywordInput } from '@storage/rank-store';

export interface TestApp {
  app: FastifyInstance;
  stores: Stores;
  config: Config;
  dir: string;
  close: () => Promise<void>;
}

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    now?: () => Date;
    demoSetup?: DemoSetup;
    onContext?: (ctx: AppContext) => void;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-api-'));
  const config = loadConfig({
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    SIGHTLINE_WEB_DIR: join(dir, 'web'),
    ...opts.env,
  });
  const stores = await openStores(config);
  const app = await buildApp({
    stores,
    config,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.demoSetup ? { demoSetup: opts.demoSetup } : {}),
    ...(opts.onContext ? { onContext: opts.onContext } : {}),
  });
  return {
    app,
    stores,
    config,
    dir,
    close: async () => {
      await app.close();
      await closeStores(stores);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'correct horse battery staple';

export async function seedOrganisation(stores: Stores, name: string) {
  return stores.meta.createOrganisation(name, '2025-01-01T00:00:00.000Z');
}

export async function seedUser(
  stores: Stores,
  organisationId: number,
  email: string,
  roles: Role[],
  password = PASSWORD,
) {
  return stores.meta.createUser({
    organisationId,
    email,
    name: email.split('@')[0] ?? email,
    passwordHash: await hashPassword(password),
    roles,
    now: '2025-01-01T00:00:00.000Z',
  });
}

/** The Set-Cookie header of a response as one string per cookie. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h : [h];
}

/** A signed-in browser: sends the session cookie and, on changes, the CSRF token. */
export class Client {
  constructor(
    readonly app: FastifyInstance,
    readonly cookie: string,
    readonly csrfToken: string,
  ) {}

  static async signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<Client> {
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    const session = res.cookies.find((c) => c.name === 'sightline_session');
    if (!session) throw new Error('no session cookie');
    return new Client(app, `sightline_session=${session.value}`, res.json().csrfToken);
  }

  get(url: string) {
    return this.app.inject({ method: 'GET', url, headers: { cookie: this.cookie } });
  }

  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    csrf: string | null = this.csrfToken,
  ) {
    return this.app.inject({
      method,
      url,
      headers: { cookie: this.cookie, ...(csrf === null ? {} : { 'x-csrf-token': csrf }) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }
}

/** Polls an import job until it has ended (imports run in the background after the 202). */
export async function importFinished(client: Client, id: number): Promise<ImportJobView> {
  for (let i = 0; i < 200; i++) {
    const job = (await client.get(`/api/v1/imports/${id}`)).json() as ImportJobView;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

/** A project and a campaign of the same name in gb-en, made through the API by `client`. */
export async function newCampaign(client: Client, name: string): Promise<{ projectId: number; id: number }> {
  const project = await client.send('POST', '/api/v1/projects', { name });
  if (project.statusCode !== 201) throw new Error(`project ${name}: ${project.body}`);
  const projectId = (project.json() as { id: number }).id;
  const campaign = await client.send('POST', '/api/v1/campaigns', { projectId, name, market: 'gb-en' });
  if (campaign.statusCode !== 201) throw new Error(`campaign ${name}: ${campaign.body}`);
  return { projectId, id: (campaign.json() as { id: number }).id };
}

/** Asserts the error envelope of DESIGN §4 and returns it. */
export function errorOf(res: LightMyRequestResponse): { code: string; message: string; details?: any } {
  const body = res.json();
  if (!body || typeof body.error !== 'object') throw new Error(`not an error envelope: ${res.body}`);
  return body.error;
}

/** A keyword's SERP rows as the market tests write them: keyword text, date, position, URL (organic). */
export type OrganicRow = [keyword: string, date: string, position: number, url: string];

/**
 * Writes keywords with their volumes and their organic results into the RankStore's market `market`;
 * returns the keyword ids by text.
 */
export async function seedOrganicRows(
  stores: Stores,
  market: string,
  keywords: KeywordInput[],
  rows: readonly OrganicRow[],
): Promise<Map<string, number>> {
  await stores.rank.migrate();
  const ids = await stores.rank.upsertKeywords(market, keywords);
  await stores.rank.insertSerpResults(
    rows.map(([kw, date, position, url]) => ({
      market,
      keywordId: ids.get(kw)!,
      date,
      position,
      url,
      resultType: 'organic' as const,
    })),
  );
  return ids;
}

/** Gives the organisation desktop Google markets named by their codes (`gb-en`: country gb, language en). */
export async function seedMarkets(stores: Stores, organisationId: number, codes: readonly string[]) {
  for (const code of codes) {
    const [country, language] = code.split('-') as [string, string];
    await stores.meta.upsertMarket(
      organisationId,
      { code, country, language, device: 'desktop', engine: 'google', name: code },
      code,
    );
  }
}

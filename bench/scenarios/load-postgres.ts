// The plain-PostgreSQL leg of scenario `load`: the cv scenario's twin tables (cv-postgres.ts, copied from the
// embedded workspace), the cv scenario's domains twin query (twinCases of cv-checks.ts) checked once, alone,
// against the endpoint's answer, then `connections` pg clients each running it in a loop, one at a time, for
// the duration, as the HTTP client does: the next query when the last answer ends, none cut off at the mark,
// each bounded by statement_timeout (a timed-out query is an error).
import pg from 'pg';
import type { Workspace } from '../lib/workspace';
import { SCREEN } from './cv';
import { twinCases, type TwinCase } from './cv-checks';
import { dropTwin, loadTwin, resolveTargets } from './cv-postgres';
import type { TwinAsk } from './cv-twins';
import type { LoadResult } from './load';

/** PostgreSQL's own default, set explicitly: 100 backends × a few hash and sort nodes stay far below 24 GB. */
export const LOAD_WORK_MEM = '4MB';
/** Longest one query may run under load (seconds): keeps the run bounded; a timeout counts as an error. */
export const LOAD_STATEMENT_TIMEOUT_S = 60;
/** Longest the check run, alone, may take (seconds): the cv scenario's bound for its twins. */
const CHECK_TIMEOUT_S = 240;
/** Connection slots that must stay free beyond the load's: the app's pool, the bench's own client, psql. */
export const SPARE_SLOTS = 5;

export interface Slots {
  max: number;
  reserved: number;
  used: number;
  /** Slots a non-superuser connection could still take. */
  free: number;
}

async function slotsOf(client: pg.Client): Promise<Slots> {
  const r = await client.query<{ max: string; reserved: string; used: number }>(
    `SELECT current_setting('max_connections') AS max,
       current_setting('superuser_reserved_connections') AS reserved,
       (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS used`,
  );
  const row = r.rows[0]!;
  const max = Number(row.max);
  const reserved = Number(row.reserved);
  return { max, reserved, used: row.used, free: max - reserved - row.used };
}

/** Throws, saying how to fix it, unless PostgreSQL has `connections` + SPARE_SLOTS free connection slots. */
export async function requireSlots(client: pg.Client, connections: number): Promise<Slots> {
  const slots = await slotsOf(client);
  if (slots.free < connections + SPARE_SLOTS)
    throw new Error(
      `load: the plain-PostgreSQL run needs ${connections} + ${SPARE_SLOTS} free connection slots, but ` +
        `BENCH_POSTGRES_URL's server has max_connections ${slots.max} (${slots.reserved} reserved for ` +
        `superusers) with ${slots.used} in use, so ${slots.free} free: restart it with ` +
        `-c max_connections=${connections + 20} (or unset BENCH_POSTGRES_URL to skip the PostgreSQL parts).`,
    );
  return slots;
}

/** Opens a client and checks the slots: the scenario fails before its long runs rather than after them. */
export async function checkSlotsFirst(url: string, connections: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await requireSlots(client, connections);
  } finally {
    await client.end();
  }
}

/** The cv scenario's domains twin, on `client`. */
function domainsTwin(client: pg.Client, ask: TwinAsk): TwinCase {
  const twin = twinCases(client, ask, SCREEN).find((c) => c.endpoint === 'domains');
  if (twin === undefined) throw new Error('cv-checks has no domains twin');
  return twin;
}

async function session(client: pg.Client, timeoutS: number): Promise<void> {
  await client.query(`SET work_mem = '${LOAD_WORK_MEM}'`);
  await client.query(`SET statement_timeout = '${timeoutS}s'`);
}

/** `connections` clients, each running the twin in a loop until `durationMs` has passed. */
async function hammerPostgres(
  url: string,
  ask: TwinAsk,
  connections: number,
  durationMs: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const fail = (error: unknown) => {
    errors += 1;
    firstError ??= error instanceof Error ? error.message : String(error);
  };
  const clients = Array.from({ length: connections }, () => new pg.Client({ connectionString: url }));
  // A connection-level error (the server ending a backend) arrives as an event; its query fails too.
  for (const c of clients) c.on('error', () => undefined);
  try {
    await Promise.all(
      clients.map(async (c) => {
        await c.connect();
        await session(c, LOAD_STATEMENT_TIMEOUT_S);
      }),
    );
    const started = performance.now();
    const until = started + durationMs;
    await Promise.all(
      clients.map(async (c) => {
        const twin = domainsTwin(c, ask);
        while (performance.now() < until) {
          const t0 = performance.now();
          try {
            await twin.run();
            latencies.push(performance.now() - t0);
          } catch (error) {
            fail(error);
          }
        }
      }),
    );
    return {
      requests: latencies.length + errors,
      errors,
      firstError,
      latencies,
      elapsedMs: performance.now() - started,
    };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

export interface PostgresLoad {
  /** Null when the twin was not put under load (the check run failed or disagreed): see notes. */
  result: LoadResult | null;
  notes: string[];
}

/**
 * Loads the twin from `ws`'s embedded RankStore, checks the domains twin against `answer` (the endpoint's
 * JSON), puts it under load, and drops the twin.
 */
export async function loadPostgresTwin(
  url: string,
  ws: Workspace,
  span: { start: string; end: string },
  answer: unknown,
  connections: number,
  durationMs: number,
): Promise<PostgresLoad> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { campaignId, market } = ws.bench;
  try {
    process.stdout.write('  load plain PostgreSQL twin: copying the campaign’s rows…\n');
    const load = await loadTwin(admin, ws.stores.rank, campaignId, market);
    await session(admin, CHECK_TIMEOUT_S);
    const tracked = await ws.stores.meta.listTrackedDomains(campaignId);
    const targets = await resolveTargets(
      admin,
      tracked.map((d) => [d.value]),
    );
    const ask: TwinAsk = { campaignId, start: span.start, end: span.end, targets };
    const twin = domainsTwin(admin, ask);
    const notes = [
      `Plain PostgreSQL twin: the cv scenario's twin tables — ${load.serpRows.toLocaleString('en')} serp_results ` +
        `rows of the campaign's ${load.keywords.toLocaleString('en')} keywords (market ${market}) plus keywords, ` +
        'tags, groups, domains, hosts, urls, copied through RankStore.exportBatches into UNLOGGED tables with ' +
        'b-tree indexes (serp_results (keyword_id, date, position), (domain_id, date), (date, position)) in ' +
        `${(load.loadMs / 1000).toFixed(0)} s — and its domains query (the cv twin, plain SQL, no rollups), ` +
        `run from ${connections} pg.Client connections over loopback (PostgreSQL on the same machine), each sending its ` +
        `next query when the last answer ends, for ${durationMs / 1000} s; work_mem ${LOAD_WORK_MEM} ` +
        `(PostgreSQL's default), statement_timeout ${LOAD_STATEMENT_TIMEOUT_S} s (a timed-out query is an ` +
        'error). Latency: query sent to rows decoded.',
    ];
    let first: unknown;
    const t0 = performance.now();
    try {
      first = await twin.run();
    } catch (error) {
      notes.push(
        `Plain PostgreSQL twin not put under load: its check run failed: ${(error as Error).message}.`,
      );
      return { result: null, notes };
    }
    const aloneMs = performance.now() - t0;
    const check = twin.check(first, answer);
    process.stdout.write(
      `  load plain PostgreSQL twin: alone ${(aloneMs / 1000).toFixed(1)} s, ${check.summary()}\n`,
    );
    if (!check.ok) {
      notes.push(`Plain PostgreSQL twin not put under load: it answers differently: ${check.summary()}.`);
      return { result: null, notes };
    }
    const slots = await requireSlots(admin, connections);
    notes.push(
      `The twin's answer was checked first against the endpoint's (${check.summary()}); that run, alone, ` +
        `took ${(aloneMs / 1000).toFixed(1)} s. PostgreSQL: max_connections ${slots.max}, ${slots.used} in use ` +
        `before the run.`,
    );
    process.stdout.write(
      `  load plain PostgreSQL twin: ${connections} connections for ${durationMs / 1000} s…\n`,
    );
    const result = await hammerPostgres(url, ask, connections, durationMs);
    return { result, notes };
  } finally {
    await dropTwin(admin).catch(() => undefined);
    await admin.end();
  }
}

// Shared by the statement-count tests (issue 28 item 8): a small market seeded the same way on every engine
// (400 keywords × 13 weekly top-10 SERPs over 12 sites, one campaign with tags and groups), a recorder of the
// statements ChServer sends by kind with their round trips, and the servers' query_log of the
// sub-queries a Distributed table sends on; a page load's endpoints run one after another and are printed.
import { expect, vi } from 'vitest';
import { ChServer } from '@storage/rank/clickhouse/client';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import type { Campaign } from '@core/model';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import { freshDatabases } from './clickhouse-env';

export const MARKET = 'gb-en';
export const CAMPAIGN_ID = 7;
export const KEYWORDS = 400;
/** The campaign whose keywords seed() sets, as the services are given it. */
export const CAMPAIGN: Campaign = {
  id: CAMPAIGN_ID,
  organisationId: 1,
  projectId: 1,
  name: 'counts',
  market: MARKET,
  ctrModel: 'default',
  schedule: null,
  createdAt: '2025-01-01T00:00:00Z',
};
/** Mondays: 13 weekly points, as a quarter of the bench's default 6-month range. */
export const DATES = Array.from({ length: 13 }, (_, i) =>
  new Date(Date.UTC(2025, 3, 7 + 7 * i)).toISOString().slice(0, 10),
);
export const DOMAINS = Array.from({ length: 12 }, (_, i) => `site${i}.example`);
/** The campaign's tracked domains: five of the twelve, plus one group of two. */
export const TRACKED = DOMAINS.slice(0, 5);

export async function seed(store: RankStore): Promise<void> {
  const texts = Array.from({ length: KEYWORDS }, (_, i) => `keyword ${i}`);
  const ids = await store.upsertKeywords(
    MARKET,
    texts.map((text, i) => ({ text, sv: 10 + ((i * 37) % 900) })),
  );
  await store.setCampaignKeywords(
    CAMPAIGN_ID,
    MARKET,
    texts.map((t, i) => ({ keywordId: ids.get(t)!, tags: [`tag${i % 4}`], groups: [`group${i % 3}`] })),
  );
  const rows: SerpResultInput[] = [];
  texts.forEach((t, i) => {
    for (const [d, date] of DATES.entries()) {
      for (let p = 1; p <= 10; p++) {
        const host = `www.${DOMAINS[(i + d + p) % DOMAINS.length]!}`;
        rows.push({
          market: MARKET,
          keywordId: ids.get(t)!,
          date,
          position: p,
          resultType: 'organic',
          url: `https://${host}/p${p}`,
        });
      }
    }
  });
  await store.insertSerpResults(rows);
  await store.prepareCampaignReads(CAMPAIGN_ID, TRACKED);
}

export interface Count {
  endpoint: string;
  statements: number;
  /** ClickHouse only: the servers' query_log, per kind of statement: count and Σ query_duration_ms. */
  kinds?: Kinds;
}

export type Kinds = Record<string, { n: number; ms: number }>;

/** ClickHouse's statements of an endpoint by kind (client side), and the servers' sub-queries (QueryLog). */
export interface Log {
  /** Marks the start of an endpoint's statements. */
  mark(): Promise<void>;
  /** What was sent and logged since the mark. */
  read(): Promise<Kinds>;
}

/** The kind of a ClickHouse statement, by its first words. */
function kindOf(sql: string): string {
  const head = sql.trimStart().slice(0, 40).toUpperCase();
  if (head.startsWith('CREATE TEMPORARY')) return 'create temp';
  if (head.startsWith('DROP TEMPORARY')) return 'drop temp';
  if (head.startsWith('INSERT')) return 'insert';
  return 'select';
}

/**
 * Records every statement ChServer sends (command, rows, rowsWith), with its round trip (ms) as the client
 * sees it: request sent to answer read.
 */
function recordStatements(): { taken: () => Kinds; restore: () => void } {
  let kinds: Kinds = {};
  const spies = [ChServer.prototype].flatMap((proto) =>
    (['command', 'rows', 'rowsWith'] as const).map((method) => {
      const original = proto[method] as (this: unknown, sql: string, ...rest: unknown[]) => Promise<unknown>;
      return vi.spyOn(proto, method).mockImplementation(async function (
        this: unknown,
        sql: string,
        ...rest: unknown[]
      ) {
        const t0 = performance.now();
        try {
          return await original.call(this, sql, ...rest);
        } finally {
          const entry = (kinds[kindOf(sql)] ??= { n: 0, ms: 0 });
          entry.n += 1;
          entry.ms += performance.now() - t0;
        }
      } as never);
    }),
  );
  return {
    taken: () => {
      const out = kinds;
      kinds = {};
      return out;
    },
    restore: () => {
      for (const s of spies) s.mockRestore();
    },
  };
}

/** Runs a page's endpoints one after another; `sent` reads the engine's statement counter. */
export async function countPage(
  endpoints: readonly [string, () => Promise<unknown>][],
  sent: () => number,
  log?: Log,
): Promise<Count[]> {
  const out: Count[] = [];
  for (const [endpoint, run] of endpoints) {
    await log?.mark();
    const before = sent();
    await expect(run()).resolves.toBeDefined();
    const count: Count = { endpoint, statements: sent() - before };
    if (log) count.kinds = await log.read();
    out.push(count);
  }
  return out;
}

/**
 * Seeds a fresh database (on one server, or on `cluster`) and counts `page`'s endpoints with the query_log
 * probes (a separate connection, so their own statements are not counted); the store is closed afterwards.
 */
export async function countOnClickHouse(
  cluster: string | null,
  page: (rank: RankStore) => readonly [string, () => Promise<unknown>][],
): Promise<Count[]> {
  const options = { ...freshDatabases(cluster).next(), settings: { log_queries: 1 } };
  const ctx = await openClickHouseContext(options);
  const rank = rankStoreOn(ctx);
  const servers = [...new Set([ctx.topology.entry, ...ctx.topology.shards.map((s) => s.server)])];
  const probes = servers.map((s) => new ChServer(s.url, { username: 'default', password: '' }));
  const log = new QueryLog(ctx.database, probes);
  try {
    await rank.migrate();
    await seed(rank);
    return await countPage(page(rank), () => servers.reduce((a, s) => a + s.statementsSent, 0), log);
  } finally {
    log.restore();
    await Promise.all(probes.map((p) => p.close()));
    await rank.close();
  }
}

export function print(engine: string, counts: Count[]): void {
  const total = counts.reduce((a, c) => a + c.statements, 0);
  const lines = counts.map((c) => {
    const kinds = c.kinds
      ? Object.entries(c.kinds)
          .map(([k, v]) => `${k} ${v.n} (${v.ms.toFixed(0)} ms)`)
          .join(', ')
      : '';
    return `  ${c.endpoint.padEnd(24)} ${String(c.statements).padStart(4)}${kinds ? `   ${kinds}` : ''}`;
  });
  console.log(`${engine}: ${total} statements for one page load\n${lines.join('\n')}`);
}

/**
 * An endpoint's statements by kind as the client sent them (recordStatements), plus the sub-queries the
 * servers received from another server (a Distributed table's; is_initial_query = 0) with their summed run
 * time on the server (ms). query_log has second resolution: mark() waits past the second of the previous
 * entries and takes the server's clock. Sub-queries name the test's database (its _local tables).
 */
export class QueryLog implements Log {
  private readonly since = new Map<ChServer, string>();
  private readonly recorder = recordStatements();

  constructor(
    private readonly database: string,
    private readonly probes: readonly ChServer[],
  ) {}

  async mark(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const p of this.probes) this.since.set(p, String((await p.one('SELECT toString(now()) AS t')).t));
    this.recorder.taken(); // the probes' own statements
  }

  async read(): Promise<Kinds> {
    const out = this.recorder.taken();
    for (const probe of this.probes) {
      await probe.command('SYSTEM FLUSH LOGS');
      const rows = await probe.rows(
        `SELECT count() AS n, sum(query_duration_ms) AS ms FROM system.query_log
         WHERE type = 2 AND is_initial_query = 0 AND event_time >= toDateTime('${this.since.get(probe)!}')
           AND position(query, '${this.database}') > 0`,
      );
      for (const r of rows) {
        if (Number(r.n) === 0) continue;
        const entry = (out['sub-query (server ms)'] ??= { n: 0, ms: 0 });
        entry.n += Number(r.n);
        entry.ms += Number(r.ms);
      }
    }
    return out;
  }

  restore(): void {
    this.recorder.restore();
  }
}

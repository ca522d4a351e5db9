// Issue 28 item 8: how many statements one campaign-visibility page load sends to each engine. The screen's
// first requests (bench/RESULTS.md, scenario screen: filters, then the eight widgets' endpoints) are run one
// after another through the service functions behind the routes, on DuckDB, one ClickHouse server and the
// two-shard cluster, with the same small campaign; per endpoint the test prints the statements sent (DuckDb
// callsMade: calls into the engine; ChServer statementsSent: HTTP requests, each one statement and one round
// trip) and, on ClickHouse, what kind they were (temporary tables created and dropped, other statements) with
// their round-trip time as the client saw it, and the sub-queries a Distributed table sent on to the shards
// (the servers' query_log). It asserts that every endpoint answers and sends at least one statement, and on
// ClickHouse that the page load stages no temporary table and sends at most CH_PAGE_STATEMENTS statements
// (issue 28 item 8: the steps are subqueries of the reads now; 114 statements, 37 of them temporary-table
// creates and 41 drops, before); the timings are for reading, not for asserting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import type { Campaign } from '@core/model';
import {
  labelShare,
  rankRanges,
  resultTypeProminence,
  searchVolumeRanges,
} from '@server/services/campaign-visibility/breakdowns';
import { filters } from '@server/services/campaign-visibility/filters';
import { competitors, visibilityScoreLost } from '@server/services/campaign-visibility/league';
import type { CvRequest, CvTargetEntry } from '@server/services/campaign-visibility/request';
import { domainSummary } from '@server/services/campaign-visibility/summary';
import { ChServer, ChSession } from '@storage/rank/clickhouse/client';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import { DuckDb } from '@storage/rank/duckdb/db';
import { duckDbRankStoreOn } from '@storage/rank/duckdb/store';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('Statement counts on ClickHouse');

const MARKET = 'gb-en';
const CAMPAIGN_ID = 7;
const KEYWORDS = 400;
/** ClickHouse statements of one page load, on one server and on the cluster alike (114 before item 8). */
const CH_PAGE_STATEMENTS = 36;
/** Mondays: 13 weekly points, as a quarter of the bench's default 6-month range. */
const DATES = Array.from({ length: 13 }, (_, i) =>
  new Date(Date.UTC(2025, 3, 7 + 7 * i)).toISOString().slice(0, 10),
);
const DOMAINS = Array.from({ length: 12 }, (_, i) => `site${i}.example`);
/** The campaign's tracked domains: five of the twelve, plus one group of two. */
const TRACKED = DOMAINS.slice(0, 5);

/** The screen's requests of one page load, as the service runs them (routes → service functions). */
const ENDPOINTS: [string, (req: CvRequest, rank: RankStore) => Promise<unknown>][] = [
  ['filters', (req, rank) => filters(req, rank)],
  ['domains', (req) => domainSummary(req)],
  ['result-type-prominence', (req) => resultTypeProminence(req)],
  ['rank-ranges', (req) => rankRanges(req)],
  ['search-volume-ranges', (req) => searchVolumeRanges(req)],
  ['visibility-share', (req) => labelShare(req, 'groups')],
  ['tags', (req) => labelShare(req, 'tags')],
  ['visibility-score-lost', (req) => visibilityScoreLost(req)],
  ['competitors', (req) => competitors(req)],
];

async function seed(store: RankStore): Promise<void> {
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

function request(rank: RankStore): CvRequest {
  const domain = (value: string): CvTargetEntry => {
    const f = parseHostFilter(value)!;
    return {
      ref: { key: value, kind: 'domain', label: value, color: null },
      target: { key: `d:${value}`, filters: [f] },
    };
  };
  const group: CvTargetEntry = {
    ref: { key: '1', kind: 'group', label: 'pair', color: null },
    target: { key: 'g:1', filters: [parseHostFilter(DOMAINS[0]!)!, parseHostFilter(DOMAINS[1]!)!] },
  };
  const campaign: Campaign = {
    id: CAMPAIGN_ID,
    organisationId: 1,
    projectId: 1,
    name: 'counts',
    market: MARKET,
    ctrModel: 'default',
    schedule: null,
    createdAt: '2025-01-01T00:00:00Z',
  };
  return {
    campaign,
    tracked: [],
    domainGroups: [],
    scope: {
      campaignId: CAMPAIGN_ID,
      market: MARKET,
      tags: [],
      tagsMatch: 'any',
      groups: [],
      keywords: [],
      resultTypes: [],
      ctr: DEFAULT_CTR,
    },
    targets: [...TRACKED.map(domain), group],
    domainCount: TRACKED.length,
    span: { start: DATES[0]!, end: DATES.at(-1)! },
    date: DATES.at(-1)!,
    useWholeMarket: false,
    reads: rank.campaignVisibility,
  };
}

interface Count {
  endpoint: string;
  statements: number;
  /** ClickHouse only: the servers' query_log, per kind of statement: count and Σ query_duration_ms. */
  kinds?: Kinds;
}

type Kinds = Record<string, { n: number; ms: number }>;

/** ClickHouse's statements of an endpoint by kind (client side), and the servers' sub-queries (QueryLog). */
interface Log {
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
 * Records every statement ChServer and ChSession send (command, rows), with its round trip (ms) as the client
 * sees it: request sent to answer read.
 */
function recordStatements(): { taken: () => Kinds; restore: () => void } {
  let kinds: Kinds = {};
  const spies = [ChServer.prototype, ChSession.prototype].flatMap((proto) =>
    (['command', 'rows'] as const).map((method) => {
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

/** Runs the page's endpoints one after another; `sent` reads the engine's statement counter. */
async function countPage(rank: RankStore, sent: () => number, log?: Log): Promise<Count[]> {
  const req = request(rank);
  const out: Count[] = [];
  for (const [endpoint, run] of ENDPOINTS) {
    await log?.mark();
    const before = sent();
    await expect(run(req, rank)).resolves.toBeDefined();
    const count: Count = { endpoint, statements: sent() - before };
    if (log) count.kinds = await log.read();
    out.push(count);
  }
  return out;
}

function print(engine: string, counts: Count[]): void {
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

describe('statements of one campaign-visibility page load', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('on DuckDB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-counts-'));
    dirs.push(dir);
    const db = await DuckDb.open(join(dir, 'rank.duckdb'));
    const rank = duckDbRankStoreOn(db);
    try {
      await rank.migrate();
      await seed(rank);
      const counts = await countPage(rank, () => db.callsMade);
      print('DuckDB (calls into the engine)', counts);
      for (const c of counts) expect(c.statements, c.endpoint).toBeGreaterThan(0);
    } finally {
      await rank.close();
    }
  });

  const clickhouse = (cluster: string | null) => async () => {
    const options = { ...freshDatabases(cluster).next(), settings: { log_queries: 1 } };
    const ctx = await openClickHouseContext(options);
    const rank = rankStoreOn(ctx);
    const servers = [...new Set([ctx.topology.entry, ...ctx.topology.shards.map((s) => s.server)])];
    // A separate connection reads query_log, so its own statements are not counted.
    const probes = servers.map((s) => new ChServer(s.url, { username: 'default', password: '' }));
    const log = new QueryLog(ctx.database, probes);
    try {
      await rank.migrate();
      await seed(rank);
      const counts = await countPage(rank, () => servers.reduce((a, s) => a + s.statementsSent, 0), log);
      print(cluster === null ? 'ClickHouse, one server' : `ClickHouse cluster ${cluster}`, counts);
      for (const c of counts) {
        expect(c.statements, c.endpoint).toBeGreaterThan(0);
        expect(Object.keys(c.kinds ?? {}), c.endpoint).not.toContain('create temp');
      }
      expect(counts.reduce((a, c) => a + c.statements, 0)).toBeLessThanOrEqual(CH_PAGE_STATEMENTS);
    } finally {
      log.restore();
      await Promise.all(probes.map((p) => p.close()));
      await rank.close();
    }
  };

  it.skipIf(CLICKHOUSE_URL === '')('on one ClickHouse server', clickhouse(null), 120_000);
  it.skipIf(CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null)(
    'on the ClickHouse cluster',
    clickhouse(CLICKHOUSE_CLUSTER),
    120_000,
  );
});

/**
 * An endpoint's statements by kind as the client sent them (recordStatements), plus the sub-queries the
 * servers received from another server (a Distributed table's; is_initial_query = 0) with their summed run
 * time on the server (ms). query_log has second resolution: mark() waits past the second of the previous
 * entries and takes the server's clock. Sub-queries name the test's database (its _local tables).
 */
class QueryLog implements Log {
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

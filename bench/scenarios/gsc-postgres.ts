// The plain-PostgreSQL twin of the `gsc` scenario: the same generated Search Console rows in one unlogged,
// date-indexed table, and the same four Raw Search Analytics reads written by hand (conditional sums with
// FILTER, text ordered bytewise like the embedded store), timed in the same process. The first page's
// queries and clicks are returned so that the scenario can check both stores agree.
import pg from 'pg';
import type { SearchConsoleRowInput } from '@storage/rank-store';
import { measure, type Timing } from '../lib/stats';
import type { BenchOptions } from './index';

const S = 'bench_gsc';
const BATCH = 100_000;

export interface GscRanges {
  current: { start: string; end: string };
  previous: { start: string; end: string };
}

export interface GscTwin {
  loadMs: number;
  page: Timing;
  totals: Timing;
  daily: Timing;
  filtered: Timing;
  /** The first page as `query=clicks` (current period), in order. */
  firstPage: string[];
}

async function load(client: pg.Client, rows: number, rowOf: (i: number) => SearchConsoleRowInput) {
  await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
  await client.query(`CREATE SCHEMA ${S}`);
  await client.query(
    `CREATE UNLOGGED TABLE ${S}.rows (date date NOT NULL, device text NOT NULL, page text NOT NULL,
      query text NOT NULL, clicks int NOT NULL, impressions int NOT NULL, position double precision NOT NULL)`,
  );
  for (let lo = 0; lo < rows; lo += BATCH) {
    const part = Array.from({ length: Math.min(BATCH, rows - lo) }, (_, k) => rowOf(lo + k));
    await client.query(
      `INSERT INTO ${S}.rows SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::int[],
        $6::int[], $7::float8[])`,
      [
        part.map((r) => r.date),
        part.map((r) => r.device ?? ''),
        part.map((r) => r.page ?? ''),
        part.map((r) => r.query ?? ''),
        part.map((r) => r.clicks),
        part.map((r) => r.impressions),
        part.map((r) => r.position),
      ],
    );
  }
  await client.query(`CREATE INDEX ON ${S}.rows (date)`);
  await client.query(`ANALYZE ${S}.rows`);
}

/** Σ clicks, Σ impressions and Σ position × impressions of the rows matching `when`, as p_c, p_i, p_w. */
const sums = (when: string, p: string) =>
  `sum(clicks) FILTER (WHERE ${when}) AS ${p}_c, sum(impressions) FILTER (WHERE ${when}) AS ${p}_i,
   sum(position * impressions) FILTER (WHERE ${when}) AS ${p}_w`;

export async function gscPostgresTwin(
  url: string,
  rows: number,
  rowOf: (i: number) => SearchConsoleRowInput,
  ranges: GscRanges,
  opts: BenchOptions,
): Promise<GscTwin> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await load(client, rows, rowOf);
    const loadMs = performance.now() - started;
    const { current: c, previous: p } = ranges;
    const cur = `date BETWEEN '${c.start}' AND '${c.end}'`;
    const prev = `date BETWEEN '${p.start}' AND '${p.end}'`;
    const both = `(${cur} OR ${prev})`;
    const byQuery = (where: string) =>
      `SELECT query COLLATE "C" AS k0, ${sums(cur, 'cur')}, ${sums(prev, 'prev')}
       FROM ${S}.rows WHERE ${where} GROUP BY 1`;
    // One page of 50 groups by current clicks, then the group count: the embedded store's two statements.
    const pageOf = async (where: string) => {
      const page = await client.query<{ k0: string; cur_c: string | null }>(
        `SELECT * FROM (${byQuery(where)}) g ORDER BY coalesce(cur_c, 0) DESC, k0 LIMIT 50`,
      );
      await client.query(`SELECT count(*) FROM (${byQuery(where)}) g`);
      return page.rows;
    };
    const run = { warmups: opts.warmups, runs: opts.twinRuns };
    const first = await pageOf(both);
    const page = await measure(() => pageOf(both), run);
    const totals = await measure(
      () => client.query(`SELECT ${sums(cur, 'cur')}, ${sums(prev, 'prev')} FROM ${S}.rows WHERE ${both}`),
      run,
    );
    const daily = await measure(
      () =>
        client.query(
          `SELECT date AS k0, ${sums('true', 'cur')} FROM ${S}.rows WHERE ${cur} GROUP BY date ORDER BY date LIMIT 1000`,
        ),
      run,
    );
    const filtered = await measure(
      () => pageOf(`${both} AND query ~ '^query 1[0-9]{3}$' AND device = 'mobile'`),
      run,
    );
    await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
    return {
      loadMs,
      page,
      totals,
      daily,
      filtered,
      firstPage: first.map((r) => `${r.k0}=${Number(r.cur_c ?? 0)}`),
    };
  } finally {
    await client.end();
  }
}

// What every plain-PostgreSQL twin of a bench shares: one schema of unlogged tables, columnar inserts
// (one statement per 100,000 rows, each column an array parameter), the RankStore's export batches, the
// default CTR curve as a table, and the id of a market or domain by its name.
import type pg from 'pg';
import { DEFAULT_CTR } from '@core/ctr';
import type { RankStore } from '@storage/rank-store';
import { batchColumn, segmentOf, type RankBatch } from '@storage/transfer';

export const S = 'sightline_bench';
/** Rows per INSERT … SELECT FROM unnest(…) statement. */
const CHUNK = 100_000;

export type Column = [
  name: string,
  type: 'int' | 'smallint' | 'float8' | 'text' | 'date',
  values: ArrayLike<unknown>,
];

/** Inserts columnar rows: one statement per chunk, each column an array parameter (day numbers for dates). */
export async function insertColumns(client: pg.Client, table: string, columns: Column[], rows: number) {
  const names = columns.map(([n]) => n).join(', ');
  const arrays = columns.map(([, t], i) => `$${i + 1}::${t === 'date' ? 'int' : t}[]`).join(', ');
  const exprs = columns.map(([n, t]) => (t === 'date' ? `DATE '1970-01-01' + ${n}` : n)).join(', ');
  const sql = `INSERT INTO ${S}.${table} (${names}) SELECT ${exprs} FROM unnest(${arrays}) AS u(${names})`;
  for (let lo = 0; lo < rows; lo += CHUNK) {
    const hi = Math.min(rows, lo + CHUNK);
    await client.query(
      sql,
      columns.map(([, , v]) => Array.prototype.slice.call(v, lo, hi)),
    );
  }
}

export async function* batchesOf(
  rank: RankStore,
  ...segment: Parameters<typeof segmentOf>
): AsyncIterable<RankBatch> {
  yield* rank.exportBatches(segmentOf(...segment), 500_000);
}

/**
 * Drops and recreates the twin schema with these unlogged tables (each "name (columns)") and a `ctr` table
 * holding the default CTR curve (position 1–100).
 */
export async function createTwinSchema(client: pg.Client, tables: readonly string[]): Promise<void> {
  await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
  await client.query(`CREATE SCHEMA ${S}`);
  for (const ddl of [...tables, 'ctr (position smallint PRIMARY KEY, ctr float8 NOT NULL)']) {
    await client.query(`CREATE UNLOGGED TABLE ${S}.${ddl}`);
  }
  await insertColumns(
    client,
    'ctr',
    [
      ['position', 'smallint', DEFAULT_CTR.map((_, i) => i + 1)],
      ['ctr', 'float8', DEFAULT_CTR],
    ],
    DEFAULT_CTR.length,
  );
}

const DIMENSIONS = {
  domains: [
    ['id', 'int', 'u32'],
    ['domain', 'text', 'str'],
  ],
  hosts: [
    ['id', 'int', 'u32'],
    ['host', 'text', 'str'],
    ['domain_id', 'int', 'u32'],
  ],
  urls: [
    ['id', 'int', 'u32'],
    ['url', 'text', 'str'],
    ['host_id', 'int', 'u32'],
    ['path', 'text', 'str'],
  ],
} as const;

/** Copies a whole dimension table of the RankStore into the twin table of the same name. */
export async function copyDimension(
  client: pg.Client,
  rank: RankStore,
  table: keyof typeof DIMENSIONS,
): Promise<void> {
  for await (const b of batchesOf(rank, table)) {
    const columns: Column[] = DIMENSIONS[table].map(([name, type, kind]) => [
      name,
      type,
      batchColumn(b, name, kind),
    ]);
    await insertColumns(client, table, columns, b.rows);
  }
}

/** The id of a market (by code) or a domain (by name) in the RankStore. */
export async function idOf(rank: RankStore, table: 'markets' | 'domains', value: string): Promise<number> {
  const column = table === 'markets' ? 'code' : 'domain';
  for await (const b of batchesOf(rank, table)) {
    const i = batchColumn(b, column, 'str').indexOf(value);
    if (i >= 0) return Number(batchColumn(b, 'id', table === 'markets' ? 'u16' : 'u32')[i]);
  }
  throw new Error(`${value} is not in the RankStore's ${table}`);
}

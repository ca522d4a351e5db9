// Moving a whole MetaStore between engines (SQLite ⇄ PostgreSQL) for `sightline migrate-data`: export every
// table as canonical rows, import them into another store in one transaction keeping ids, and checksum both.
//
// Tables and columns are read from the database catalogue (Kysely's introspection, foreign keys from each
// engine's catalogue), not from a list kept here, so a table added by a later migration moves too. Parents
// are written before children (foreign keys stay on), and each table's id sequence is moved past the
// imported ids. Checksums are computed here from the canonical values (SQLite has no built-in hash function,
// and the canonical form absorbs what legitimately differs: 0/1 versus true/false, int8 read as a string).
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { MetaTableBatch, MetaValue, TableChecksum } from '../transfer';
import type { Database, MetaDialect } from './schema';

/** Kysely's migration bookkeeping: each store keeps its own. */
const BOOKKEEPING_PREFIX = 'meta_migration';
/** Bound values per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;
const DEFAULT_BATCH_ROWS = 1_000;

/** bytes: BLOB / bytea (a generated report's PDF), carried as base64 text in the canonical rows. */
type Family = 'bool' | 'int' | 'float' | 'text' | 'bytes';

interface MetaColumn {
  name: string;
  family: Family;
  autoIncrement: boolean;
}

interface MetaTable {
  name: string;
  columns: MetaColumn[];
}

function familyOf(table: string, column: string, dataType: string): Family {
  const t = dataType.toLowerCase().trim();
  if (t === 'bool' || t === 'boolean') return 'bool';
  if (/^(int|integer|int2|int4|int8|smallint|bigint|serial|bigserial)$/u.test(t)) return 'int';
  if (/^(real|float|float4|float8|double|double precision)$/u.test(t)) return 'float';
  if (/^(text|varchar|character varying|char|character|bpchar)\b/u.test(t)) return 'text';
  if (t === 'blob' || t === 'bytea') return 'bytes';
  throw new Error(`MetaStore transfer cannot carry column ${table}.${column} of type ${dataType}`);
}

/** Child → parent table names of every foreign key in the store's schema. */
async function foreignKeys(
  db: Kysely<Database>,
  dialect: MetaDialect,
  tables: readonly string[],
): Promise<[string, string][]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ child: string; parent: string }>`
      SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(db);
    return rows.map((r) => [r.child, r.parent]);
  }
  const out: [string, string][] = [];
  for (const child of tables) {
    const { rows } = await sql<{ parent: string }>`
      SELECT "table" AS parent FROM pragma_foreign_key_list(${child})`.execute(db);
    for (const r of rows) out.push([child, r.parent]);
  }
  return out;
}

/** Parents before children (Kahn's algorithm, ties by name so the order is stable). */
function dependencyOrder(names: readonly string[], edges: readonly [string, string][]): string[] {
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const [child, parent] of edges) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < names.length) {
    const ready = names.filter((n) => !done.has(n) && [...parents.get(n)!].every((p) => done.has(p)));
    if (ready.length === 0) {
      const left = names.filter((n) => !done.has(n));
      throw new Error(`MetaStore tables reference each other in a cycle: ${left.join(', ')}`);
    }
    const next = [...ready].sort()[0]!;
    order.push(next);
    done.add(next);
  }
  return order;
}

async function currentSchema(db: Kysely<Database>, dialect: MetaDialect): Promise<string | undefined> {
  if (dialect === 'sqlite') return undefined;
  const { rows } = await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db);
  return rows[0]!.s;
}

/** The store's tables, parents first, with their columns. */
async function catalogue(db: Kysely<Database>, dialect: MetaDialect): Promise<MetaTable[]> {
  const schema = await currentSchema(db, dialect);
  const found = (await db.introspection.getTables()).filter(
    (t) => !t.isView && t.schema === schema && !t.name.startsWith(BOOKKEEPING_PREFIX),
  );
  const byName = new Map<string, MetaTable>(
    found.map((t) => [
      t.name,
      {
        name: t.name,
        columns: t.columns.map((col) => ({
          name: col.name,
          family: familyOf(t.name, col.name, col.dataType),
          autoIncrement: col.isAutoIncrementing,
        })),
      },
    ]),
  );
  const names = [...byName.keys()];
  return dependencyOrder(names, await foreignKeys(db, dialect, names)).map((n) => byName.get(n)!);
}

function canonical(table: string, column: MetaColumn, value: unknown): MetaValue {
  if (value === null || value === undefined) return null;
  const bad = () =>
    new Error(
      `MetaStore transfer: ${table}.${column.name} holds ${JSON.stringify(value)} (${column.family})`,
    );
  switch (column.family) {
    case 'bool':
      if (value === true || value === 1) return 1;
      if (value === false || value === 0) return 0;
      throw bad();
    case 'int': {
      const n = Number(value);
      if (!Number.isSafeInteger(n)) throw bad();
      return n;
    }
    case 'float': {
      const n = Number(value);
      if (!Number.isFinite(n)) throw bad();
      return n;
    }
    case 'text':
      if (typeof value !== 'string') throw bad();
      return value;
    case 'bytes':
      if (!(value instanceof Uint8Array)) throw bad();
      return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  }
}

/** A table's rows in canonical form, `batchRows` at a time, by id (or by every column when it has none). */
async function* tableBatches(
  db: Kysely<Database>,
  table: MetaTable,
  batchRows: number,
): AsyncGenerator<MetaTableBatch> {
  const columns = table.columns.map((col) => col.name);
  const key = columns.includes('id') ? ['id'] : columns;
  const order = sql.join(key.map((k) => sql.ref(k)));
  const list = sql.join(columns.map((k) => sql.ref(k)));
  for (let offset = 0; ; offset += batchRows) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT ${list} FROM ${sql.table(table.name)} ORDER BY ${order}
      LIMIT ${batchRows} OFFSET ${offset}`.execute(db);
    if (rows.length > 0) {
      yield {
        table: table.name,
        columns,
        rows: rows.map((r) => table.columns.map((col) => canonical(table.name, col, r[col.name]))),
      };
    }
    if (rows.length < batchRows) return;
  }
}

export async function* exportTables(
  db: Kysely<Database>,
  dialect: MetaDialect,
  batchRows: number = DEFAULT_BATCH_ROWS,
): AsyncGenerator<MetaTableBatch> {
  if (!Number.isInteger(batchRows) || batchRows < 1) throw new RangeError('batchRows must be ≥ 1');
  for (const table of await catalogue(db, dialect)) yield* tableBatches(db, table, batchRows);
}

async function insertRows(db: Kysely<Database>, table: MetaTable, batch: MetaTableBatch): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, batch.columns.length)));
  const columns = sql.join(batch.columns.map((k) => sql.ref(k)));
  // Bytes travel as base64 text (canonical); they are written back as bytes.
  const bytes = batch.columns.map((k) => table.columns.find((col) => col.name === k)?.family === 'bytes');
  const stored = (row: readonly MetaValue[]) =>
    row.map((v, i) => (bytes[i] && typeof v === 'string' ? Buffer.from(v, 'base64') : v));
  for (let i = 0; i < batch.rows.length; i += per) {
    const values = batch.rows.slice(i, i + per).map((row) => sql`(${sql.join(stored(row))})`);
    await sql`INSERT INTO ${sql.table(batch.table)} (${columns}) VALUES ${sql.join(values)}`.execute(db);
  }
}

/** Moves each auto-increment sequence to just past the table's largest id. */
async function resetSequences(
  db: Kysely<Database>,
  dialect: MetaDialect,
  tables: readonly MetaTable[],
): Promise<void> {
  for (const table of tables) {
    for (const col of table.columns.filter((x) => x.autoIncrement)) {
      if (dialect === 'postgres') {
        await sql`SELECT setval(pg_get_serial_sequence(${table.name}, ${col.name}),
          coalesce(max(${sql.ref(col.name)}), 0) + 1, false) FROM ${sql.table(table.name)}`.execute(db);
      } else {
        await sql`DELETE FROM sqlite_sequence WHERE name = ${table.name}`.execute(db);
        await sql`INSERT INTO sqlite_sequence (name, seq)
          SELECT ${table.name}, max(${sql.ref(col.name)}) FROM ${sql.table(table.name)}
          HAVING count(*) > 0`.execute(db);
      }
    }
  }
}

/**
 * Replaces every table's rows with the batches (in one transaction): empties the tables children first,
 * inserts parents first as the batches come, then resets the sequences. Batch columns must exist here.
 */
export async function importTables(
  root: Kysely<Database>,
  dialect: MetaDialect,
  batches: AsyncIterable<MetaTableBatch>,
): Promise<number> {
  return root.transaction().execute(async (db) => {
    const tables = await catalogue(db, dialect);
    const byName = new Map(tables.map((t) => [t.name, t]));
    for (const table of [...tables].reverse()) await sql`DELETE FROM ${sql.table(table.name)}`.execute(db);
    let written = 0;
    for await (const batch of batches) {
      const table = byName.get(batch.table);
      if (table === undefined) throw new Error(`this MetaStore has no table ${batch.table} to import into`);
      const known = new Set(table.columns.map((col) => col.name));
      const unknown = batch.columns.filter((col) => !known.has(col));
      if (unknown.length > 0) {
        throw new Error(`this MetaStore's ${batch.table} has no column ${unknown.join(', ')}`);
      }
      await insertRows(db, table, batch);
      written += batch.rows.length;
    }
    await resetSequences(db, dialect, tables);
    return written;
  });
}

/** The first 8 bytes of SHA-256 of a row's canonical JSON (columns by name), as an unsigned 64-bit number. */
function rowHash(columns: readonly string[], row: readonly MetaValue[]): bigint {
  const byName = columns.map((col, i) => [col, row[i] ?? null] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(byName)).digest().readBigUInt64BE(0);
}

/** Rows and Σ row hash mod 2⁶⁴ (order-independent) of every table. */
export async function checksums(db: Kysely<Database>, dialect: MetaDialect): Promise<TableChecksum[]> {
  const out: TableChecksum[] = [];
  for (const table of await catalogue(db, dialect)) {
    let rows = 0;
    let sum = 0n;
    for await (const batch of tableBatches(db, table, 5_000)) {
      for (const row of batch.rows) sum = BigInt.asUintN(64, sum + rowHash(batch.columns, row));
      rows += batch.rows.length;
    }
    out.push({ table: table.name, rows, checksum: sum.toString(16).padStart(16, '0') });
  }
  return out;
}

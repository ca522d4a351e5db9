// All-or-nothing writes on ClickHouse, which has no transactions.
//
// A write never touches a live table row by row. It builds the complete new content of every partition it
// changes in staging tables on the shard that owns the partition (`stage_w<id>_<table>`, created AS the live
// table, so same structure and partition key): the rows it keeps from the live partition plus the rows it
// adds. Everything that can fail on bad input — validation, id lookups, the staging inserts — happens
// before anything live changes; so does staging the derived tables' new content (derived.ts). Then:
//
// 1. commit point: the list of swaps (shard, live table, staging table, partition) is inserted into
//    `write_journal` on the primary shard in ONE insert (one block, so it is stored whole or not at all);
// 2. each swap is `ALTER TABLE live REPLACE PARTITION p FROM stage`, an atomic metadata operation per
//    partition that leaves the staging table intact, so running it twice gives the same result;
// 3. `write_done` records the write, and the staging tables are dropped.
//
// A write that fails before step 1 has changed nothing live; its staging tables are dropped at once (and,
// if that fails too, by the next recovery). A write cut short after step 1 (process killed, server lost)
// is rolled forward by `recover`, which runs at start-up (migrate) and before every write: it re-applies
// every swap of each journalled write without a `write_done` row, then drops every leftover staging
// table. So an import is either invisible or, once recovery has run, wholly visible; readers can see a mix
// only during the milliseconds between the swaps of step 2. Dimension rows (hosts, urls …) are written
// before the commit point; they are append-only and harmless when unused.
import { inParallel, int } from './client';
import { lit } from './escape';
import { STAGE_PREFIX, type ChContext, type ShardedTable } from './context';
import { stageDerived } from './derived';
import type { Shard } from './topology';

export interface Swap {
  shard: number;
  /** Unquoted name of the live shard-local table. */
  target: string;
  /** Unquoted name of the staging table. */
  stage: string;
  /** Partition expression, SQL built with lit(). */
  partition: string;
}

/** A write being staged: its id, the staging tables it created, and the swaps that will publish it. */
export class StagedWrite {
  readonly id: number;
  readonly swaps: Swap[] = [];
  private readonly created = new Map<string, Shard>();

  constructor(private readonly ctx: ChContext) {
    this.id = ctx.nextWriteId();
  }

  private name(suffix: string): string {
    return `${STAGE_PREFIX}w${this.id}_${suffix}`;
  }

  /** Quoted name of this write's work table with `suffix` (created by work/workAs). */
  tableName(suffix: string): string {
    return this.ctx.table(this.name(suffix));
  }

  /** The staging copy of a sharded table on a shard (created on first use); returns its quoted name. */
  async stage(shard: Shard, table: ShardedTable): Promise<string> {
    const name = this.name(table);
    const key = `${shard.num}/${name}`;
    if (!this.created.has(key)) {
      this.created.set(key, shard);
      await shard.server.command(`CREATE TABLE ${this.ctx.table(name)} AS ${this.ctx.local(table)}`);
    }
    return this.ctx.table(name);
  }

  /**
   * The staging copy of an unsharded MergeTree table on one server (created on first use, like `stage`);
   * published with replaceTable. Returns its quoted name.
   */
  async stageTable(shard: Shard, table: string): Promise<string> {
    const name = this.name(table);
    const key = `${shard.num}/${name}`;
    if (!this.created.has(key)) {
      this.created.set(key, shard);
      await shard.server.command(`CREATE TABLE ${this.ctx.table(name)} AS ${this.ctx.table(table)}`);
    }
    return this.ctx.table(name);
  }

  /** Publishes partition `partition` of the unsharded `table` on `shard` from its stageTable copy. */
  replaceTable(shard: Shard, table: string, partition: string): void {
    this.swaps.push({ shard: shard.num, target: table, stage: this.name(table), partition });
  }

  /** A work table (Memory engine) on a shard for inputs and intermediate rows; returns its quoted name. */
  async work(shard: Shard, suffix: string, columns: string): Promise<string> {
    const name = this.name(suffix);
    this.created.set(`${shard.num}/${name}`, shard);
    await shard.server.command(`CREATE TABLE ${this.ctx.table(name)} (${columns}) ENGINE = Memory`);
    return this.ctx.table(name);
  }

  /** A work table filled by a SELECT (Memory engine); returns its quoted name. */
  async workAs(shard: Shard, suffix: string, select: string): Promise<string> {
    const name = this.name(suffix);
    this.created.set(`${shard.num}/${name}`, shard);
    await shard.server.command(`DROP TABLE IF EXISTS ${this.ctx.table(name)}`);
    await shard.server.command(`CREATE TABLE ${this.ctx.table(name)} ENGINE = Memory AS ${select}`);
    return this.ctx.table(name);
  }

  /** Publishes partition `partition` of `table` on `shard` from the staging table at commit. */
  replace(shard: Shard, table: ShardedTable, partition: string): void {
    const target = this.ctx.clustered ? `${table}_local` : table;
    this.swaps.push({ shard: shard.num, target, stage: this.name(table), partition });
  }

  /** Drops every table this write created (best effort on failure paths; errors are rethrown). */
  async dropTables(): Promise<void> {
    await inParallel(
      [...this.created].map(([key, shard]) =>
        shard.server.command(`DROP TABLE IF EXISTS ${this.ctx.table(key.slice(key.indexOf('/') + 1))}`),
      ),
    );
    this.created.clear();
  }
}

function shardByNum(ctx: ChContext, num: number): Shard {
  const shard = ctx.topology.shards.find((s) => s.num === num);
  if (shard === undefined)
    throw new Error(`journalled swap names shard ${num}, which the cluster does not have`);
  return shard;
}

/** Step 1: the commit point — records every swap of the write in one insert. */
export async function journalWrite(ctx: ChContext, write: StagedWrite): Promise<void> {
  await ctx.primary.insert(
    ctx.table('write_journal'),
    write.swaps.map((s, step) => ({ write_id: write.id, step, ...s })),
  );
}

/** Step 2, one swap: replaces the live partition with the staged one (idempotent). */
export async function applySwap(ctx: ChContext, swap: Swap): Promise<void> {
  await shardByNum(ctx, swap.shard).server.command(
    `ALTER TABLE ${ctx.table(swap.target)} REPLACE PARTITION ${swap.partition} FROM ${ctx.table(swap.stage)}`,
  );
}

/** Step 3: marks the write done. */
export async function finishWrite(ctx: ChContext, writeId: number): Promise<void> {
  await ctx.primary.command(`INSERT INTO ${ctx.table('write_done')} VALUES (${lit(writeId)})`);
}

/**
 * Publishes a staged write (steps 1–3) with the derived partitions its swaps call for (derived.ts), and drops
 * its staging tables; a write without swaps just cleans up.
 */
export async function commitWrite(ctx: ChContext, write: StagedWrite): Promise<void> {
  if (write.swaps.length > 0) {
    try {
      await stageDerived(ctx, write);
    } catch (error) {
      await write.dropTables().catch(() => undefined);
      throw error;
    }
    await journalWrite(ctx, write);
    for (const swap of write.swaps) await applySwap(ctx, swap);
    await finishWrite(ctx, write.id);
  }
  // The write is published: a staging table that cannot be dropped now is dropped by the next recovery.
  await write.dropTables().catch(() => undefined);
}

/**
 * Runs `build` to stage a write, then commits it; if staging fails, drops what it created and rethrows.
 * Callers hold the write lock.
 */
export async function stagedWrite<T>(ctx: ChContext, build: (write: StagedWrite) => Promise<T>): Promise<T> {
  const write = new StagedWrite(ctx);
  let out: T;
  try {
    out = await build(write);
  } catch (error) {
    await write.dropTables().catch(() => undefined);
    throw error;
  }
  await commitWrite(ctx, write);
  return out;
}

/** Rolls forward every journalled write that has no `write_done` row, then drops leftover work tables. */
export async function recover(ctx: ChContext): Promise<number> {
  const rows = await ctx.primary.rows(
    `SELECT write_id, step, shard, target, stage, partition FROM ${ctx.table('write_journal')}
     WHERE write_id NOT IN (SELECT write_id FROM ${ctx.table('write_done')})
     ORDER BY write_id, step`,
  );
  const pending = new Map<number, Swap[]>();
  for (const r of rows) {
    const id = int(r.write_id);
    const swap = {
      shard: int(r.shard),
      target: String(r.target),
      stage: String(r.stage),
      partition: String(r.partition),
    };
    pending.set(id, [...(pending.get(id) ?? []), swap]);
  }
  for (const [id, swaps] of pending) {
    for (const swap of swaps) await applySwap(ctx, swap);
    await finishWrite(ctx, id);
  }
  await inParallel(
    ctx.topology.shards.map(async (shard) => {
      const leftovers = await shard.server.rows(
        `SELECT name FROM system.tables WHERE database = ${lit(ctx.database)} AND startsWith(name, ${lit(STAGE_PREFIX)})`,
      );
      for (const t of leftovers)
        await shard.server.command(`DROP TABLE IF EXISTS ${ctx.table(String(t.name))}`);
    }),
  );
  return pending.size;
}

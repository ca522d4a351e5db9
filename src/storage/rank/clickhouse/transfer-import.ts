// Segment imports of the ClickHouse RankStore's transfers (transfer.ts): each stages the segment's complete
// new content in work tables created AS the live tables (RowBinary inserts, row-binary.ts), then publishes
// it through the write journal of atomic.ts: partition swaps recorded in one insert, applied with REPLACE
// PARTITION, rolled forward by recovery if the process dies in between. Dimension tables (unpartitioned,
// complete on every shard) are staged and swapped on every shard; sharded tables on the shards that own the
// rows' markets, one partition per market (serp_results: per market and date); Search Console rows on the
// primary shard, one partition per property, with their key hash `k` computed as the import computes it.
import { Readable } from 'node:stream';
import {
  batchColumn,
  checkBatch,
  RANK_TABLES,
  type RankBatch,
  type RankColumn,
  type RankSegment,
} from '../../transfer';
import { commitWrite, recover, StagedWrite } from './atomic';
import { inParallel, int, type ChServer } from './client';
import { STAGE_PREFIX, type ChContext, type DimensionTable, type ShardedTable } from './context';
import { ident, lit } from './escape';
import { encodeRowBinary } from './row-binary';
import type { Shard } from './topology';
import { placementOf } from './transfer';

/**
 * The key hash of a Search Console row, exactly as import-commit.ts computes it when an import stores rows
 * (an import after a migration must find the migrated rows by key to replace them).
 */
const GSC_KEY_SQL = `cityHash64(source, dimensions, ${[
  'date',
  'query',
  'page',
  'country',
  'device',
  'search_appearance',
]
  .map((c) => `isNull(${c}), ifNull(toString(${c}), '')`)
  .join(', ')})`;

/** Work tables of one segment import and the swaps that publish them (through atomic.ts's journal). */
class Stages {
  private readonly write: StagedWrite;
  private readonly made = new Map<string, { server: ChServer; name: string }>();
  private readonly types = new Map<string, string[]>();

  constructor(private readonly ctx: ChContext) {
    this.write = new StagedWrite(ctx);
  }

  /** The work copy of live table `live` (unquoted) on a shard, created on first use; its unquoted name. */
  async on(shard: Shard, live: string): Promise<string> {
    const name = `${STAGE_PREFIX}t${this.write.id}_${live}`;
    const key = `${shard.num}/${name}`;
    if (!this.made.has(key)) {
      this.made.set(key, { server: shard.server, name });
      await shard.server.command(`CREATE TABLE ${this.ctx.table(name)} AS ${this.ctx.table(live)}`);
    }
    return name;
  }

  /** ClickHouse types of `columns` of live table `live`. */
  async columnTypes(live: string, columns: readonly string[]): Promise<string[]> {
    let all = this.types.get(live);
    if (all === undefined) {
      const rows = await this.ctx.primary.rows(
        `SELECT name, type FROM system.columns WHERE database = ${lit(this.ctx.database)} AND table = ${lit(live)}`,
      );
      const byName = new Map(rows.map((r) => [String(r.name), String(r.type)]));
      all = columns.map((c) => {
        const type = byName.get(c);
        if (type === undefined) throw new Error(`ClickHouse table ${live} has no column ${c}`);
        return type;
      });
      this.types.set(live, all);
    }
    return all;
  }

  /** A Memory work table on a shard with the given columns and types; its unquoted name. */
  async work(shard: Shard, suffix: string, columns: readonly string[], types: readonly string[]) {
    const name = `${STAGE_PREFIX}t${this.write.id}_${suffix}`;
    this.made.set(`${shard.num}/${name}`, { server: shard.server, name });
    const list = columns.map((c, j) => `${ident(c)} ${types[j]!}`).join(', ');
    await shard.server.command(`CREATE TABLE ${this.ctx.table(name)} (${list}) ENGINE = Memory`);
    return name;
  }

  /** Inserts a RowBinary body of `columns` into the work copy of `live` (or into work table `table`). */
  async insert(shard: Shard, live: string, columns: readonly string[], body: Buffer, table?: string) {
    const into = table ?? (await this.on(shard, live));
    const target = `${this.ctx.table(into)} (${columns.map(ident).join(', ')})`;
    await shard.server.insertFormatted(target, 'RowBinary', Readable.from([body]));
  }

  /** Publishes `partition` of `live` on the shard from its work copy at commit (creating an empty one). */
  async replace(shard: Shard, live: string, partition: string): Promise<void> {
    const stage = await this.on(shard, live);
    this.write.swaps.push({ shard: shard.num, target: live, stage, partition });
  }

  async commit(): Promise<void> {
    await commitWrite(this.ctx, this.write);
    await this.drop().catch(() => undefined);
  }

  async drop(): Promise<void> {
    const made = [...this.made.values()];
    this.made.clear();
    await inParallel(made.map((m) => m.server.command(`DROP TABLE IF EXISTS ${this.ctx.table(m.name)}`)));
  }
}

async function stageDimension(
  ctx: ChContext,
  stages: Stages,
  segment: RankSegment,
  live: DimensionTable,
  batches: AsyncIterable<RankBatch>,
): Promise<number> {
  const specs = RANK_TABLES[segment.table].filter((c) => !(live === 'urls' && c.name === 'title'));
  const names = specs.map((c) => c.name);
  const types = await stages.columnTypes(live, names);
  const titleColumns = ['url_id', 'title', 'v'];
  const titleTypes = live === 'urls' ? await stages.columnTypes('url_titles', titleColumns) : [];
  const shards = ctx.topology.shards;
  let written = 0;
  for await (const batch of batches) {
    checkBatch(segment, batch);
    const columns = specs.map((c) => batchColumn(batch, c.name, c.kind) as RankColumn);
    const body = encodeRowBinary(types, columns, batch.rows);
    await inParallel(shards.map((s) => stages.insert(s, live, names, body)));
    if (live === 'urls') {
      // Titles are versioned rows (readers take the highest v); a copy needs one version per titled url.
      const ids = batchColumn(batch, 'id', 'u32');
      const titles = batchColumn(batch, 'title', 'str?');
      const titled = [...titles.keys()].filter((i) => titles[i] !== null);
      const v = Float64Array.from(titled, (_, k) => written + k + 1);
      const body2 = encodeRowBinary(
        titleTypes,
        [Uint32Array.from(titled, (i) => ids[i]!), titled.map((i) => titles[i]!), v],
        titled.length,
      );
      await inParallel(shards.map((s) => stages.insert(s, 'url_titles', titleColumns, body2)));
    }
    written += batch.rows;
  }
  for (const shard of shards) {
    await stages.replace(shard, live, 'tuple()');
    if (live === 'urls') await stages.replace(shard, 'url_titles', 'tuple()');
  }
  return written;
}

async function stageSharded(
  ctx: ChContext,
  stages: Stages,
  segment: RankSegment,
  table: ShardedTable,
  batches: AsyncIterable<RankBatch>,
): Promise<number> {
  const live = ctx.clustered ? `${table}_local` : table;
  const specs = RANK_TABLES[segment.table];
  const names = specs.map((c) => c.name);
  const types = await stages.columnTypes(live, names);
  const staged = new Map<number, Set<number>>();
  let written = 0;
  for await (const batch of batches) {
    checkBatch(segment, batch);
    const columns = specs.map((c) => batchColumn(batch, c.name, c.kind) as RankColumn);
    const market = batchColumn(batch, 'market_id', 'u16');
    // Rows go to the shard that owns their market; rows come in runs of one market, so look at the runs.
    const shards = new Map<number, Shard>();
    for (let i = 0, last = -1; i < batch.rows; i++) {
      if (market[i] === last) continue;
      last = market[i]!;
      const shard = ctx.shardOf(last);
      shards.set(shard.num, shard);
      staged.set(shard.num, (staged.get(shard.num) ?? new Set()).add(last));
    }
    if (shards.size === 1) {
      const [shard] = shards.values();
      await stages.insert(shard!, live, names, encodeRowBinary(types, columns, batch.rows));
    } else {
      const rows = new Map<number, number[]>([...shards.keys()].map((num) => [num, []]));
      for (let i = 0; i < batch.rows; i++) rows.get(ctx.shardOf(market[i]!).num)!.push(i);
      for (const [num, selection] of rows) {
        await stages.insert(shards.get(num)!, live, names, encodeRowBinary(types, columns, 0, selection));
      }
    }
    written += batch.rows;
  }
  if (segment.marketId !== null) {
    const shard = ctx.shardOf(segment.marketId);
    await stages.replace(shard, live, `(${lit(segment.marketId)}, ${lit(segment.date ?? '')})`);
    return written;
  }
  // The whole table: every market partition staged, and every live one (which the swap empties).
  for (const shard of ctx.topology.shards) {
    const held = await shard.server.rows(`SELECT DISTINCT market_id FROM ${ctx.table(live)}`);
    const markets = new Set([...(staged.get(shard.num) ?? []), ...held.map((r) => int(r.market_id))]);
    for (const m of [...markets].sort((a, b) => a - b)) await stages.replace(shard, live, lit(m));
  }
  return written;
}

/** Search Console rows: staged through a work table on the primary, where their key hash is added. */
async function stagePrimary(
  ctx: ChContext,
  stages: Stages,
  segment: RankSegment,
  live: 'gsc_rows',
  batches: AsyncIterable<RankBatch>,
): Promise<number> {
  const specs = RANK_TABLES[segment.table];
  const names = specs.map((c) => c.name);
  const types = await stages.columnTypes(live, names);
  const primary = ctx.topology.primary;
  const work = await stages.work(primary, `${live}_in`, names, types);
  let written = 0;
  for await (const batch of batches) {
    checkBatch(segment, batch);
    const columns = specs.map((c) => batchColumn(batch, c.name, c.kind) as RankColumn);
    await stages.insert(primary, live, names, encodeRowBinary(types, columns, batch.rows), work);
    written += batch.rows;
  }
  const stage = await stages.on(primary, live);
  const list = names.map(ident).join(', ');
  await primary.server.command(
    `INSERT INTO ${ctx.table(stage)} (${list}, k) SELECT ${list}, ${GSC_KEY_SQL} FROM ${ctx.table(work)}`,
  );
  const held = await primary.server.rows(
    `SELECT DISTINCT property FROM ${ctx.table(work)} UNION ALL SELECT DISTINCT property FROM ${ctx.table(live)}`,
  );
  for (const property of [...new Set(held.map((r) => String(r.property)))].sort()) {
    await stages.replace(primary, live, lit(property));
  }
  return written;
}

export async function importBatches(
  ctx: ChContext,
  segment: RankSegment,
  batches: AsyncIterable<RankBatch>,
): Promise<number> {
  const placement = placementOf(segment.table);
  return ctx.exclusive(async () => {
    await recover(ctx);
    const stages = new Stages(ctx);
    let written: number;
    try {
      if (placement.kind === 'dimension') {
        written = await stageDimension(ctx, stages, segment, placement.live, batches);
      } else if (placement.kind === 'primary') {
        written = await stagePrimary(ctx, stages, segment, placement.live, batches);
      } else {
        written = await stageSharded(ctx, stages, segment, placement.live, batches);
      }
    } catch (error) {
      await stages.drop().catch(() => undefined);
      throw error;
    }
    // Past the commit point a failure leaves the work tables for recovery to roll the swaps forward.
    await stages.commit();
    if (segment.table === 'markets') ctx.marketIds.clear();
    return written;
  });
}

// What every ClickHouse RankStore operation needs: the topology, table names in the workspace database,
// the process-wide write lock, the market-id cache, and the per-shard limit on campaign-visibility reads.
//
// Writers: one process writes a workspace at a time (the Sightline server, or the CLI while the server is
// stopped). Inside that process every write runs under a lock keyed by primary server and database, so id
// assignment (next id = max(id) + 1 — ClickHouse has no sequences) and partition staging never interleave.
// Two processes writing one workspace at once are not supported.
import type { ChServer } from './client';
import { ident } from './escape';
import { Gate } from './gate';
import type { Shard, Topology } from './topology';

/**
 * Tables spread by market over the shards: `<name>_local` on each shard plus a Distributed `<name>`.
 * serp_keyword_dates, cv_roll, rt_hits and ms_roll are derived from the others by every write (derived.ts):
 * the snapshots with a result, the campaign rollup, the rank-tracking copy and the market rollup;
 * campaign_domains holds the tracked domains campaigns declare.
 */
export const SHARDED_TABLES = [
  'keywords',
  'serp_results',
  'serp_snapshots',
  'campaign_keywords',
  'empty_snapshots',
  'serp_keyword_dates',
  'cv_roll',
  'campaign_domains',
  'rt_hits',
  'ms_roll',
] as const;
export type ShardedTable = (typeof SHARDED_TABLES)[number];

/** Dimension tables: a full copy on every shard (master copy on the primary), so joins stay shard-local. */
export const DIMENSION_TABLES = ['markets', 'domains', 'hosts', 'urls', 'url_titles'] as const;
export type DimensionTable = (typeof DIMENSION_TABLES)[number];

/** Prefix of every work table (staging, demo inputs); leftovers are dropped by recovery. */
export const STAGE_PREFIX = 'stage_';

/**
 * Campaign-visibility reads one shard runs at once by default; more wait in the adapter. Each read runs its
 * statements with max_threads = the server's cores, so a few at a time already keep a shard busy, and the
 * limit stays below the client's 10 connections per server so other statements always find one.
 */
export const DEFAULT_CV_READS_PER_SHARD = 4;

/** Per workspace (primary server and database): its write lock's tail, writes started and running. */
interface WriteState {
  tail: Promise<unknown>;
  started: number;
  running: number;
}
const workspaces = new Map<string, WriteState>();

export class ChContext {
  /** Cache of market code → id; ids never change once issued. */
  readonly marketIds = new Map<string, number>();
  private lastWriteId = 0;
  /** Per shard_num. */
  private readonly cvGates: Map<number, Gate>;

  constructor(
    readonly topology: Topology,
    readonly database: string,
    /** Campaign-visibility reads each shard runs at once (cvGate). */
    readonly cvReadsPerShard = DEFAULT_CV_READS_PER_SHARD,
  ) {
    ident(database);
    this.cvGates = new Map(topology.shards.map((s) => [s.num, new Gate(cvReadsPerShard)]));
  }

  get primary(): ChServer {
    return this.topology.primary.server;
  }

  get entry(): ChServer {
    return this.topology.entry;
  }

  get clustered(): boolean {
    return this.topology.cluster !== null;
  }

  /** A table of the workspace database, qualified and quoted. */
  table(name: string): string {
    return `${ident(this.database)}.${ident(name)}`;
  }

  /** The shard-local part of a sharded table (the table itself without a cluster). */
  local(name: ShardedTable): string {
    return this.table(this.clustered ? `${name}_local` : name);
  }

  /** A sharded table over all shards (the Distributed table; the table itself without a cluster). */
  all(name: ShardedTable): string {
    return this.table(name);
  }

  shardOf(marketId: number): Shard {
    return this.topology.shardOf(marketId);
  }

  /** The queue of campaign-visibility reads on a shard (one per shard, shared by every read of the context). */
  cvGate(shard: Shard): Gate {
    const gate = this.cvGates.get(shard.num);
    if (gate === undefined) throw new Error(`shard ${shard.num} is not a shard of this topology`);
    return gate;
  }

  /** A new write id: milliseconds since the epoch, strictly increasing within the process. */
  nextWriteId(): number {
    this.lastWriteId = Math.max(this.lastWriteId + 1, Date.now());
    return this.lastWriteId;
  }

  /** The workspace's write state, shared by every context of it in this process. */
  private get writeState(): WriteState {
    const key = `${this.topology.primary.server.url}/${this.database}`;
    let state = workspaces.get(key);
    if (state === undefined)
      workspaces.set(key, (state = { tail: Promise.resolve(), started: 0, running: 0 }));
    return state;
  }

  /** Runs `fn` while holding the workspace's write lock (calls queue in order). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const state = this.writeState;
    const run = state.tail.then(async () => {
      state.started += 1;
      state.running += 1;
      try {
        return await fn();
      } finally {
        state.running -= 1;
      }
    });
    state.tail = run.catch(() => undefined);
    return run;
  }

  /** Writes of the workspace started in this process so far. */
  writesStarted(): number {
    return this.writeState.started;
  }

  /** Waits until no write of the workspace runs in this process; then the writes started so far. */
  async quiet(): Promise<number> {
    const state = this.writeState;
    while (state.running > 0) await state.tail;
    return state.started;
  }
}

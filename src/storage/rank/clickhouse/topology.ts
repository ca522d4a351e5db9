// Where the ClickHouse RankStore's data lives. One server, or a cluster of shards (one replica each) named in
// the servers' <remote_servers>. Sharded tables are spread BY MARKET with the Distributed engine's rule:
// market id m goes to slot m mod Σweights, slots being the shards in shard_num order, each repeated by its
// weight — so the adapter knows the owning shard of a market and can send a single-market query straight
// to that shard's local table instead of asking every shard through the Distributed table.
//
// ON CLUSTER DDL needs ZooKeeper, which a plain two-process cluster does not have (18.16 answers "DDL
// background thread is not initialized"), so the adapter connects to every shard over HTTP and runs DDL
// and shard-local writes there itself. Shard URLs are given, or derived: every server is assumed to keep
// the same distance between its HTTP and native ports as the entry server (8123/9000 on every host in a
// default install); each URL must then identify itself as the expected shard (system.clusters.is_local).
import { ChServer, int, type ServerAuth, type ServerSettings } from './client';
import { lit } from './escape';

export interface Shard {
  /** shard_num of system.clusters (1-based); 1 without a cluster. */
  num: number;
  weight: number;
  server: ChServer;
}

export interface TopologyOptions {
  url: string;
  cluster: string | null;
  shardUrls?: readonly string[];
  username?: string;
  password?: string;
  settings?: ServerSettings;
}

export class Topology {
  /** The shard with the lowest shard_num: it holds the master copy of the dimension tables and the journal. */
  readonly primary: Shard;
  private readonly slots: Shard[];

  constructor(
    /** Server that answers queries over all markets (through Distributed tables with a cluster). */
    readonly entry: ChServer,
    /** Every shard, by shard_num. */
    readonly shards: readonly Shard[],
    readonly cluster: string | null,
  ) {
    this.primary = shards[0]!;
    this.slots = shards.flatMap((s) => Array.from({ length: s.weight }, () => s));
  }

  /** The shard that holds every row of a market (Distributed sharding key = market_id). */
  shardOf(marketId: number): Shard {
    return this.slots[marketId % this.slots.length]!;
  }

  async close(): Promise<void> {
    const servers = new Set([this.entry, ...this.shards.map((s) => s.server)]);
    await Promise.all([...servers].map((s) => s.close()));
  }
}

/** URL without credentials, and the credentials (URL userinfo, else options, else ClickHouse's default user). */
function splitCredentials(url: string, options: TopologyOptions): { url: string; auth: ServerAuth } {
  const u = new URL(url);
  const auth = {
    username: decodeURIComponent(u.username) || options.username || 'default',
    password: decodeURIComponent(u.password) || options.password || '',
  };
  u.username = '';
  u.password = '';
  return { url: u.toString().replace(/\/$/u, ''), auth };
}

interface ClusterRow {
  num: number;
  weight: number;
  replica: number;
  host: string;
  port: number;
  local: boolean;
}

async function clusterRows(server: ChServer, cluster: string): Promise<ClusterRow[]> {
  const rows = await server.rows(
    `SELECT shard_num, shard_weight, replica_num, host_name, port, is_local
     FROM system.clusters WHERE cluster = ${lit(cluster)} ORDER BY shard_num, replica_num`,
  );
  return rows.map((r) => ({
    num: int(r.shard_num),
    weight: int(r.shard_weight),
    replica: int(r.replica_num),
    host: String(r.host_name),
    port: int(r.port),
    local: int(r.is_local) === 1,
  }));
}

function derivedUrls(entryUrl: string, rows: readonly ClusterRow[]): string[] {
  const own = rows.find((r) => r.local);
  if (own === undefined) {
    throw new Error(
      `${entryUrl} is not a server of its cluster; give the HTTP URL of every shard (shardUrls)`,
    );
  }
  const entry = new URL(entryUrl);
  const entryPort = Number(entry.port || (entry.protocol === 'https:' ? 443 : 80));
  return rows.map((r) => {
    const u = new URL(entryUrl);
    u.hostname = r.host;
    u.port = String(r.port - own.port + entryPort);
    return u.toString().replace(/\/$/u, '');
  });
}

/** Connects to the entry server and, with a cluster, to every shard; checks the cluster's shape. */
export async function openTopology(options: TopologyOptions): Promise<Topology> {
  const entryParts = splitCredentials(options.url, options);
  const entry = new ChServer(entryParts.url, entryParts.auth, options.settings);
  if (options.cluster === null) return new Topology(entry, [{ num: 1, weight: 1, server: entry }], null);
  const opened: ChServer[] = [entry];
  try {
    const rows = await clusterRows(entry, options.cluster);
    if (rows.length === 0) throw new Error(`cluster ${options.cluster} is not defined on ${entryParts.url}`);
    const replicated = rows.find((r) => r.replica > 1);
    if (replicated !== undefined) {
      throw new Error(
        `shard ${replicated.num} of ${options.cluster} has replicas; the adapter supports one server per shard`,
      );
    }
    const candidates = options.shardUrls ?? derivedUrls(entryParts.url, rows);
    const byNum = new Map<number, ChServer>();
    for (const candidate of candidates) {
      const parts = splitCredentials(candidate, options);
      const server =
        parts.url === entryParts.url ? entry : new ChServer(parts.url, parts.auth, options.settings);
      if (server !== entry) opened.push(server);
      const own = (await clusterRows(server, options.cluster)).filter((r) => r.local);
      if (own.length !== 1) {
        throw new Error(
          `${parts.url} is not exactly one shard of cluster ${options.cluster} (is_local rows: ${own.length})`,
        );
      }
      byNum.set(own[0]!.num, server);
    }
    const shards = rows.map((r): Shard => {
      const server = byNum.get(r.num);
      if (server === undefined) {
        throw new Error(`no HTTP URL for shard ${r.num} (${r.host}:${r.port}) of cluster ${options.cluster}`);
      }
      return { num: r.num, weight: r.weight, server };
    });
    return new Topology(entry, shards, options.cluster);
  } catch (error) {
    await Promise.all(opened.map((s) => s.close()));
    throw error;
  }
}

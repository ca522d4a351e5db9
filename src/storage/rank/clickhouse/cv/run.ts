// One campaign-visibility query on ClickHouse: checks the scope, finds the shard that owns the market, and
// sends its statements there, each reading the shard's _local tables and its dimension copies, so the other
// shards do no work. The steps a read builds on (the keyword set cv_kw, then cv_snaps, cv_use, cv_hits, …)
// are named subqueries (Run.view), not tables: a statement that names one is sent with the name replaced by
// its definition, so a read is a few larger statements and one round trip each (issue 28 item 8: the
// temporary tables of an HTTP session cost a create and a drop per step, 80 % of a read's time on the
// cluster). A step that several statements read is evaluated by each of them.
//
// Load: a query waits for a slot of its shard's gate (ChContext.cvGate) and holds it to the end, so its
// statements follow one another instead of queueing behind other queries'. A failure reaches the caller as a
// ChReadError naming the shard and ClickHouse's own message.
import type { CvTarget } from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import { checkScope, typeCodes, type ReadScope } from '../../plan/scope';
import type { ChServer, Row } from '../client';
import type { ChContext, DimensionTable, ShardedTable } from '../context';
import type { Shard } from '../topology';
import { marketId } from '../dims';
import { lit } from '../escape';
import { stringSet } from './sql';

/** Longest part of ClickHouse's message kept in a ChReadError (characters). */
const MESSAGE_CHARS = 300;

/**
 * A campaign-visibility read that ClickHouse could not answer (server error, lost connection, timeout): the
 * request is answered 503 with this message; the original error is the cause.
 */
export class ChReadError extends Error {
  readonly statusCode = 503;

  constructor(shard: number, cause: unknown) {
    const text = cause instanceof Error ? cause.message : String(cause);
    const first = text.split('\n', 1)[0]!.trim();
    super(
      `ClickHouse shard ${shard} could not answer this campaign-visibility read, try again shortly: ` +
        (first.length > MESSAGE_CHARS ? `${first.slice(0, MESSAGE_CHARS)}…` : first),
      { cause },
    );
    this.name = 'ChReadError';
  }
}

/** The statements of a run: sent to the owning shard with the run's named subqueries expanded. */
export interface RunStatements {
  rows(sql: string): Promise<Row[]>;
  one(sql: string): Promise<Row>;
}

export interface Run {
  s: RunStatements;
  /** A campaign's keyword set, or with campaignId null (matching no campaign row) a market's. */
  scope: ReadScope;
  marketId: number;
  /** Result-type codes that count (brand with organic), or null for every type. */
  typeCodes: number[] | null;
  /** The owning shard's part of a sharded table (the table itself on a single server). */
  local(name: ShardedTable): string;
  /** A dimension table (complete on every shard). */
  dim(name: DimensionTable): string;
  /**
   * (Re)defines the named subquery `name` (a `cv_…` identifier) as a SELECT, or with `columns` (`name Type,
   * …`) and no rows when `select` is null. Names of other views in `select` are expanded now, so a later
   * redefinition of them does not change this one (as a table staged from them would not change).
   */
  view(name: string, select: string | null, columns?: string): void;
}

/** The staged targets: how many, the domain ids a matching result must carry, and the match per target. */
export interface TargetSet {
  count: number;
  domainIds: number[];
  /** Hosts named by host+path filters (their urls' paths are needed). */
  pathHostIds: number[];
  /** Per target index, a condition over columns domain_id, host_id and path ('0' when it matches nothing). */
  conditions: string[];
}

/**
 * Stages cv_kw(keyword_id, sv, text) and cv_sv(keyword_id, sv): the campaign's keywords in its market that
 * pass the tag, group and text filters. Tags are AND (hasAll) when `tagsMatch` is 'all' and more than one
 * distinct tag is given.
 */
function stageKeywords(run: Run): void {
  const { scope, marketId: m } = run;
  const where: string[] = [];
  const tags = [...new Set(scope.tags)];
  if (tags.length > 0) {
    const all = scope.tagsMatch === 'all' && tags.length > 1;
    where.push(`${all ? 'hasAll' : 'hasAny'}(tags, ${lit(tags)})`);
  }
  const groups = [...new Set(scope.groups)];
  if (groups.length > 0) where.push(`hasAny(groups, ${lit(groups)})`);
  const texts = [...new Set(scope.keywords)];
  // A market's set (campaign id NULL) is every keyword of the market; tags and groups (a campaign's) match
  // none.
  const member = `AND id IN (
       SELECT keyword_id FROM ${run.local('campaign_keywords')}
       WHERE campaign_id = ${lit(scope.campaignId)} AND market_id = ${lit(m)}${where.map((w) => ` AND ${w}`).join('')})`;
  const set = `FROM ${run.local('keywords')}
     WHERE market_id = ${lit(m)} ${scope.campaignId === null && where.length === 0 ? '' : member}
     ${texts.length > 0 ? `AND text IN ${stringSet(texts)}` : ''}`;
  run.view('cv_kw', `SELECT id AS keyword_id, sv, text ${set}`);
  // Without the texts, for a join that needs the volumes only: 18.16 reads what a joined SELECT names.
  run.view('cv_sv', `SELECT id AS keyword_id, sv ${set}`);
}

/**
 * Runs `fn` on the shard that owns `market` once that shard's gate admits it; `empty` is the answer when the
 * market holds no data at all. Whatever fails (but a RankInputError) rejects with a ChReadError.
 */
export async function onOwningShard<T>(
  ctx: ChContext,
  market: string,
  empty: () => T,
  fn: (shard: Shard, marketId: number) => Promise<T>,
): Promise<T> {
  let shard = ctx.topology.primary; // the market ids live there
  try {
    const mid = await marketId(ctx, market);
    if (mid === null) return empty();
    const owner = ctx.shardOf(mid);
    shard = owner;
    return await ctx.cvGate(owner).run(() => fn(owner, mid));
  } catch (error) {
    if (error instanceof RankInputError || error instanceof ChReadError) throw error;
    throw new ChReadError(shard.num, error);
  }
}

/**
 * Runs `fn` with the keyword set staged, on the owning shard (onOwningShard). The scope is checked before
 * anything is sent: a malformed scope throws at the call.
 */
export function withRun<T>(
  ctx: ChContext,
  scope: ReadScope,
  empty: () => T,
  fn: (run: Run) => Promise<T>,
): Promise<T> {
  checkScope(scope);
  return onOwningShard(ctx, scope.market, empty, (shard, mid) => staged(ctx, shard.server, scope, mid, fn));
}

/** A SELECT of no rows with the given columns (`name Type, …`, types without commas), for an empty view. */
function emptySelect(columns: string): string {
  const cols = columns.split(',').map((c) => {
    const [name, ...type] = c.trim().split(/\s+/);
    return `CAST(0 AS ${type.join(' ')}) AS ${name!}`;
  });
  return `SELECT ${cols.join(', ')} WHERE 0`;
}

/** Replaces each `cv_…` name of `views` in `sql` with its definition, as a parenthesised subquery. */
function expand(sql: string, views: ReadonlyMap<string, string>): string {
  return sql.replace(/\bcv_[a-z0-9_]+\b/g, (name) => {
    const select = views.get(name);
    return select === undefined ? name : `(${select})`;
  });
}

/** One admitted query: the keyword set, then `fn`, its statements sent to `server` with the views expanded. */
async function staged<T>(
  ctx: ChContext,
  server: ChServer,
  scope: ReadScope,
  mid: number,
  fn: (run: Run) => Promise<T>,
): Promise<T> {
  const views = new Map<string, string>();
  const run: Run = {
    s: {
      rows: (sql) => server.rows(expand(sql, views)),
      one: (sql) => server.one(expand(sql, views)),
    },
    scope,
    marketId: mid,
    typeCodes: typeCodes(scope.resultTypes),
    local: (name) => ctx.local(name),
    dim: (name) => ctx.table(name),
    view: (name, select, columns) => {
      views.set(name, expand(select ?? emptySelect(columns ?? ''), views));
    },
  };
  stageKeywords(run);
  return fn(run);
}

/** `AND <column> IN (…)` for the counted types, or nothing. */
export function typeFilter(run: Run, column = 'result_type'): string {
  return run.typeCodes === null ? '' : ` AND ${column} IN (${run.typeCodes.join(', ')})`;
}

/**
 * Resolves the targets' host-match filters against the shard's domain and host names: one condition per
 * target index (any of its filters), a filter naming an unknown domain or host matching nothing.
 */
export async function stageTargets(run: Run, targets: readonly CvTarget[]): Promise<TargetSet> {
  const { s } = run;
  const domains = new Set<string>();
  const hosts = new Set<string>();
  for (const t of targets) {
    for (const f of t.filters) {
      if (f.kind === 'domain') domains.add(f.domain);
      else hosts.add(f.host);
    }
  }
  const domainIds = new Map(
    (domains.size === 0
      ? []
      : await s.rows(
          `SELECT id, domain FROM ${run.dim('domains')} WHERE domain IN ${stringSet([...domains])}`,
        )
    ).map((r) => [String(r.domain), Number(r.id)]),
  );
  const hostIds = new Map(
    (hosts.size === 0
      ? []
      : await s.rows(
          `SELECT id, host, domain_id FROM ${run.dim('hosts')} WHERE host IN ${stringSet([...hosts])}`,
        )
    ).map((r) => [String(r.host), { id: Number(r.id), domainId: Number(r.domain_id) }]),
  );
  const prefilter = new Set<number>();
  const pathHosts = new Set<number>();
  const conditions = targets.map((t) => {
    const any: string[] = [];
    for (const f of t.filters) {
      if (f.kind === 'domain') {
        const id = domainIds.get(f.domain);
        if (id === undefined) continue;
        prefilter.add(id);
        any.push(`domain_id = ${lit(id)}`);
      } else {
        const h = hostIds.get(f.host);
        if (h === undefined) continue;
        prefilter.add(h.domainId);
        if (f.kind === 'host') any.push(`host_id = ${lit(h.id)}`);
        else {
          pathHosts.add(h.id);
          const p = f.path ?? '';
          any.push(`(host_id = ${lit(h.id)} AND (path = ${lit(p)} OR startsWith(path, ${lit(`${p}/`)})))`);
        }
      }
    }
    return any.length === 0 ? '0' : `(${any.join(' OR ')})`;
  });
  return {
    count: targets.length,
    domainIds: [...prefilter].sort((x, y) => x - y),
    pathHostIds: [...pathHosts].sort((x, y) => x - y),
    conditions,
  };
}

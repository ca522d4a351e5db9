// The derived tables of the ClickHouse RankStore, kept in step by every write inside the write itself: before
// a staged write (atomic.ts) is journalled, its swaps tell which partitions it replaces, and the new content of
// the derived partitions is staged from the write's staging tables (the live tables where the write changes
// nothing), so they are published by the same journal, swaps and recovery. Materialized views cannot do this:
// 18.16 does not fire them on partition replaces, which is how every write publishes.
//
// - serp_keyword_dates (market, date): the (keyword, date) snapshots with a result, rewritten with every
//   replaced serp_results partition; the date rule of the campaign-visibility reads searches it.
// - cv_roll (market, date): per campaign, Σ search volume (monthly searches, known volumes only) of its
//   keywords with a result at (host, result type, position), so a VS under any CTR curve is Σ ctr(p) × sv at
//   read time. Every campaign of a replaced serp_results date is rebuilt; when a write replaces a market's
//   keywords or campaign membership, the campaigns whose (keyword, volume) set changed are rebuilt on every
//   date of the market and the other campaigns' rows copied.
// - the declared derived tables (../derived-tables.ts; derived-copies.ts): the rank-tracking copy rt_hits
//   (market, date), with the same units, its campaigns also rebuilt when their declared domains change; the
//   market rollup ms_roll (market, date; market-share/rollup.ts), every date of the market rebuilt when a
//   stored keyword's volume changes.
import { inParallel, int } from './client';
import { lit } from './escape';
import type { ChContext, ShardedTable } from './context';
import type { StagedWrite, Swap } from './atomic';
import type { Shard } from './topology';
import { stageCopies } from './derived-copies';
import { stageMarketRoll } from './market-share/rollup';

/** What one write replaces in one market: quoted staging tables by serp_results date, keywords, membership. */
interface MarketChange {
  shard: Shard;
  results: Map<string, string>;
  keywords: string | null;
  campaigns: string | null;
  domains: string | null;
}

/** Partition expressions as atomic.ts callers write them: `(market, 'date')` and `market`. */
const DATE_PARTITION = /^\((\d+), '(\d{4}-\d{2}-\d{2})'\)$/u;
const MARKET_PARTITION = /^(\d+)$/u;

const ROLL_COLUMNS = 'market_id, campaign_id, date, host_id, domain_id, result_type, position, sv';

/** The sharded table a swap replaces a partition of, or null for other tables. */
function swappedTable(ctx: ChContext, swap: Swap): ShardedTable | null {
  const base = ctx.clustered ? swap.target.replace(/_local$/u, '') : swap.target;
  return base === 'serp_results' ||
    base === 'keywords' ||
    base === 'campaign_keywords' ||
    base === 'campaign_domains'
    ? base
    : null;
}

function changesOf(ctx: ChContext, write: StagedWrite): Map<number, MarketChange> {
  const out = new Map<number, MarketChange>();
  const slot = (mid: number): MarketChange => {
    const found = out.get(mid);
    if (found !== undefined) return found;
    const fresh = {
      shard: ctx.shardOf(mid),
      results: new Map(),
      keywords: null,
      campaigns: null,
      domains: null,
    };
    out.set(mid, fresh);
    return fresh;
  };
  for (const swap of write.swaps) {
    const table = swappedTable(ctx, swap);
    if (table === null) continue;
    const stage = ctx.table(swap.stage);
    if (table === 'serp_results') {
      const m = DATE_PARTITION.exec(swap.partition);
      if (m === null) throw new Error(`unexpected serp_results partition ${swap.partition}`);
      slot(Number(m[1])).results.set(m[2]!, stage);
      continue;
    }
    const m = MARKET_PARTITION.exec(swap.partition);
    if (m === null) throw new Error(`unexpected ${table} partition ${swap.partition}`);
    if (table === 'keywords') slot(Number(m[1])).keywords = stage;
    else if (table === 'campaign_domains') slot(Number(m[1])).domains = stage;
    else slot(Number(m[1])).campaigns = stage;
  }
  return out;
}

/** (campaign_id, keyword_id, sv) of the market's campaigns from the given membership and keyword tables. */
export function membersSql(
  mid: number,
  campaigns: string,
  keywords: string,
  only?: readonly number[],
): string {
  const m = lit(mid);
  const filter = only === undefined ? '' : ` AND campaign_id IN (${only.map(lit).join(', ')})`;
  return `(SELECT campaign_id, keyword_id, sv FROM
    (SELECT campaign_id, keyword_id FROM ${campaigns} WHERE market_id = ${m}${filter})
    ALL INNER JOIN (SELECT id AS keyword_id, sv FROM ${keywords} WHERE market_id = ${m}) USING keyword_id)`;
}

/** Per campaign: its keyword count and a hash of its (keyword, volume) set. */
async function signatures(shard: Shard, members: string): Promise<Map<number, string>> {
  const rows = await shard.server.rows(
    `SELECT campaign_id, count() AS n, groupBitXor(cityHash64(keyword_id, ifNull(toInt64(sv), -1))) AS sig
     FROM ${members} GROUP BY campaign_id`,
  );
  return new Map(rows.map((r) => [int(r.campaign_id), `${String(r.n)}/${String(r.sig)}`]));
}

/** Campaigns whose keywords or volumes the write changes in the market (sorted). */
async function staleCampaigns(ctx: ChContext, mid: number, change: MarketChange): Promise<number[]> {
  const liveCampaigns = ctx.local('campaign_keywords');
  const liveKeywords = ctx.local('keywords');
  const before = await signatures(change.shard, membersSql(mid, liveCampaigns, liveKeywords));
  const after = await signatures(
    change.shard,
    membersSql(mid, change.campaigns ?? liveCampaigns, change.keywords ?? liveKeywords),
  );
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].filter((c) => before.get(c) !== after.get(c)).sort((a, b) => a - b);
}

/**
 * Inserts the rollup rows of `members` over the results of `results` on one date (a statement per date keeps
 * each within the client's statement timeout: about 2 M rows for 20,000 keywords).
 */
export function rollupInsert(roll: string, mid: number, results: string, date: string, members: string) {
  return `INSERT INTO ${roll} (${ROLL_COLUMNS})
    SELECT toUInt16(${lit(mid)}), campaign_id, date, host_id, domain_id, result_type, position, sum(ifNull(sv, 0))
    FROM (SELECT keyword_id, date, host_id, domain_id, result_type, position FROM ${results}
          WHERE market_id = ${lit(mid)} AND date = ${lit(date)})
    ALL INNER JOIN ${members} USING keyword_id
    GROUP BY campaign_id, date, host_id, domain_id, result_type, position`;
}

/**
 * The market's snapshot dates, and those `derived` holds, that the write does not replace (`results`): where
 * a stale campaign's rows are rebuilt and the others' copied. Ascending.
 */
export async function otherDates(
  ctx: ChContext,
  shard: Shard,
  mid: number,
  derived: 'cv_roll' | 'rt_hits' | 'ms_roll',
  results: ReadonlyMap<string, string>,
): Promise<string[]> {
  const m = lit(mid);
  const held = await shard.server.rows(
    `SELECT DISTINCT toString(date) AS d FROM (
       SELECT date FROM ${ctx.local('serp_keyword_dates')} WHERE market_id = ${m}
       UNION ALL SELECT date FROM ${ctx.local(derived)} WHERE market_id = ${m})`,
  );
  return held
    .map((r) => String(r.d))
    .filter((d) => !results.has(d))
    .sort();
}

const datePartition = (mid: number, date: string) => `(${lit(mid)}, ${lit(date)})`;

/** Stages the market's snapshot list and rollup partitions; returns the campaigns whose membership changed. */
async function stageMarket(
  ctx: ChContext,
  write: StagedWrite,
  mid: number,
  change: MarketChange,
): Promise<number[]> {
  const { shard } = change;
  const run = (sql: string) => shard.server.command(sql);
  const m = lit(mid);
  if (change.results.size > 0) {
    const kd = await write.stage(shard, 'serp_keyword_dates');
    for (const [d, table] of [...change.results].sort((a, b) => a[0].localeCompare(b[0]))) {
      await run(`INSERT INTO ${kd} SELECT DISTINCT market_id, date, keyword_id FROM ${table}
        WHERE market_id = ${m} AND date = ${lit(d)}`);
      write.replace(shard, 'serp_keyword_dates', datePartition(mid, d));
    }
  }
  const stale =
    change.keywords === null && change.campaigns === null ? [] : await staleCampaigns(ctx, mid, change);
  const others = stale.length > 0 ? await otherDates(ctx, shard, mid, 'cv_roll', change.results) : [];
  if (change.results.size === 0 && others.length === 0) return stale;
  const roll = await write.stage(shard, 'cv_roll');
  const members = membersSql(
    mid,
    change.campaigns ?? ctx.local('campaign_keywords'),
    change.keywords ?? ctx.local('keywords'),
  );
  for (const [d, table] of change.results) await run(rollupInsert(roll, mid, table, d, members));
  if (others.length > 0) {
    await run(`INSERT INTO ${roll} SELECT * FROM ${ctx.local('cv_roll')}
      WHERE market_id = ${m} AND date IN (${others.map(lit).join(', ')})
        AND campaign_id NOT IN (${stale.map(lit).join(', ')})`);
    const staleMembers = membersSql(
      mid,
      change.campaigns ?? ctx.local('campaign_keywords'),
      change.keywords ?? ctx.local('keywords'),
      stale,
    );
    for (const d of others) await run(rollupInsert(roll, mid, ctx.local('serp_results'), d, staleMembers));
  }
  for (const d of [...change.results.keys(), ...others].sort()) {
    write.replace(shard, 'cv_roll', datePartition(mid, d));
  }
  return stale;
}

/** Stages the derived partitions a write's swaps call for (shards in parallel, their markets in order). */
export async function stageDerived(ctx: ChContext, write: StagedWrite): Promise<void> {
  const changes = changesOf(ctx, write);
  const byShard = new Map<number, number[]>();
  for (const [mid, c] of changes) byShard.set(c.shard.num, [...(byShard.get(c.shard.num) ?? []), mid]);
  await inParallel(
    [...byShard.values()].map(async (mids) => {
      for (const mid of mids.sort((a, b) => a - b)) {
        const change = changes.get(mid)!;
        await stageCopies(ctx, write, mid, change, await stageMarket(ctx, write, mid, change));
        await stageMarketRoll(ctx, write, mid, change, () =>
          otherDates(ctx, change.shard, mid, 'ms_roll', change.results),
        );
      }
    }),
  );
}

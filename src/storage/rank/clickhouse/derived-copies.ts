// The declared derived tables (../derived-tables.ts) on ClickHouse: their DDL generated from each declaration,
// and the staging of their new partitions inside every staged write (called by derived.ts's stageDerived, the
// one publish point that atomic.ts's commitWrite runs for every write), so they are published by the same
// journal, swaps and recovery as the write itself. Refresh units as on DuckDB: a (market, date) partition is
// rebuilt for every campaign when the write replaces that date's results; a campaign whose keywords or
// declared domains change is rebuilt on every other date of its market, the other campaigns' rows copied.
// declareCampaignDomains is the write of a campaign's declared tracked domains (campaign_domains).
//
// rt_hits' classic position is computed as the raw read computes it (rankings/index.ts): 1 + the organic and
// brand positions above the result on its page.
import { resultTypeCode } from '@core/result-types';
import { columnsOf, RANK_COPY, type ColumnType, type DerivedTable } from '../derived-tables';
import { recover, stagedWrite, type StagedWrite } from './atomic';
import { int } from './client';
import type { ChContext } from './context';
import { otherDates } from './derived';
import { lit } from './escape';
import type { Shard } from './topology';

const TYPES: Record<ColumnType, string> = {
  u8: 'UInt8',
  u16: 'UInt16',
  u32: 'UInt32',
  u64: 'UInt64',
  date: 'Date',
  text: 'String',
};

/** Column list and engine of a declared table, as schema.ts writes its sharded tables. */
export function declaredTable(t: DerivedTable): { columns: string; engine: string } {
  return {
    columns: columnsOf(t)
      .map((c) => `${c.name} ${c.nullable ? `Nullable(${TYPES[c.type]})` : TYPES[c.type]}`)
      .join(', '),
    engine: `MergeTree PARTITION BY (${t.partition.join(', ')}) ORDER BY (${t.keys.map((k) => k.name).join(', ')})`,
  };
}

/** The campaigns' declared tracked registrable domains, by market (the partition a declaration replaces). */
export const CAMPAIGN_DOMAINS = {
  columns: 'campaign_id UInt32, market_id UInt16, domain String',
  engine: 'MergeTree PARTITION BY market_id ORDER BY (campaign_id, domain)',
};

const ORGANIC = lit([resultTypeCode('organic'), resultTypeCode('brand')]);
const ORGANIC_IN = `(${ORGANIC.slice(1, -1)})`;

/** What one write changes in one market, as derived.ts collected it from the swaps (quoted stage tables). */
export interface CopyChange {
  shard: Shard;
  results: Map<string, string>;
  campaigns: string | null;
  domains: string | null;
}

/** Campaigns whose declared domains the write changes in the market. */
async function domainChanges(ctx: ChContext, mid: number, change: CopyChange): Promise<number[]> {
  if (change.domains === null) return [];
  const sets = async (table: string) =>
    new Map(
      (
        await change.shard.server.rows(
          `SELECT campaign_id, arrayStringConcat(arraySort(groupArray(domain)), ' ') AS d FROM ${table}
           WHERE market_id = ${lit(mid)} GROUP BY campaign_id`,
        )
      ).map((r) => [int(r.campaign_id), String(r.d)]),
    );
  const before = await sets(ctx.local('campaign_domains'));
  const after = await sets(change.domains);
  return [...new Set([...before.keys(), ...after.keys()])].filter((c) => before.get(c) !== after.get(c));
}

/** INSERT of the copy's rows of one date from `results`, for the campaigns listed (all when none). */
function copyInsert(
  ctx: ChContext,
  stage: string,
  mid: number,
  date: string,
  tables: { results: string; members: string; domains: string },
  only: readonly number[] | null,
): string {
  const m = lit(mid);
  const which = only === null ? '' : ` AND campaign_id IN (${only.map(lit).join(', ')})`;
  const where = `market_id = ${m} AND date = ${lit(date)}`;
  const columns = columnsOf(RANK_COPY)
    .map((c) => c.name)
    .join(', ');
  return `INSERT INTO ${stage} (${columns})
    SELECT campaign_id, keyword_id, date, toUInt16(${m}) AS market_id, domain_id, host_id, url_id, position,
      result_type,
      if(has(${ORGANIC}, result_type), toNullable(toUInt8(1 + arrayCount(x -> x < position, organic))),
        CAST(NULL AS Nullable(UInt8))) AS classic
    FROM (
      SELECT campaign_id, keyword_id, date, domain_id, host_id, url_id, position, result_type
      FROM (SELECT keyword_id, date, domain_id, host_id, url_id, position, result_type FROM ${tables.results}
            WHERE ${where})
      ALL INNER JOIN (
        SELECT campaign_id, keyword_id, domain_id FROM
          (SELECT campaign_id, keyword_id FROM ${tables.members} WHERE market_id = ${m}${which})
        ALL INNER JOIN
          (SELECT campaign_id, id AS domain_id FROM
             (SELECT campaign_id, domain FROM ${tables.domains} WHERE market_id = ${m}${which})
           ALL INNER JOIN (SELECT id, domain FROM ${ctx.table('domains')}) USING domain)
        USING campaign_id
      ) USING (keyword_id, domain_id)
    )
    ANY LEFT JOIN (
      SELECT keyword_id, groupUniqArray(position) AS organic FROM ${tables.results}
      WHERE ${where} AND result_type IN ${ORGANIC_IN} GROUP BY keyword_id
    ) USING keyword_id`;
}

/**
 * Stages the rank-tracking copy's partitions of one market that the write calls for; `membershipStale` lists
 * the campaigns whose keywords or volumes it changes (derived.ts).
 */
export async function stageCopies(
  ctx: ChContext,
  write: StagedWrite,
  mid: number,
  change: CopyChange,
  membershipStale: readonly number[],
): Promise<void> {
  const { shard } = change;
  const run = (sql: string) => shard.server.command(sql);
  const m = lit(mid);
  const stale = [...new Set([...membershipStale, ...(await domainChanges(ctx, mid, change))])].sort(
    (a, b) => a - b,
  );
  const others = stale.length > 0 ? await otherDates(ctx, shard, mid, 'rt_hits', change.results) : [];
  if (change.results.size === 0 && others.length === 0) return;
  const stage = await write.stage(shard, 'rt_hits');
  const members = change.campaigns ?? ctx.local('campaign_keywords');
  const domains = change.domains ?? ctx.local('campaign_domains');
  for (const [d, results] of change.results) {
    await run(copyInsert(ctx, stage, mid, d, { results, members, domains }, null));
  }
  if (others.length > 0) {
    await run(`INSERT INTO ${stage} SELECT * FROM ${ctx.local('rt_hits')}
      WHERE market_id = ${m} AND date IN (${others.map(lit).join(', ')})
        AND campaign_id NOT IN (${stale.map(lit).join(', ')})`);
    const results = ctx.local('serp_results');
    for (const d of others) await run(copyInsert(ctx, stage, mid, d, { results, members, domains }, stale));
  }
  for (const d of [...change.results.keys(), ...others].sort()) {
    write.replace(shard, 'rt_hits', `(${m}, ${lit(d)})`);
  }
}

/**
 * Records the registrable domains a campaign tracks in the market(s) of its keywords (a campaign without
 * keywords has no market, so nothing is recorded: the raw read answers until its set-up is next saved), and
 * publishes the change with the copies it calls for. Unchanged sets write nothing.
 */
export async function declareCampaignDomains(
  ctx: ChContext,
  campaignId: number,
  domains: readonly string[],
): Promise<void> {
  const wanted = [...new Set(domains)].sort();
  const c = lit(campaignId);
  await ctx.exclusive(async () => {
    await recover(ctx);
    const marketsOf = async (table: 'campaign_keywords' | 'campaign_domains') =>
      (await ctx.entry.rows(`SELECT DISTINCT market_id FROM ${ctx.all(table)} WHERE campaign_id = ${c}`)).map(
        (r) => int(r.market_id),
      );
    const members = new Set(await marketsOf('campaign_keywords'));
    const changed: number[] = [];
    for (const m of [...new Set([...members, ...(await marketsOf('campaign_domains'))])].sort(
      (a, b) => a - b,
    )) {
      const stored = await ctx.shardOf(m).server.rows(
        `SELECT domain FROM ${ctx.local('campaign_domains')}
           WHERE market_id = ${lit(m)} AND campaign_id = ${c} ORDER BY domain`,
      );
      const want = members.has(m) ? wanted : [];
      if (stored.map((r) => String(r.domain)).join('\n') !== want.join('\n')) changed.push(m);
    }
    if (changed.length === 0) return;
    await stagedWrite(ctx, async (write) => {
      for (const m of changed) {
        const shard = ctx.shardOf(m);
        const stage = await write.stage(shard, 'campaign_domains');
        await shard.server.command(
          `INSERT INTO ${stage} SELECT * FROM ${ctx.local('campaign_domains')}
           WHERE market_id = ${lit(m)} AND campaign_id != ${c}`,
        );
        if (members.has(m) && wanted.length > 0) {
          await shard.server.insert(
            stage,
            wanted.map((domain) => ({ campaign_id: campaignId, market_id: m, domain })),
          );
        }
        write.replace(shard, 'campaign_domains', lit(m));
      }
    });
  });
}

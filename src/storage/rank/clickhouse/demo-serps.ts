// Expands a DemoSerpPlan into SERP rows inside ClickHouse, as the DuckDB adapter does: the plan's small
// tables (hosts, topics, slot pools, keywords, story trajectories) are staged in work tables, then one
// INSERT … SELECT over numbers(1, 100) per market and week writes 100 results per keyword into the staging
// copy of serp_results on the shard that owns the market. Hosts, domains and URLs are added on the primary
// and copied to every shard; the work tables are built on each shard that needs them from the same inputs,
// so their ids agree. Shards generate in parallel; the whole plan is published in one staged write.
import { checkDemoSerpPlan, type DemoSerpPlan } from '@core/demo/plan';
import { mix32 } from '@core/demo/prng';
import { marketSeed, salt } from '../demo-seeds';
import { recover, stagedWrite, type StagedWrite } from './atomic';
import { inParallel, int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import {
  keywordHashSql,
  keywordHashesSql,
  keywordLayoutSql,
  placementsSql,
  serpRowsSql,
  storyCandidatesSql,
  type DemoTables,
  type VideoHostSql,
} from './demo-sql';
import { ensureHostNames, ensureMarkets, replicateDimensions } from './dims';
import type { Shard } from './topology';

/** The plan's topics and hosts as work tables on one shard. */
async function stageHosts(write: StagedWrite, shard: Shard, plan: DemoSerpPlan) {
  const topics = await write.work(shard, 'demo_topics', 'topic Int64, slug String');
  await shard.server.insert(
    topics,
    plan.topics.map((slug, topic) => ({ topic, slug })),
  );
  const hosts = await write.work(
    shard,
    'demo_hosts',
    'idx Int64, host String, domain String, first_topic Int64, pages Int64, prefixes Array(String), url_off Int64',
  );
  let offset = 0;
  await shard.server.insert(
    hosts,
    plan.hosts.map((h, idx) => {
      const row = {
        idx,
        host: h.host,
        domain: h.domain,
        first_topic: h.firstTopic,
        pages: h.pages,
        prefixes: h.pathPrefixes,
        url_off: offset,
      };
      offset += h.pages;
      return row;
    }),
  );
  return { topics, hosts };
}

/** Host ids (from the shard's copy of hosts) and every demo URL with its local id `lurl`, on one shard. */
async function stageHostIds(
  ctx: ChContext,
  write: StagedWrite,
  shard: Shard,
  staged: { topics: string; hosts: string },
) {
  const hostIds = await write.workAs(
    shard,
    'demo_host_ids',
    `SELECT d.idx AS idx, d.host AS host, d.prefixes AS prefixes, toInt64(h.h_id) AS host_id,
       toInt64(h.h_domain) AS domain_id, d.first_topic AS first_topic, d.pages AS pages, d.url_off AS url_off
     FROM ${staged.hosts} AS d
     ALL INNER JOIN (SELECT id AS h_id, host AS h_host, domain_id AS h_domain FROM ${ctx.table('hosts')}) AS h
       ON d.host = h.h_host`,
  );
  const urls = await write.workAs(
    shard,
    'demo_urls',
    `SELECT toInt64(d.url_off + d.page) AS lurl, d.host_id AS host_id,
       concat('https://', d.host, d.prefix, tp.t_slug) AS url, concat(d.prefix, tp.t_slug) AS path
     FROM (SELECT host_id, host, url_off, page, toInt64(first_topic + page) AS topic_idx,
         arrayElement(prefixes, page % length(prefixes) + 1) AS prefix
       FROM (SELECT *, arrayJoin(range(toUInt64(pages))) AS page FROM ${hostIds})) AS d
     ALL INNER JOIN (SELECT topic AS t_topic, slug AS t_slug FROM ${staged.topics}) AS tp ON d.topic_idx = tp.t_topic`,
  );
  return { hostIds, urls };
}

/**
 * Url ids of the demo's URLs, decided on the primary. Fresh URLs get ids base + lurl (base above every
 * existing id); when all of them exist already as such a block (the plan was generated before) the block
 * is reused. Either way the row SQL computes url ids arithmetically (returns the base); only a partial
 * overlap needs the lurl → id map (returns null).
 */
async function resolveUrlIds(ctx: ChContext, urls: string): Promise<number | null> {
  const total = int((await ctx.primary.one(`SELECT count() AS n FROM ${urls}`)).n);
  const seen = await ctx.primary.one(
    `SELECT count() AS n, min(toInt64(u.u_id) - d.lurl) AS lo, max(toInt64(u.u_id) - d.lurl) AS hi
     FROM ${urls} AS d ALL INNER JOIN (SELECT id AS u_id, url AS u_url FROM ${ctx.table('urls')}) AS u ON d.url = u.u_url`,
  );
  const n = int(seen.n);
  if (n === total && n > 0 && int(seen.lo) === int(seen.hi)) return int(seen.lo);
  const base = int(
    (await ctx.primary.one(`SELECT max(id) + 1 AS next_id FROM ${ctx.table('urls')}`)).next_id,
  );
  await ctx.primary.command(
    `INSERT INTO ${ctx.table('urls')}
     SELECT toUInt32(${lit(base)} + lurl), url, toUInt32(host_id), path FROM ${urls}
     WHERE url NOT IN (SELECT url FROM ${ctx.table('urls')}) ORDER BY lurl`,
  );
  await replicateDimensions(ctx, ['urls']);
  return n === 0 ? base : null;
}

interface ShardInputs {
  tables: DemoTables;
  video: VideoHostSql;
}

/** Pools, keywords and stories of the markets a shard owns, as work tables on that shard. */
async function stageMarketInputs(
  ctx: ChContext,
  write: StagedWrite,
  shard: Shard,
  plan: DemoSerpPlan,
  markets: readonly number[],
  hostIds: string,
  urls: string,
  mapped: boolean,
): Promise<ShardInputs> {
  const s = shard.server;
  const slots = await write.work(shard, 'demo_slots', 'pkey Int64, idx Int64');
  const poolsPerMarket = plan.verticals * 2;
  await s.insert(
    slots,
    plan.pools.flatMap((pool, i) =>
      markets.includes(Math.floor(i / poolsPerMarket))
        ? Array.from(pool.hostBySlot, (idx, slot) => ({ pkey: i * plan.poolSlots + slot, idx }))
        : [],
    ),
  );
  const pool = await write.workAs(
    shard,
    'demo_pool',
    `SELECT sl.pkey AS pkey, h.h_host_id AS host_id, h.h_domain_id AS domain_id, h.h_url_off AS url_base,
       h.h_pages AS pages, h.h_first_topic AS first_topic
     FROM ${slots} AS sl
     ALL INNER JOIN (SELECT idx AS h_idx, host_id AS h_host_id, domain_id AS h_domain_id, url_off AS h_url_off,
         pages AS h_pages, first_topic AS h_first_topic FROM ${hostIds}) AS h ON sl.idx = h.h_idx`,
  );
  const raw = await write.work(
    shard,
    'demo_kw_raw',
    'market_idx Int64, ord UInt64, keyword_id UInt32, vertical Int64, topic UInt64, intent Int64',
  );
  await s.insert(
    raw,
    markets.flatMap((mi) => {
      const m = plan.markets[mi]!;
      return Array.from(m.keywordIds, (keywordId, ord) => ({
        market_idx: mi,
        ord,
        keyword_id: keywordId,
        vertical: m.vertical[ord]!,
        topic: m.topic[ord]!,
        intent: m.intent[ord]!,
      }));
    }),
  );
  const seeds = plan.markets.map((_, mi) => marketSeed(plan.seed, mi));
  const kw = await write.workAs(shard, 'demo_kw', keywordHashSql(raw, seeds));
  const storyRaw = await write.work(
    shard,
    'demo_story_raw',
    `story UInt32, market_idx Int64, vertical Int64, idx Int64, alt_idx Int64, alt_pm Int64, spread Float64,
     vol_pm Int64, salt UInt64`,
  );
  await s.insert(
    storyRaw,
    plan.stories.map((st, i) => ({
      story: i,
      market_idx: plan.markets.findIndex((m) => m.market === st.market),
      vertical: st.vertical,
      idx: st.host,
      alt_idx: st.altHost ?? st.host,
      alt_pm: st.altHost === null ? 0 : Math.round(st.altShare * 1000),
      spread: st.spread,
      vol_pm: Math.round(st.volatility * 1000),
      salt: salt(2, i),
    })),
  );
  const track = await write.work(
    shard,
    'demo_track',
    'story UInt32, week Int64, target Float64, coverage_pm Int64',
  );
  await s.insert(
    track,
    plan.stories.flatMap((st, i) =>
      st.track.map((pt, week) => ({
        story: i,
        week,
        target: pt.target,
        coverage_pm: Math.round(pt.coverage * 10000),
      })),
    ),
  );
  const hostCols = (p: string) =>
    `SELECT idx AS ${p}_idx, host_id AS ${p}_host_id, domain_id AS ${p}_domain_id, url_off AS ${p}_url_off,
       pages AS ${p}_pages, first_topic AS ${p}_first_topic FROM ${hostIds}`;
  const withMain = `SELECT r.story AS story, r.market_idx AS market_idx, r.vertical AS vertical, r.alt_idx AS alt_idx,
      r.alt_pm AS alt_pm, r.spread AS spread, r.vol_pm AS vol_pm, r.salt AS salt, h.h_host_id AS host_id,
      h.h_domain_id AS domain_id, h.h_url_off AS url_base, h.h_pages AS pages, h.h_first_topic AS first_topic
    FROM ${storyRaw} AS r ALL INNER JOIN (${hostCols('h')}) AS h ON r.idx = h.h_idx`;
  const story = await write.workAs(
    shard,
    'demo_story',
    `SELECT m.story AS story, m.market_idx AS market_idx, m.vertical AS vertical, m.alt_pm AS alt_pm,
       m.spread AS spread, m.vol_pm AS vol_pm, m.salt AS salt, m.host_id AS host_id, m.domain_id AS domain_id,
       m.url_base AS url_base, m.pages AS pages, m.first_topic AS first_topic, a.a_host_id AS alt_host_id,
       a.a_domain_id AS alt_domain_id, a.a_url_off AS alt_url_base, a.a_pages AS alt_pages
     FROM (${withMain}) AS m ALL INNER JOIN (${hostCols('a')}) AS a ON m.alt_idx = a.a_idx`,
  );
  const urlMap = mapped
    ? await write.workAs(
        shard,
        'demo_url_map',
        `SELECT d.lurl AS lurl, u.u_id AS url_id FROM ${urls} AS d
         ALL INNER JOIN (SELECT id AS u_id, url AS u_url FROM ${ctx.table('urls')}) AS u ON d.url = u.u_url`,
      )
    : null;
  const v = await s.one(
    `SELECT host_id, domain_id, url_off, pages FROM ${hostIds} WHERE idx = ${lit(plan.videoHost)}`,
  );
  return {
    tables: {
      kw,
      story,
      track,
      pool,
      k: write.tableName('demo_k'),
      cand: write.tableName('demo_cand'),
      place: write.tableName('demo_place'),
      urlMap,
    },
    video: {
      hostId: int(v.host_id),
      domainId: int(v.domain_id),
      urlBase: int(v.url_off),
      pages: int(v.pages),
    },
  };
}

/** Stages every market of one shard: per week the kept rows of other keywords plus the generated rows. */
async function generateOnShard(
  ctx: ChContext,
  write: StagedWrite,
  shard: Shard,
  plan: DemoSerpPlan,
  markets: readonly { mi: number; mid: number }[],
  inputs: ShardInputs,
  urlBase: number | null,
  progress: () => void,
): Promise<void> {
  const s = shard.server;
  const { tables } = inputs;
  const stage = await write.stage(shard, 'serp_results');
  const snapshots = await write.stage(shard, 'serp_snapshots');
  for (const { mi, mid } of markets) {
    for (const [w, date] of plan.dates.entries()) {
      const where = `market_id = ${lit(mid)} AND date = ${lit(date)}`;
      await s.command(
        `INSERT INTO ${stage} SELECT * FROM ${ctx.local('serp_results')}
         WHERE ${where} AND keyword_id NOT IN (SELECT keyword_id FROM ${tables.kw} WHERE market_idx = ${lit(mi)})`,
      );
      const hashed = await write.workAs(shard, 'demo_kh', keywordHashesSql(plan, tables.kw, mi, w));
      await write.workAs(shard, 'demo_k', keywordLayoutSql(plan, hashed));
      const weekSalt = mix32((plan.seed + 31 * (w + 1)) % 4294967296);
      await write.workAs(shard, 'demo_cand', storyCandidatesSql(tables, mi, w, weekSalt));
      await write.workAs(shard, 'demo_place', placementsSql(tables));
      await s.command(
        `INSERT INTO ${stage} ${serpRowsSql(plan, tables, mi, mid, date, inputs.video, urlBase)}`,
      );
      write.replace(shard, 'serp_results', `(${lit(mid)}, ${lit(date)})`);
      progress();
    }
    await s.command(
      `INSERT INTO ${snapshots} SELECT * FROM ${ctx.local('serp_snapshots')}
       WHERE market_id = ${lit(mid)} AND date NOT IN (${plan.dates.map(lit).join(', ')})`,
    );
    await s.command(
      `INSERT INTO ${snapshots} SELECT market_id, date, uniqExact(keyword_id), count()
       FROM ${stage} WHERE market_id = ${lit(mid)} GROUP BY market_id, date`,
    );
    write.replace(shard, 'serp_snapshots', lit(mid));
  }
}

export async function generateDemoSerps(
  ctx: ChContext,
  plan: DemoSerpPlan,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  checkDemoSerpPlan(plan);
  const total = plan.markets.length * plan.dates.length;
  let done = 0;
  await ctx.exclusive(async () => {
    await recover(ctx);
    const marketIds = await ensureMarkets(
      ctx,
      plan.markets.map((m) => m.market),
    );
    await stagedWrite(ctx, async (write) => {
      const owners = new Map<number, { shard: Shard; markets: { mi: number; mid: number }[] }>();
      plan.markets.forEach((m, mi) => {
        const mid = marketIds.get(m.market)!;
        const shard = ctx.shardOf(mid);
        const entry = owners.get(shard.num) ?? { shard, markets: [] };
        entry.markets.push({ mi, mid });
        owners.set(shard.num, entry);
      });
      const primary = ctx.topology.primary;
      const involved = new Map([
        [primary.num, primary],
        ...[...owners.values()].map((o) => [o.shard.num, o.shard] as const),
      ]);
      const staged = new Map(
        await inParallel(
          [...involved.values()].map(async (sh) => [sh.num, await stageHosts(write, sh, plan)] as const),
        ),
      );
      await ensureHostNames(ctx, staged.get(primary.num)!.hosts);
      await replicateDimensions(ctx, ['domains', 'hosts']);
      const ids = new Map(
        await inParallel(
          [...involved.values()].map(
            async (sh) => [sh.num, await stageHostIds(ctx, write, sh, staged.get(sh.num)!)] as const,
          ),
        ),
      );
      const urlBase = await resolveUrlIds(ctx, ids.get(primary.num)!.urls);
      await inParallel(
        [...owners.values()].map(async ({ shard, markets }) => {
          const { hostIds, urls } = ids.get(shard.num)!;
          const inputs = await stageMarketInputs(
            ctx,
            write,
            shard,
            plan,
            markets.map((m) => m.mi),
            hostIds,
            urls,
            urlBase === null,
          );
          await generateOnShard(ctx, write, shard, plan, markets, inputs, urlBase, () =>
            onProgress?.(++done, total),
          );
        }),
      );
    });
  });
}

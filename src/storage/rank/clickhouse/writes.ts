// Writes of the ClickHouse RankStore: keyword upserts, campaign membership and SERP imports. Inputs are
// checked before anything is written (src/storage/rank/input.ts); each write then stages the new content of
// the partitions it changes on the owning shard and publishes them together (atomic.ts).
import type { CampaignKeywordInput, KeywordInput, SerpResultInput } from '../../rank-store';
import {
  prepareKeywords,
  prepareMembership,
  prepareSerpRows,
  RankInputError,
  type PreparedSerpRow,
} from '../input';
import { stagedWrite, recover, type StagedWrite } from './atomic';
import { inParallel, int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import { ensureMarkets, ensureNames, marketId } from './dims';
import type { Shard } from './topology';

interface KeywordSlot {
  text: string;
  sv: number | null;
}

/** One slot per normalised text, in order of first appearance (which orders new ids); the last volume wins. */
function mergeKeywords(prepared: readonly { text: string; sv: number | null }[]): KeywordSlot[] {
  const byText = new Map<string, KeywordSlot>();
  for (const k of prepared) {
    const slot = byText.get(k.text);
    if (slot === undefined) byText.set(k.text, { text: k.text, sv: k.sv });
    else slot.sv = k.sv;
  }
  return [...byText.values()];
}

export async function upsertKeywords(
  ctx: ChContext,
  market: string,
  keywords: readonly KeywordInput[],
): Promise<Map<string, number>> {
  const prepared = prepareKeywords(market, keywords);
  const slots = mergeKeywords(prepared);
  const idByText = await ctx.exclusive(async () => {
    await recover(ctx);
    const mid = (await ensureMarkets(ctx, [market])).get(market)!;
    const shard = ctx.shardOf(mid);
    return stagedWrite(ctx, async (write) => {
      const input = await write.work(shard, 'kw_input', 'text String, sv Nullable(UInt32)');
      await shard.server.insert(
        input,
        slots.map((s) => ({ text: s.text, sv: s.sv })),
      );
      const existing = await shard.server.rows(
        `SELECT k.id AS id, k.text AS text, k.sv AS sv
         FROM (SELECT id, text, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)}) AS k
         ALL INNER JOIN (SELECT text AS s_text FROM ${input}) AS s ON k.text = s.s_text`,
      );
      const ids = new Map<string, number>();
      const stored = new Map<string, number | null>();
      for (const r of existing) {
        ids.set(String(r.text), int(r.id));
        stored.set(String(r.text), r.sv === null ? null : int(r.sv));
      }
      const fresh = slots.filter((s) => !ids.has(s.text));
      const changed = slots.some((s) => ids.has(s.text) && stored.get(s.text) !== s.sv);
      if (fresh.length === 0 && !changed) return ids;
      const base = int((await ctx.entry.one(`SELECT max(id) AS m FROM ${ctx.all('keywords')}`)).m);
      fresh.forEach((s, i) => ids.set(s.text, base + 1 + i));
      const stage = await write.stage(shard, 'keywords');
      await shard.server.command(
        `INSERT INTO ${stage}
         SELECT k.market_id, k.id, k.text, if(s.s_hit = 1, s.s_sv, k.sv)
         FROM (SELECT market_id, id, text, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)}) AS k
         ANY LEFT JOIN (SELECT text AS s_text, sv AS s_sv, toUInt8(1) AS s_hit FROM ${input}) AS s
           ON k.text = s.s_text`,
      );
      await shard.server.insert(
        stage,
        fresh.map((s) => ({ market_id: mid, id: ids.get(s.text)!, text: s.text, sv: s.sv })),
      );
      write.replace(shard, 'keywords', lit(mid));
      return ids;
    });
  });
  const out = new Map<string, number>();
  keywords.forEach((k, i) => out.set(k.text, idByText.get(prepared[i]!.text)!));
  return out;
}

/** Keyword ids (of `ids`) that are not keywords of the market on its shard; the first few. */
async function unknownKeywords(
  ctx: ChContext,
  shard: Shard,
  mid: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await shard.server.rows(
    `SELECT id FROM (SELECT toUInt32(arrayJoin(${lit(ids)})) AS id)
     WHERE id NOT IN (SELECT id FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)})
     ORDER BY id LIMIT 5`,
  );
  return rows.map((r) => int(r.id));
}

export async function setCampaignKeywords(
  ctx: ChContext,
  campaignId: number,
  market: string,
  entries: readonly CampaignKeywordInput[],
): Promise<void> {
  const prepared = prepareMembership(campaignId, market, entries);
  await ctx.exclusive(async () => {
    await recover(ctx);
    const mid = await marketId(ctx, market);
    if (prepared.length > 0) {
      const ids = prepared.map((e) => e.keywordId);
      const missing =
        mid === null
          ? ids
              .slice()
              .sort((a, b) => a - b)
              .slice(0, 5)
          : await unknownKeywords(ctx, ctx.shardOf(mid), mid, ids);
      if (missing.length > 0)
        throw new RankInputError(`keyword ids not in market ${market}: ${missing.join(', ')}`);
    }
    // The campaign's rows may sit in another market's partition (its market changed): rewrite those too.
    const held = await ctx.entry.rows(
      `SELECT DISTINCT market_id FROM ${ctx.all('campaign_keywords')} WHERE campaign_id = ${lit(campaignId)}`,
    );
    const markets = new Set(held.map((r) => int(r.market_id)));
    if (mid !== null && prepared.length > 0) markets.add(mid);
    if (markets.size === 0) return;
    await stagedWrite(ctx, async (write) => {
      for (const m of [...markets].sort((a, b) => a - b)) {
        const shard = ctx.shardOf(m);
        const stage = await write.stage(shard, 'campaign_keywords');
        await shard.server.command(
          `INSERT INTO ${stage} SELECT * FROM ${ctx.local('campaign_keywords')}
           WHERE market_id = ${lit(m)} AND campaign_id != ${lit(campaignId)}`,
        );
        if (m === mid) {
          await shard.server.insert(
            stage,
            prepared.map((e) => ({
              campaign_id: campaignId,
              market_id: m,
              keyword_id: e.keywordId,
              tags: e.tags,
              groups: e.groups,
            })),
          );
        }
        write.replace(shard, 'campaign_keywords', lit(m));
      }
    });
  });
}

interface ShardRows {
  shard: Shard;
  rows: { ord: number; row: PreparedSerpRow; marketId: number }[];
}

/** The batch grouped by owning shard; rows of a market that has no id yet cannot match a keyword. */
async function rowsByShard(ctx: ChContext, prepared: readonly PreparedSerpRow[]): Promise<ShardRows[]> {
  const ids = new Map<string, number | null>();
  for (const market of new Set(prepared.map((r) => r.market))) ids.set(market, await marketId(ctx, market));
  const byShard = new Map<number, ShardRows>();
  for (const [ord, row] of prepared.entries()) {
    const mid = ids.get(row.market)!;
    if (mid === null)
      throw new RankInputError(`keyword ${row.keywordId} is not a keyword of ${row.market}`, ord);
    const shard = ctx.shardOf(mid);
    const group = byShard.get(shard.num) ?? { shard, rows: [] };
    group.rows.push({ ord, row, marketId: mid });
    byShard.set(shard.num, group);
  }
  return [...byShard.values()];
}

const INPUT_COLUMNS = `ord UInt32, market_id UInt16, keyword_id UInt32, date Date, position UInt8,
  result_type UInt8, url String`;

/** Stages the batch's rows on each owning shard and checks their keywords there; returns the input tables. */
async function stageInputs(
  ctx: ChContext,
  write: StagedWrite,
  groups: readonly ShardRows[],
): Promise<string[]> {
  const inputs = await inParallel(
    groups.map(async ({ shard, rows }) => {
      const input = await write.work(shard, 'serp_input', INPUT_COLUMNS);
      await shard.server.insert(
        input,
        rows.map(({ ord, row, marketId: mid }) => ({
          ord,
          market_id: mid,
          keyword_id: row.keywordId,
          date: row.date,
          position: row.position,
          result_type: row.resultType,
          url: row.url,
        })),
      );
      const markets = [...new Set(rows.map((r) => r.marketId))];
      const bad = await shard.server.one(
        `SELECT count() AS n, min(ord) AS first_bad FROM ${input}
         WHERE (market_id, keyword_id) NOT IN
           (SELECT market_id, id FROM ${ctx.local('keywords')} WHERE market_id IN (${markets.map(lit).join(', ')}))`,
      );
      return { input, bad: int(bad.n) > 0 ? int(bad.first_bad) : null };
    }),
  );
  const firstBad = Math.min(...inputs.map((i) => i.bad ?? Infinity));
  if (Number.isFinite(firstBad)) {
    const r = groups.flatMap((g) => g.rows).find((x) => x.ord === firstBad)!.row;
    throw new RankInputError(`keyword ${r.keywordId} is not a keyword of ${r.market}`, firstBad);
  }
  return inputs.map((i) => i.input);
}

/** Distinct URLs of the batch with host, domain, path and their last title given (null when none). */
function batchNames(prepared: readonly PreparedSerpRow[]) {
  const byUrl = new Map<
    string,
    { url: string; host: string; domain: string; path: string; title: string | null }
  >();
  for (const r of prepared) {
    const slot = byUrl.get(r.url) ?? {
      url: r.url,
      host: r.host,
      domain: r.domain,
      path: r.path,
      title: null,
    };
    if (r.title !== null) slot.title = r.title;
    byUrl.set(r.url, slot);
  }
  return [...byUrl.values()];
}

/** Stages the new content of every (market, date) partition the batch touches on one shard, and its rollup. */
async function stageFacts(
  ctx: ChContext,
  write: StagedWrite,
  group: ShardRows,
  input: string,
): Promise<void> {
  const { shard } = group;
  const t = ctx.table.bind(ctx);
  const rows = await write.workAs(
    shard,
    'serp_rows',
    `SELECT i.market_id AS market_id, i.date AS date, i.keyword_id AS keyword_id, i.position AS position,
       i.result_type AS result_type, u.u_id AS url_id, u.u_host AS host_id, u.u_domain AS domain_id
     FROM ${input} AS i
     ALL INNER JOIN (SELECT uu.id AS u_id, uu.url AS u_url, uu.host_id AS u_host, hh.h_domain AS u_domain
       FROM (SELECT id, url, host_id FROM ${t('urls')} WHERE url IN (SELECT url FROM ${input})) AS uu
       ALL INNER JOIN (SELECT id AS h_id, domain_id AS h_domain FROM ${t('hosts')}) AS hh ON uu.host_id = hh.h_id) AS u
       ON i.url = u.u_url`,
  );
  const stage = await write.stage(shard, 'serp_results');
  const snapshots = await write.stage(shard, 'serp_snapshots');
  const partitions = new Map<number, Set<string>>();
  for (const r of group.rows)
    partitions.set(r.marketId, (partitions.get(r.marketId) ?? new Set()).add(r.row.date));
  for (const [mid, dates] of [...partitions].sort((a, b) => a[0] - b[0])) {
    for (const date of [...dates].sort()) {
      const where = `market_id = ${lit(mid)} AND date = ${lit(date)}`;
      // Keywords of the partition that the batch does not mention keep their rows.
      await shard.server.command(
        `INSERT INTO ${stage} SELECT * FROM ${ctx.local('serp_results')}
         WHERE ${where} AND keyword_id NOT IN (SELECT keyword_id FROM ${rows} WHERE ${where})`,
      );
      await shard.server.command(
        `INSERT INTO ${stage} SELECT market_id, date, keyword_id, position, result_type, url_id, host_id, domain_id
         FROM ${rows} WHERE ${where}`,
      );
      write.replace(shard, 'serp_results', `(${lit(mid)}, ${lit(date)})`);
    }
    const dateList = [...dates].map(lit).join(', ');
    await shard.server.command(
      `INSERT INTO ${snapshots} SELECT * FROM ${ctx.local('serp_snapshots')}
       WHERE market_id = ${lit(mid)} AND date NOT IN (${dateList})`,
    );
    await shard.server.command(
      `INSERT INTO ${snapshots} SELECT market_id, date, uniqExact(keyword_id), count()
       FROM ${stage} WHERE market_id = ${lit(mid)} GROUP BY market_id, date`,
    );
    write.replace(shard, 'serp_snapshots', lit(mid));
  }
}

export async function insertSerpResults(ctx: ChContext, input: readonly SerpResultInput[]): Promise<number> {
  const prepared = prepareSerpRows(input);
  if (prepared.length === 0) return 0;
  await ctx.exclusive(async () => {
    await recover(ctx);
    const groups = await rowsByShard(ctx, prepared);
    await stagedWrite(ctx, async (write) => {
      const inputs = await stageInputs(ctx, write, groups);
      const names = await write.work(
        ctx.topology.primary,
        'serp_names',
        'url String, host String, domain String, path String, title Nullable(String)',
      );
      await ctx.primary.insert(names, batchNames(prepared));
      await ensureNames(ctx, names);
      await inParallel(groups.map((g, i) => stageFacts(ctx, write, g, inputs[i]!)));
    });
  });
  return prepared.length;
}

// Reads of the ClickHouse RankStore. A read about one market goes straight to the shard that owns the
// market and reads its local tables (dimensions are complete on every shard), so the other shards do no
// work; reads over all markets or by campaign go through the Distributed tables on the entry server.
// Every number leaves as a JS number (client.ts `int`).
import * as plain from '../read-rows';
import { int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import { marketId } from './dims';

type Read<K extends plain.PlainReadName> = plain.PlainRead<ChContext, K>;

export const counts: Read<'counts'> = async (ctx) => {
  const one = async (sql: string) => int((await ctx.entry.one(sql)).n);
  const [keywords, serpResults, snapshotDates, hosts] = await Promise.all([
    one(`SELECT count() AS n FROM ${ctx.all('keywords')}`),
    one(`SELECT sum(results) AS n FROM ${ctx.all('serp_snapshots')}`),
    one(`SELECT uniqExact(date) AS n FROM ${ctx.all('serp_snapshots')}`),
    one(`SELECT uniqExact(host_id) AS n FROM ${ctx.all('serp_results')}`),
  ]);
  return { keywords, serpResults, snapshotDates, hosts };
};

export const marketSummary: Read<'marketSummary'> = async (ctx, market) => {
  const mid = await plain.marketToRead({ market }, (m) => marketId(ctx, m));
  if (mid === null) return plain.emptyMarketSummary(market);
  const shard = ctx.shardOf(mid).server;
  const [kw, dates, hosts] = await Promise.all([
    shard.one(
      `SELECT count() AS n, count(sv) AS with_sv, sum(ifNull(sv, 0)) AS total
       FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)}`,
    ),
    shard.rows(
      `SELECT toString(date) AS d, results FROM ${ctx.local('serp_snapshots')} WHERE market_id = ${lit(mid)} ORDER BY date`,
    ),
    shard.one(
      `SELECT uniqExact(host_id) AS n FROM ${ctx.local('serp_results')} WHERE market_id = ${lit(mid)}`,
    ),
  ]);
  return plain.marketSummaryRow(market, kw, dates, int(hosts.n), int);
};

export const campaignKeywordSummary: Read<'campaignKeywordSummary'> = async (ctx, campaignId) => {
  const table = ctx.all('campaign_keywords');
  const where = `campaign_id = ${lit(campaignId)}`;
  const [total, tags, groups] = await Promise.all([
    ctx.entry.one(`SELECT count() AS n FROM ${table} WHERE ${where}`),
    ctx.entry.rows(
      `SELECT label, count() AS n FROM ${table} ARRAY JOIN tags AS label WHERE ${where} GROUP BY label ORDER BY label`,
    ),
    ctx.entry.rows(
      `SELECT label, count() AS n FROM ${table} ARRAY JOIN groups AS label WHERE ${where} GROUP BY label ORDER BY label`,
    ),
  ]);
  return {
    campaignId,
    keywords: int(total.n),
    tags: tags.map((t) => ({ tag: String(t.label), keywords: int(t.n) })),
    groups: groups.map((g) => ({ group: String(g.label), keywords: int(g.n) })),
  };
};

/** `AND <column> IN (ids)` as a set built from an array literal (a long IN list would exceed max_ast_elements). */
function idFilter(column: string, ids: readonly number[] | undefined): string {
  if (ids === undefined) return '';
  return ` AND ${column} IN (SELECT toUInt32(arrayJoin(${lit(ids.map((id) => Math.trunc(id)))})))`;
}

export const readKeywords: Read<'readKeywords'> = async (ctx, market, keywordIds) => {
  const mid = await plain.marketToRead({ market, keywordIds }, (m) => marketId(ctx, m));
  if (mid === null) return [];
  const rows = await ctx.shardOf(mid).server.rows(
    `SELECT id, text, sv FROM ${ctx.local('keywords')}
     WHERE market_id = ${lit(mid)}${idFilter('id', keywordIds)} ORDER BY id`,
  );
  return rows.map((r) => plain.keywordRow(r, int));
};

export const readCampaignKeywords: Read<'readCampaignKeywords'> = async (ctx, campaignId, keywordIds) => {
  if (keywordIds?.length === 0) return [];
  const rows = await ctx.entry.rows(
    `SELECT keyword_id, tags, groups FROM ${ctx.all('campaign_keywords')}
     WHERE campaign_id = ${lit(campaignId)}${idFilter('keyword_id', keywordIds)} ORDER BY keyword_id`,
  );
  return rows.map((r) => plain.campaignKeywordRow(r, int));
};

/**
 * Raw results of one snapshot, with url, host, domain and title from the owning shard's dimension copies.
 * The names of the snapshot's urls are put together first (18.16 joins one table per SELECT, hence the
 * nesting over that small set), then joined to the result rows once.
 */
export const readSnapshot: Read<'readSnapshot'> = async (ctx, market, date, keywordIds) => {
  const mid = await plain.marketToRead({ market, date, keywordIds }, (m) => marketId(ctx, m));
  if (mid === null) return [];
  const t = ctx.table.bind(ctx);
  const facts = `SELECT keyword_id, position, result_type, url_id FROM ${ctx.local('serp_results')}
    WHERE market_id = ${lit(mid)} AND date = ${lit(date)}${idFilter('keyword_id', keywordIds)}`;
  const urls = `SELECT id AS u_id, url AS u_url, host_id AS u_host_id FROM ${t('urls')}
    WHERE id IN (SELECT url_id FROM (${facts}))`;
  const withHost = `SELECT u.u_id AS n_id, u.u_url AS n_url, h.h_host AS n_host, h.h_domain_id AS n_domain_id
    FROM (${urls}) AS u
    ANY LEFT JOIN (SELECT id AS h_id, host AS h_host, domain_id AS h_domain_id FROM ${t('hosts')}) AS h
      ON u.u_host_id = h.h_id`;
  const withDomain = `SELECT w.n_id AS n_id, w.n_url AS n_url, w.n_host AS n_host, d.d_domain AS n_domain
    FROM (${withHost}) AS w
    ANY LEFT JOIN (SELECT id AS d_id, domain AS d_domain FROM ${t('domains')}) AS d ON w.n_domain_id = d.d_id`;
  const names = `SELECT x.n_id AS n_id, x.n_url AS n_url, x.n_host AS n_host, x.n_domain AS n_domain,
      tt.t_title AS n_title, tt.t_hit AS n_has_title
    FROM (${withDomain}) AS x
    ANY LEFT JOIN (SELECT url_id AS t_id, argMax(title, v) AS t_title, toUInt8(1) AS t_hit FROM ${t('url_titles')}
      WHERE url_id IN (SELECT url_id FROM (${facts})) GROUP BY url_id) AS tt ON x.n_id = tt.t_id`;
  const sql = `SELECT r.keyword_id AS keyword_id, r.position AS position, r.result_type AS result_type,
      n.n_url AS url, n.n_host AS host, n.n_domain AS domain, n.n_title AS title, n.n_has_title AS has_title
    FROM (${facts}) AS r
    ANY LEFT JOIN (${names}) AS n ON r.url_id = n.n_id
    ORDER BY keyword_id, position`;
  const rows = await ctx.shardOf(mid).server.rows(sql);
  // A url without a title row joins as the default '' (old servers join no Nullable column): has_title tells.
  return rows.map((r) => plain.serpResultRow({ ...r, title: int(r.has_title) === 1 ? r.title : null }, int));
};

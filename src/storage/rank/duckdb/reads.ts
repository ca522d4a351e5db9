// Reads of the DuckDB RankStore: counts, market and campaign summaries, and raw rows for reference checks.
// Every number leaves as a JS number (db.ts converts 64-bit integers; sums are cast to BIGINT first).
import { INTEGER, LIST, listValue, VARCHAR } from '@duckdb/node-api';
import * as plain from '../read-rows';
import type { Session, Value } from './db';
import { marketId } from './dims';

type Read<K extends plain.PlainReadName> = plain.PlainRead<Session, K>;

export const counts: Read<'counts'> = async (s) => {
  const row = await s.one(`SELECT
      (SELECT count(*) FROM keywords) AS keywords,
      (SELECT coalesce(sum(results), 0)::BIGINT FROM serp_snapshots) AS serp_results,
      (SELECT count(DISTINCT date) FROM serp_snapshots) AS snapshot_dates,
      (SELECT count(DISTINCT host_id) FROM serp_results) AS hosts`);
  return {
    keywords: Number(row.keywords),
    serpResults: Number(row.serp_results),
    snapshotDates: Number(row.snapshot_dates),
    hosts: Number(row.hosts),
  };
};

export const marketSummary: Read<'marketSummary'> = async (s, market) => {
  const mid = await plain.marketToRead({ market }, (m) => marketId(s, m));
  if (mid === null) return plain.emptyMarketSummary(market);
  const kw = await s.one(
    `SELECT count(*) AS n, count(sv) AS with_sv, coalesce(sum(sv), 0)::BIGINT AS total
     FROM keywords WHERE market_id = $1`,
    [mid],
  );
  const dates = await s.all(
    `SELECT strftime(date, '%Y-%m-%d') AS d, results FROM serp_snapshots WHERE market_id = $1 ORDER BY date`,
    [mid],
  );
  const hosts = await s.number('SELECT count(DISTINCT host_id) FROM serp_results WHERE market_id = $1', [
    mid,
  ]);
  return plain.marketSummaryRow(market, kw, dates, hosts, Number);
};

/**
 * The campaign's keyword count and its tags and groups with their keyword counts, in one call: the screen's
 * first two requests both ask for it, and three bound statements cost three prepared round trips each.
 */
export const campaignKeywordSummary: Read<'campaignKeywordSummary'> = async (s, campaignId) => {
  if (!Number.isSafeInteger(campaignId))
    throw new RangeError(`campaign id must be an integer, got ${campaignId}`);
  const labels = (rows: Value | undefined) =>
    (Array.isArray(rows) ? rows : []).map((x) => (Array.isArray(x) ? x : []));
  const counts = (labels: string, members: string, label: string, id: string) =>
    `(SELECT list([label, CAST(n AS VARCHAR)] ORDER BY label) FROM (
      SELECT l.${label} AS label, count(*) AS n FROM ${members} k
      JOIN ${labels} l ON l.campaign_id = k.campaign_id AND l.${id} = k.${id}
      WHERE k.campaign_id = ${campaignId} GROUP BY l.${label}))`;
  const row = await s.one(`SELECT
    (SELECT count(*) FROM campaign_keywords WHERE campaign_id = ${campaignId}) AS keywords,
    ${counts('campaign_tags', 'campaign_keyword_tags', 'tag', 'tag_id')} AS tags,
    ${counts('campaign_groups', 'campaign_keyword_groups', 'label', 'group_id')} AS groups`);
  return {
    campaignId,
    keywords: Number(row.keywords),
    tags: labels(row.tags).map(([tag, n]) => ({ tag: String(tag), keywords: Number(n) })),
    groups: labels(row.groups).map(([group, n]) => ({ group: String(group), keywords: Number(n) })),
  };
};

/** `AND <column> IN (ids)` bound as a list parameter, or nothing when ids is undefined. */
function idFilter(column: string, ids: readonly number[] | undefined, param: number) {
  if (ids === undefined) return { sql: '', params: [], types: [] };
  return {
    sql: ` AND ${column} IN (SELECT unnest($${param}))`,
    params: [listValue(ids.map((id) => Math.trunc(id)))],
    types: [LIST(INTEGER)],
  };
}

export const readKeywords: Read<'readKeywords'> = async (s, market, keywordIds) => {
  const mid = await plain.marketToRead({ market, keywordIds }, (m) => marketId(s, m));
  if (mid === null) return [];
  const f = idFilter('id', keywordIds, 2);
  const rows = await s.all(
    `SELECT id, text, sv FROM keywords WHERE market_id = $1${f.sql} ORDER BY id`,
    [mid, ...f.params],
    [INTEGER, ...f.types],
  );
  return rows.map((r) => plain.keywordRow(r, Number));
};

export const readCampaignKeywords: Read<'readCampaignKeywords'> = async (s, campaignId, keywordIds) => {
  if (keywordIds?.length === 0) return [];
  const f = idFilter('c.keyword_id', keywordIds, 2);
  const rows = await s.all(
    `SELECT c.keyword_id,
       coalesce((SELECT list(t.tag ORDER BY t.tag) FROM campaign_keyword_tags kt
         JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id
         WHERE kt.campaign_id = c.campaign_id AND kt.keyword_id = c.keyword_id), []) AS tags,
       coalesce((SELECT list(g.label ORDER BY g.label) FROM campaign_keyword_groups kg
         JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id
         WHERE kg.campaign_id = c.campaign_id AND kg.keyword_id = c.keyword_id), []) AS groups
     FROM campaign_keywords c WHERE c.campaign_id = $1${f.sql} ORDER BY c.keyword_id`,
    [campaignId, ...f.params],
    [INTEGER, ...f.types],
  );
  return rows.map((r) => plain.campaignKeywordRow(r, Number));
};

export const readSnapshot: Read<'readSnapshot'> = async (s, market, date, keywordIds) => {
  const mid = await plain.marketToRead({ market, date, keywordIds }, (m) => marketId(s, m));
  if (mid === null) return [];
  const f = idFilter('r.keyword_id', keywordIds, 3);
  const rows = await s.all(
    `SELECT r.keyword_id, r.position, r.result_type, u.url, h.host, d.domain, u.title
     FROM serp_results r
     JOIN urls u ON u.id = r.url_id JOIN hosts h ON h.id = r.host_id JOIN domains d ON d.id = r.domain_id
     WHERE r.market_id = $1 AND r.date = CAST($2 AS DATE)${f.sql}
     ORDER BY r.keyword_id, r.position`,
    [mid, date, ...f.params],
    [INTEGER, VARCHAR, ...f.types],
  );
  return rows.map((r) => plain.serpResultRow(r, Number));
};

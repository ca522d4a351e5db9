// One page of the rank table chosen inside ClickHouse (RtPageQuery, issue 29 item 1), on the market's owning
// shard: the focus target's best position per keyword at the start, previous and end snapshots (from its
// hits, ./index.ts), the types it owns on the end page, its best position ever and its URLs in the compared
// range when the sort or the cannibalisation filter reads them, then the campaign's keywords filtered, sorted
// and cut to the page — the same rows, in the same order, as @core/rank-tracking's tablePage over
// rankTrackingRows.
// 18.16 joins one table per SELECT and has no window functions: the joins nest, and the count is a second
// SELECT in the page's statement (UNION ALL: one round trip, both branches read side by side), its row told
// apart by `total`.
import { resultTypeCode } from '@core/result-types';
import type { RtPageQuery } from '../../../rank-tracking-reads';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { dateLit } from '../cv/sql';
import { PAGE_SORT_COLUMN } from '../../rt-input';

/**
 * The page's statement: its keywords' rows (total 0; i their order from 0, keyword_id, text, sv, tags,
 * groups) and one row of the count (total 1, i the count). `hits` is the focus target's hits at the dates the
 * page reads (rt-input.ts pageDates; columns of ./index.ts's reads: classic −1 when none).
 */
export function rtPageSql(ctx: ChContext, q: RtPageQuery, mid: number, hits: string): string {
  // The classic one names `position` (always ≥ 1): 18.16 misses a column a lambda captures when it prunes
  // columns, so the raw read's classic position (counted by position in a lambda) would lose it.
  const p = q.kind === 'absolute' ? 'toInt32(position)' : 'if(position > 0, toInt32(classic), -1)';
  // The best position at a date; NULL when the target has none there (a non-organic hit has no classic one).
  const best = (d: string) =>
    `if(countIf(date = ${dateLit(d)} AND p > 0) = 0, NULL, minIf(p, date = ${dateLit(d)} AND p > 0))`;
  // Read only when asked for: the hits then span the history they need (rt-input.ts pageDates). The best is
  // over every date read (all up to the end); the distinct URLs with a position in [start, end] are two or
  // more exactly when core finds a conflict (two URLs on one date, or a best URL that changes).
  const ever =
    q.sort.field === 'best'
      ? 'if(countIf(p > 0) = 0, NULL, minIf(p, p > 0))'
      : 'CAST(NULL AS Nullable(Int32))';
  const urls = q.filter.cannibalised
    ? `uniqExactIf(url_id, date >= ${dateLit(q.start)} AND p > 0)`
    : 'toUInt64(0)';
  const pos = `SELECT keyword_id, ${best(q.end)} AS e, ${best(q.start)} AS s,
      ${q.previous === null ? 'CAST(NULL AS Nullable(Int32))' : best(q.previous)} AS v,
      groupBitOrIf(bitShiftLeft(toUInt64(1), result_type), date = ${dateLit(q.end)}) AS owned,
      ${ever} AS b, ${urls} AS urls
    FROM (SELECT keyword_id, date, result_type, url_id, ${p} AS p FROM (${hits})) GROUP BY keyword_id`;
  const f = q.filter;
  const members: string[] = [`campaign_id = ${lit(q.campaignId)}`, `market_id = ${lit(mid)}`];
  if (f.tags.length > 0)
    members.push(`${f.tagsMatch === 'all' ? 'hasAll' : 'hasAny'}(tags, ${lit([...f.tags])})`);
  if (f.groups.length > 0) members.push(`hasAny(groups, ${lit([...f.groups])})`);
  if (f.feature !== null && !f.featureOwned) {
    members.push(`keyword_id IN (SELECT keyword_id FROM ${ctx.local('serp_results')}
      WHERE market_id = ${lit(mid)} AND date = ${dateLit(q.end)} AND result_type = ${lit(resultTypeCode(f.feature))})`);
  }
  const text = f.text === '' ? '' : ` WHERE position(text, ${lit(f.text)}) > 0`;
  const keywords = `SELECT keyword_id, text, sv, tags, groups
    FROM (SELECT keyword_id, tags, groups FROM ${ctx.local('campaign_keywords')} WHERE ${members.join(' AND ')})
    ANY INNER JOIN (SELECT id AS keyword_id, text, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)})
    USING (keyword_id)${text}`;
  // A change needs both positions; none when start and end are one date (rows.ts).
  const chg = q.start === q.end ? 'CAST(NULL AS Nullable(Int64))' : 's - e';
  const prevChg = q.previous === null ? 'CAST(NULL AS Nullable(Int64))' : 'v - e';
  const rows = `SELECT keyword_id, text, sv, tags, groups, e, s, ${chg} AS chg, ${prevChg} AS prev_chg, owned, b, urls
    FROM (${keywords}) ANY LEFT JOIN (${pos}) USING (keyword_id)`;
  const kept: string[] = [];
  if (f.feature !== null && f.featureOwned) {
    kept.push(`bitAnd(owned, bitShiftLeft(toUInt64(1), ${lit(resultTypeCode(f.feature))})) != 0`);
  }
  if (f.minPosition !== null || f.maxPosition !== null) kept.push('isNotNull(e)');
  if (f.minPosition !== null) kept.push(`e >= ${lit(f.minPosition)}`);
  if (f.maxPosition !== null) kept.push(`e <= ${lit(f.maxPosition)}`);
  if (f.movers === 'up') kept.push(`chg >= ${lit(f.moveBy)}`);
  if (f.movers === 'down') kept.push(`chg <= ${lit(-f.moveBy)}`);
  if (f.status === 'new') kept.push('isNotNull(e) AND isNull(s)');
  if (f.status === 'lost') kept.push('isNull(e) AND isNotNull(s)');
  if (f.cannibalised) kept.push('urls >= 2');
  const where = kept.length === 0 ? '' : ` WHERE ${kept.join(' AND ')}`;
  const dir = q.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const value = PAGE_SORT_COLUMN[q.sort.field];
  // LIMIT offset, n always names a count: every row is one no table reaches.
  const limit = q.limit ?? Number.MAX_SAFE_INTEGER;
  // The page's rows are numbered after the sort (one stream by then): the branches' rows may interleave. The
  // count reads the focus target's hits only when a filter needs them (each keyword is one row either way).
  const page = `SELECT keyword_id, text, sv, tags, groups FROM (${rows})${where}
    ORDER BY ${value} ${dir} NULLS LAST, text ASC, keyword_id ASC LIMIT ${lit(q.offset)}, ${lit(limit)}`;
  return `SELECT toUInt8(0) AS total, rowNumberInAllBlocks() AS i, keyword_id, text, sv, tags, groups
    FROM (${page})
    UNION ALL SELECT toUInt8(1) AS total, count() AS i, toUInt32(0) AS keyword_id, '' AS text,
      CAST(NULL AS Nullable(UInt32)) AS sv, emptyArrayString() AS tags, emptyArrayString() AS groups
    FROM (${kept.length === 0 ? keywords : `${rows}${where}`})`;
}

// One page of the rank table chosen inside DuckDB (RtPageQuery, issue 29 item 1): the focus target's best
// position per keyword at the start, previous and end snapshots (from its hits, ./index.ts), the types it
// owns on the end page, its best position ever and its URLs in the compared range when the sort or the
// cannibalisation filter reads them, then the campaign's keywords filtered, sorted and cut to the page — the
// same rows, in the same order, as @core/rank-tracking's tablePage over rankTrackingRows. Only the page's
// keywords leave the engine, with the count the filters keep and what their rows show besides positions —
// text, volume, tags, groups, end-page result types — joined to the 50 kept rows in the same statement (a
// second read for them ran beside the page's hits and slowed both on 2 cores).
import { resultTypeCode } from '@core/result-types';
import type { RtPageQuery } from '../../../rank-tracking-reads';
import { dateLit, intList, type Binds } from '../cv/sql';
import { PAGE_SORT_COLUMN } from '../../rt-input';

/**
 * The page's SQL (keyword_id, text, sv, tags, grps, bits, total) and the count's (n), sharing `b`'s parameters. `hits` is the focus
 * target's hits at the dates the page reads (rt-input.ts pageDates; columns of ./index.ts's reads), or null
 * when its domain has none.
 */
export function rtPageSql(
  b: Binds,
  q: RtPageQuery,
  mid: number,
  hits: string | null,
): { page: string; count: string } {
  const at = (d: string) => dateLit(d);
  const p = q.kind === 'absolute' ? 'position' : 'classic';
  const owned = `bit_or(1::BIGINT << result_type::BIGINT) FILTER (WHERE date = ${at(q.end)})`;
  const previous = q.previous === null ? 'NULL::INTEGER' : `min(p) FILTER (WHERE date = ${at(q.previous)})`;
  // Read only when asked for: the hits then span the history they need (rt-input.ts pageDates). The best is
  // over every date read (all up to the end); the distinct URLs with a position in [start, end] are two or
  // more exactly when core finds a conflict (two URLs on one date, or a best URL that changes).
  const best = q.sort.field === 'best' ? 'min(p)' : 'NULL::INTEGER';
  const urls = q.filter.cannibalised
    ? `count(DISTINCT url_id) FILTER (WHERE date >= ${at(q.start)} AND p IS NOT NULL)`
    : '0::BIGINT';
  const pos =
    hits === null
      ? 'SELECT NULL::INTEGER AS keyword_id, NULL::INTEGER AS e, NULL::INTEGER AS s, NULL::INTEGER AS v, NULL::BIGINT AS owned, NULL::INTEGER AS b, 0::BIGINT AS urls WHERE false'
      : `SELECT keyword_id, min(p) FILTER (WHERE date = ${at(q.end)}) AS e,
          min(p) FILTER (WHERE date = ${at(q.start)}) AS s, ${previous} AS v, ${owned} AS owned,
          ${best} AS b, ${urls} AS urls
        FROM (SELECT keyword_id, date, result_type, url_id, ${p}::INTEGER AS p FROM (${hits}) h)
        GROUP BY keyword_id`;
  const campaign = intList([q.campaignId]);
  const f = q.filter;
  const where: string[] = [];
  if (f.tags.length > 0) {
    const tags = [...new Set(f.tags)];
    const all =
      f.tagsMatch === 'all' ? ` GROUP BY kt.keyword_id HAVING count(DISTINCT t.tag) = ${tags.length}` : '';
    where.push(`ck.keyword_id IN (SELECT kt.keyword_id FROM campaign_keyword_tags kt
      JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id
      WHERE kt.campaign_id = ${campaign} AND list_contains(${b.strings(tags)}, t.tag)${all})`);
  }
  if (f.groups.length > 0) {
    where.push(`ck.keyword_id IN (SELECT kg.keyword_id FROM campaign_keyword_groups kg
      JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id
      WHERE kg.campaign_id = ${campaign} AND list_contains(${b.strings(f.groups)}, g.label))`);
  }
  if (f.text !== '') where.push(`contains(k.text, ${b.string(f.text)})`);
  if (f.feature !== null) {
    const code = resultTypeCode(f.feature);
    where.push(
      f.featureOwned
        ? `coalesce(pos.owned & (1::BIGINT << ${code}), 0) <> 0`
        : `ck.keyword_id IN (SELECT keyword_id FROM serp_results
            WHERE market_id = ${mid} AND date = ${at(q.end)} AND result_type = ${code})`,
    );
  }
  const kept: string[] = [];
  if (f.minPosition !== null || f.maxPosition !== null) kept.push('e IS NOT NULL');
  if (f.minPosition !== null) kept.push(`e >= ${intList([f.minPosition])}`);
  if (f.maxPosition !== null) kept.push(`e <= ${intList([f.maxPosition])}`);
  if (f.movers === 'up') kept.push(`chg >= ${intList([f.moveBy])}`);
  if (f.movers === 'down') kept.push(`chg <= -${intList([f.moveBy])}`);
  if (f.status === 'new') kept.push('e IS NOT NULL AND s IS NULL');
  if (f.status === 'lost') kept.push('e IS NULL AND s IS NOT NULL');
  if (f.cannibalised) kept.push('urls >= 2');
  // A change needs both positions; none when start and end are one date (rows.ts).
  const chg = q.start === q.end ? 'NULL::INTEGER' : 'pos.s - pos.e';
  const prevChg = q.previous === null ? 'NULL::INTEGER' : 'pos.v - pos.e';
  const body = `WITH pos AS (${pos}),
    r AS (SELECT ck.keyword_id, k.text, k.sv, pos.e, pos.s, ${chg} AS chg, ${prevChg} AS prev_chg, pos.b,
        pos.urls
      FROM campaign_keywords ck
      JOIN keywords k ON k.id = ck.keyword_id AND k.market_id = ${mid}
      LEFT JOIN pos ON pos.keyword_id = ck.keyword_id
      WHERE ck.campaign_id = ${campaign}${where.map((w) => ` AND ${w}`).join('')}),
    kept AS MATERIALIZED (SELECT * FROM r${kept.length === 0 ? '' : ` WHERE ${kept.join(' AND ')}`})`;
  const dir = q.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = (t: string) =>
    `${t}.${PAGE_SORT_COLUMN[q.sort.field]} ${dir} NULLS LAST, ${t}.text ASC, ${t}.keyword_id ASC`;
  const limit = q.limit === null ? '' : `LIMIT ${intList([q.limit])} `;
  const labels = (link: string, names: string, id: string, label: string) =>
    `SELECT l.keyword_id, list(n.${label} ORDER BY n.${label}) AS labels FROM ${link} l
      JOIN ${names} n ON n.campaign_id = l.campaign_id AND n.${id} = l.${id}
      WHERE l.campaign_id = ${campaign} AND l.keyword_id IN (SELECT keyword_id FROM pg) GROUP BY l.keyword_id`;
  return {
    // The total is a scalar subquery over the materialised `kept`, not count(*) OVER (): DuckDB 1.5.5's
    // parallel window operator intermittently fails on a small filtered input ("Attempted to access index 0
    // within vector of size 0", duckdb/duckdb#25713) and invalidates the database until a restart.
    page: `${body},
      pg AS MATERIALIZED (SELECT *, (SELECT count(*) FROM kept) AS total FROM kept k ORDER BY ${order('k')}
        ${limit}OFFSET ${intList([q.offset])}),
      tags AS (${labels('campaign_keyword_tags', 'campaign_tags', 'tag_id', 'tag')}),
      grps AS (${labels('campaign_keyword_groups', 'campaign_groups', 'group_id', 'label')}),
      types AS (SELECT keyword_id, types AS bits FROM serp_keyword_dates
        WHERE market_id = ${mid} AND date = ${at(q.end)} AND keyword_id IN (SELECT keyword_id FROM pg))
    SELECT pg.keyword_id, pg.text, pg.sv, pg.total, coalesce(tags.labels, []) AS tags,
      coalesce(grps.labels, []) AS grps, types.bits
    FROM pg LEFT JOIN tags ON tags.keyword_id = pg.keyword_id LEFT JOIN grps ON grps.keyword_id = pg.keyword_id
      LEFT JOIN types ON types.keyword_id = pg.keyword_id
    ORDER BY ${order('pg')}`,
    count: `${body} SELECT count(*) AS n FROM kept`,
  };
}

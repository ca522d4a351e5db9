// The rank-tracking reads of the DuckDB RankStore (rank-tracking-reads.ts). A campaign's targets are read
// from its rank-tracking copy (rt_hits, copy.ts) when the campaign declared all their registrable domains:
// one narrow range per campaign, sorted by keyword and date. Otherwise (domains not declared yet, e.g. data
// from before schema v10 until the campaign's set-up is next saved, or copies turned off) each target's results come from
// serp_by_domain, which is sorted by (market, domain, date, keyword) so a target prunes row groups to its
// registrable domain; the classic position — 1 + the organic and brand results above a result on its page
// (DESIGN §3) — is then read from the page's position masks in serp_keyword_dates less the non-organic
// results above, so no organic row is joined. Both give the same rows. Market, dates and domain ids are
// literals so that DuckDB prunes by them; keyword ids and names are bound parameters.
import type { DuckDBValue } from '@duckdb/node-api';
import { resultTypeOf } from '@core/result-types';
import type {
  RankTrackingReads,
  RtHit,
  RtPage,
  RtPageQuery,
  RtPageTypes,
  RtQuery,
  RtTarget,
} from '../../../rank-tracking-reads';
import { checkMarket } from '../../input';
import { checkRtPageQuery, checkRtQuery, pageDates, typeBits } from '../../rt-input';
import { Binds, dateLit, dateOfDay, daysOf, intList } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { copiesOff } from '../cv/tracked-hits';
import { memoMarketId } from '../dims';
import { ABOVE, copiedDomains, copiedHitsSql, ORGANIC } from './copy';
import { rtPageSql } from './page';

/** The campaign's keyword ids of the query (bound), as a subquery. */
function campaignKeywords(b: Binds, q: Omit<RtQuery, 'targets'>, mid: number): string {
  const only = q.keywordIds === null ? '' : ` AND list_contains(${b.ints(q.keywordIds)}, keyword_id)`;
  return `SELECT keyword_id FROM campaign_keywords
    WHERE campaign_id = ${b.int(q.campaignId)} AND market_id = ${mid}${only}`;
}

/** The SELECT of one target's results: its domain's rows, narrowed to the host (and path) it names. */
async function targetRows(
  s: Session,
  b: Binds,
  t: RtTarget,
  index: number,
  where: string,
): Promise<string | null> {
  const f = t.filter;
  const rows = await s.all('SELECT id FROM domains WHERE domain = $1', [f.domain]);
  if (rows.length === 0) return null;
  const host =
    f.kind === 'domain' ? '' : ` AND r.host_id IN (SELECT id FROM hosts WHERE host = ${b.string(f.host)})`;
  const path =
    f.kind === 'path'
      ? ` AND r.url_id IN (SELECT id FROM urls WHERE host_id IN (SELECT id FROM hosts WHERE host = ${b.string(f.host)})
           AND (path = ${b.string(f.path!)} OR starts_with(path, ${b.string(`${f.path!}/`)})))`
      : '';
  return `SELECT ${index} AS target, r.keyword_id, r.date, r.position, r.result_type, r.url_id
    FROM serp_by_domain r WHERE r.domain_id = ${Number(rows[0]!.id)} AND ${where}${host}${path}`;
}

/** The raw read: each target's rows from serp_by_domain, the classic position from the page masks. */
async function rawHitsSql(s: Session, b: Binds, q: RtQuery, mid: number): Promise<string | null> {
  const only = q.dates === undefined ? '' : ` AND r.date IN (${q.dates.map(dateLit).join(', ')})`;
  const where = `r.market_id = ${mid} AND r.date BETWEEN ${dateLit(q.from)} AND ${dateLit(q.to)}${only}
    AND r.keyword_id IN (${campaignKeywords(b, q, mid)})`;
  const parts: string[] = [];
  for (const [i, t] of q.targets.entries()) {
    const sql = await targetRows(s, b, t, i, where);
    if (sql !== null) parts.push(sql);
  }
  if (parts.length === 0) return null;
  return `WITH h AS (${parts.join(' UNION ALL ')}),
    n AS (SELECT r.keyword_id, r.date, r.position FROM serp_results r
      WHERE ${where} AND r.result_type NOT IN (${ORGANIC})
        AND r.keyword_id IN (SELECT keyword_id FROM h))
    SELECT h.target, h.keyword_id, h.date, h.position, h.result_type, h.url_id,
      CASE WHEN h.result_type IN (${ORGANIC}) THEN 1 + any_value(${ABOVE}) - count(n.position) END AS classic
    FROM h
    JOIN serp_keyword_dates k ON k.market_id = ${mid} AND k.date = h.date AND k.keyword_id = h.keyword_id
    LEFT JOIN n ON n.keyword_id = h.keyword_id AND n.date = h.date AND n.position < h.position
    GROUP BY h.target, h.keyword_id, h.date, h.position, h.result_type, h.url_id`;
}

/** The copied domains' ids when the campaign's copy answers the query (copy.ts, copiedDomains); else null. */
function copied(db: DuckDb, s: Session, q: RtQuery): Promise<Map<string, number> | null> {
  if (copiesOff(db)) return Promise.resolve(null);
  // Memoised until the next write: a table page asks it twice (page, then rows), 2–3 ms a time.
  const names = [...new Set(q.targets.map((t) => t.filter.domain))].sort();
  const key = `rt copied ${q.campaignId} ${JSON.stringify(names)}`;
  return db.memoised(key, () => copiedDomains(s, q.campaignId, q.targets));
}

/** The targets' hits of the query (target, keyword_id, date, position, result_type, url_id, classic). */
function hitsSql(
  s: Session,
  b: Binds,
  q: RtQuery,
  mid: number,
  ids: Map<string, number> | null,
): Promise<string | null> | string | null {
  return ids === null ? rawHitsSql(s, b, q, mid) : copiedHitsSql(b, q, mid, ids);
}

/**
 * The URLs of these ids, each read once: hits repeat few URLs (12,845 hits of a 50-keyword page name 440),
 * and joining the URL text to every hit cost more than the hits' own read (about 40 ms against 15 ms). When
 * the hits came from the campaign's copy, the id list joined to its URL dictionary (rt_urls, every URL the
 * copy names: 16,965 for the bench's campaign), 3.8 ms for a page's 440 URLs against 9.9 ms joined to urls
 * (the text of all 223,638 stored URLs read) and 7.9 ms as a list_contains filter on the dictionary.
 */
async function urlsById(
  s: Session,
  ids: readonly DuckDBValue[],
  campaignId: number | null,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.map(Number))];
  if (unique.length === 0) return new Map();
  const b = new Binds();
  const list = b.ints(unique);
  const [id, url] = await s.columns(
    campaignId === null
      ? `SELECT u.id, u.url FROM (SELECT unnest(${list}) AS id) x JOIN urls u ON u.id = x.id`
      : `SELECT v.url_id AS id, v.url FROM (SELECT unnest(${list}) AS id) x
        JOIN rt_urls v ON v.campaign_id = ${intList([campaignId])} AND v.url_id = x.id`,
    b.values,
    b.types,
  );
  return new Map(id!.map((v, i) => [Number(v), String(url![i])]));
}

async function hits(db: DuckDb, q: RtQuery): Promise<RtHit[]> {
  checkRtQuery(q);
  if (q.targets.length === 0 || q.keywordIds?.length === 0 || q.dates?.length === 0) return [];
  return db.read(async (s) => {
    const mid = await memoMarketId(db, s, q.market);
    if (mid === null) return [];
    const b = new Binds();
    const ids = await copied(db, s, q);
    const rows = await hitsSql(s, b, q, mid, ids);
    if (rows === null) return [];
    const sql = `SELECT h.target, h.keyword_id, ${daysOf('h.date')} AS day, h.position, h.result_type, h.url_id,
        h.classic
      FROM (${rows}) h ORDER BY h.keyword_id, h.date, h.target, h.position`;
    // Column by column: a campaign's history is often a million hits, which row objects convert slowly.
    const [target, keyword, day, position, type, urlId, classic] = await s.columns(sql, b.values, b.types);
    const urls = await urlsById(s, urlId!, ids === null ? null : q.campaignId);
    const out: RtHit[] = [];
    const isoOfDay = new Map<number, string>();
    for (let i = 0; i < (keyword?.length ?? 0); i++) {
      const c = classic![i];
      const d = Number(day![i]);
      let date = isoOfDay.get(d);
      if (date === undefined) isoOfDay.set(d, (date = dateOfDay(d)));
      out.push({
        keywordId: Number(keyword![i]),
        date,
        target: Number(target![i]),
        position: Number(position![i]),
        classic: c === null || c === undefined ? null : Number(c),
        resultType: resultTypeOf(Number(type![i])),
        url: urls.get(Number(urlId![i]))!,
      });
    }
    return out;
  });
}

async function page(db: DuckDb, q: RtPageQuery): Promise<RtPage> {
  checkRtPageQuery(q);
  return db.read(async (s) => {
    const mid = await memoMarketId(db, s, q.market);
    if (mid === null) return { total: 0, keywords: [] };
    const b = new Binds();
    const on = pageDates(q);
    const focus = { ...q, targets: [q.focus], from: on[0]!, to: q.end, keywordIds: null, dates: on };
    const sql = rtPageSql(b, q, mid, await hitsSql(s, b, focus, mid, await copied(db, s, focus)));
    const rows = await s.all(sql.page, b.values, b.types);
    // Past the last row the window has nothing to count on: count apart.
    const total =
      rows.length > 0
        ? Number(rows[0]!.total)
        : q.offset === 0
          ? 0
          : Number((await s.all(sql.count, b.values, b.types))[0]!.n);
    const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
    const keywords = rows.map((r) => ({
      id: Number(r.keyword_id),
      text: String(r.text),
      sv: r.sv === null ? null : Number(r.sv),
      tags: strings(r.tags),
      groups: strings(r.grps),
      types: r.bits === null ? [] : typeBits(Number(r.bits)).map(resultTypeOf),
    }));
    return { total, keywords };
  });
}

async function pageTypes(db: DuckDb, q: Omit<RtQuery, 'targets'>): Promise<RtPageTypes[]> {
  checkRtQuery(q);
  if (q.keywordIds?.length === 0) return [];
  return db.read(async (s) => {
    const mid = await memoMarketId(db, s, q.market);
    if (mid === null) return [];
    const b = new Binds();
    const rows = await s.all(
      `SELECT r.keyword_id, ${daysOf('r.date')} AS day, r.types AS bits
       FROM serp_keyword_dates r
       WHERE r.market_id = ${mid} AND r.date BETWEEN ${dateLit(q.from)} AND ${dateLit(q.to)}
         AND r.keyword_id IN (${campaignKeywords(b, q, mid)})
       ORDER BY r.keyword_id, r.date`,
      b.values,
      b.types,
    );
    return rows.map((r) => ({
      keywordId: Number(r.keyword_id),
      date: dateOfDay(Number(r.day)),
      types: typeBits(Number(r.bits)).map(resultTypeOf),
    }));
  });
}

async function snapshotDates(db: DuckDb, market: string): Promise<string[]> {
  checkMarket(market);
  return db.read(async (s) => {
    const mid = await memoMarketId(db, s, market);
    if (mid === null) return [];
    const rows = await s.all(
      `SELECT DISTINCT ${daysOf('date')} AS day FROM serp_snapshots WHERE market_id = ${mid} AND keywords > 0
       ORDER BY day`,
    );
    return rows.map((r) => dateOfDay(Number(r.day)));
  });
}

export function rankTrackingReads(db: DuckDb): RankTrackingReads {
  return {
    page: (q) => page(db, q),
    hits: (q) => hits(db, q),
    pageTypes: (q) => pageTypes(db, q),
    snapshotDates: (market) => snapshotDates(db, market),
  };
}

// The rank-tracking copy on DuckDB (rt_hits, declared in ../../derived-tables.ts, refreshed by ../derived.ts):
// the SELECT that builds a campaign's rows, and the read of a campaign's targets from it. Both positions are
// computed as the raw read computes them (index.ts): the classic position is 1 + the organic and brand
// results above a result on its page (DESIGN §3) — the stored results above it (its page's position masks in
// serp_keyword_dates) less the non-organic ones above it — so the copy answers the raw read's rows exactly.
import { resultTypeCode } from '@core/result-types';
import type { RtQuery, RtTarget } from '../../../rank-tracking-reads';
import { Binds, dateLit, intList } from '../cv/sql';
import type { Session } from '../db';
import type { CampaignUnit } from '../derived';

/** Result-type codes that have a classic position. */
export const ORGANIC = [resultTypeCode('organic'), resultTypeCode('brand')].join(', ');

/**
 * Stored results above hit `h` on its page (masks of serp_keyword_dates `k`: bit p of lo for p < 64, bit
 * p − 64 of hi); less the non-organic results above it, it gives the organic and brand results above it.
 */
export const ABOVE = `CASE WHEN h.position >= 64 THEN bit_count(k.lo)
    ELSE bit_count(k.lo & ((1::UBIGINT << h.position) - 1)) END
  + CASE WHEN h.position > 64 THEN bit_count(k.hi & ((1::UBIGINT << (h.position - 64)) - 1)) ELSE 0 END`;

/** rt_hits rows of one campaign (every column), from the results meeting `dates` (SQL on alias r). */
export function rankCopySource(u: CampaignUnit, dates: string): string {
  const mid = intList([u.marketId]);
  const where = `r.market_id = ${mid} AND ${dates}`;
  return `WITH h AS (
      SELECT r.keyword_id, r.date, r.domain_id, r.host_id, r.url_id, r.position, r.result_type
      FROM serp_results r
      WHERE ${where} AND r.domain_id IN (${intList(u.domainIds)}) AND r.keyword_id IN (
        SELECT keyword_id FROM campaign_keywords
        WHERE campaign_id = ${intList([u.campaignId])} AND market_id = ${mid})),
    n AS (SELECT r.keyword_id, r.date, r.position FROM serp_results r
      WHERE ${where} AND r.result_type NOT IN (${ORGANIC}) AND r.keyword_id IN (SELECT keyword_id FROM h))
    SELECT ${intList([u.campaignId])} AS campaign_id, h.keyword_id, h.date, ${mid} AS market_id, h.domain_id,
      h.host_id, h.url_id, h.position, h.result_type,
      CASE WHEN h.result_type IN (${ORGANIC}) THEN 1 + any_value(${ABOVE}) - count(n.position) END AS classic
    FROM h
    JOIN serp_keyword_dates k ON k.market_id = ${mid} AND k.date = h.date AND k.keyword_id = h.keyword_id
    LEFT JOIN n ON n.keyword_id = h.keyword_id AND n.date = h.date AND n.position < h.position
    GROUP BY h.keyword_id, h.date, h.domain_id, h.host_id, h.url_id, h.position, h.result_type`;
}

/**
 * rt_urls rows of one campaign: the text of each URL its rt_hits rows meeting `dates` (SQL on alias r) name.
 * Read from the copy, which every refresh rewrites first in the same transaction (../../derived-tables.ts).
 */
export function rankUrlsSource(u: CampaignUnit, dates: string): string {
  const c = intList([u.campaignId]);
  return `SELECT ${c} AS campaign_id, x.url_id, v.url
    FROM (SELECT DISTINCT r.url_id FROM rt_hits r WHERE r.campaign_id = ${c} AND ${dates}) x
    JOIN urls v ON v.id = x.url_id`;
}

/**
 * The ids of the targets' registrable domains when the campaign's copy holds every one of them (each is
 * declared for the campaign); null when one is not, so the raw read answers. A domain never stored has
 * no id and no results: it needs no copy.
 */
export async function copiedDomains(
  s: Session,
  campaignId: number,
  targets: readonly RtTarget[],
): Promise<Map<string, number> | null> {
  const b = new Binds();
  const names = [...new Set(targets.map((t) => t.filter.domain))];
  const rows = await s.all(
    `SELECT n.domain, d.id, cd.domain IS NOT NULL AS declared
     FROM unnest(${b.strings(names)}) AS n(domain)
     LEFT JOIN domains d ON d.domain = n.domain
     LEFT JOIN campaign_domains cd ON cd.campaign_id = ${intList([campaignId])} AND cd.domain = n.domain`,
    b.values,
    b.types,
  );
  const out = new Map<string, number>();
  for (const r of rows) {
    if (r.id === null) continue;
    if (r.declared !== true) return null;
    out.set(String(r.domain), Number(r.id));
  }
  return out;
}

/**
 * The targets' rows of the query from the copy (target, keyword, date, position, type, url id, classic):
 * one scan of the campaign's range. When every target is a whole registrable domain of its own, each row's
 * target is named by its domain; otherwise the range is materialised, whole-domain targets joined to it by
 * domain id (a UNION part per target cost 60 ms for 20 domains, the join 12 ms), host and path targets
 * narrowed one by one.
 */
export function copiedHitsSql(
  b: Binds,
  q: RtQuery,
  marketId: number,
  ids: ReadonlyMap<string, number>,
): string | null {
  const parts: string[] = [];
  const whole: { target: number; domain: number }[] = [];
  for (const [i, t] of q.targets.entries()) {
    const f = t.filter;
    const id = ids.get(f.domain);
    if (id === undefined) continue;
    if (f.kind === 'domain') {
      whole.push({ target: i, domain: id });
      continue;
    }
    const hosts = `(SELECT id FROM hosts WHERE host = ${b.string(f.host)})`;
    const path =
      f.kind === 'path'
        ? ` AND c.url_id IN (SELECT id FROM urls WHERE host_id IN ${hosts}
             AND (path = ${b.string(f.path!)} OR starts_with(path, ${b.string(`${f.path!}/`)})))`
        : '';
    parts.push(`SELECT ${i} AS target, c.keyword_id, c.date, c.position, c.result_type, c.url_id, c.classic
      FROM c WHERE c.domain_id = ${id} AND c.host_id IN ${hosts}${path}`);
  }
  const domains = new Set(whole.map((w) => w.domain));
  // Whole domains only, each one target's: the rows straight from the copy, the target named by domain (the
  // materialised range joined to its targets cost 3 ms more for a page's 10,000 keywords).
  const direct = parts.length === 0 && domains.size === whole.length;
  if (whole.length > 0 && !direct) {
    const rows = whole.map((w) => `(${w.target}, ${w.domain})`).join(', ');
    parts.push(`SELECT t.target, c.keyword_id, c.date, c.position, c.result_type, c.url_id, c.classic
      FROM c JOIN (VALUES ${rows}) t(target, domain_id) ON t.domain_id = c.domain_id`);
  }
  if (parts.length === 0 && !direct) return null;
  // The ids' span as constants prunes the campaign's range to the row groups holding them; the ids as one
  // list_contains then cost 4 ms where an IN list of the same 50 constants (a join per row) cost 14 ms.
  const kw = q.keywordIds ?? [];
  let keywords = '';
  if (kw.length > 0) {
    const list = b.ints(kw);
    const lo = kw.reduce((a, v) => Math.min(a, v));
    const hi = kw.reduce((a, v) => Math.max(a, v));
    keywords = ` AND keyword_id BETWEEN ${intList([lo])} AND ${intList([hi])} AND list_contains(${list}, keyword_id)`;
  }
  const only = q.dates === undefined ? '' : ` AND date IN (${q.dates.map(dateLit).join(', ')})`;
  const where = `campaign_id = ${intList([q.campaignId])} AND market_id = ${intList([marketId])}
        AND date BETWEEN ${dateLit(q.from)} AND ${dateLit(q.to)}${only}
        AND domain_id IN (${intList(new Set(ids.values()))})${keywords}`;
  if (direct) {
    const target =
      whole.length === 1
        ? String(whole[0]!.target)
        : `CASE domain_id ${whole.map((w) => `WHEN ${w.domain} THEN ${w.target}`).join(' ')} END`;
    return `SELECT ${target} AS target, keyword_id, date, position, result_type, url_id, classic FROM rt_hits
      WHERE ${where}`;
  }
  return `WITH c AS MATERIALIZED (
      SELECT keyword_id, date, domain_id, host_id, url_id, position, result_type, classic FROM rt_hits
      WHERE ${where})
    ${parts.join(' UNION ALL ')}`;
}

// The host at one date on DuckDB (hostPoint of visibility-explorer-reads.ts): the keywords and URLs where it
// ranks and the domain league of the snapshots it ranks in (league.ts). The host's keywords at the date, with
// their volumes and scores, are built once into temporary tables that every statement reads
// (host-keywords.ts); the league alone reads other hosts' results. Units: sv monthly searches, VS estimated
// monthly clicks.
import type { HostFilter } from '@core/host-match';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type { VeHostKeywords, VeHostPoint, VeHostUrl } from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr, checkLimit } from '../../ve-input';
import { Binds, intList } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { HOST_KEYWORDS, HOST_SCORES, hostKeywords } from './host-keywords';
import { inScope } from './host-rows';
import { leagueAt } from './league';
import { veRollFresh } from './roll';

const NOTHING: VeHostPoint = {
  keywords: { rankingKeywords: 0, visibilityScore: 0, bestPositions: [], top: [] },
  urls: [],
  league: { total: 0, rows: [] },
};

/**
 * Keywords where the host ranks (HOST_KEYWORDS): count, VS and best positions, and the `limit` with the
 * highest VS, each with the URL at its best position (from `results`). Volumes are summed per key first
 * (exact integers), and each sum multiplied by its key's Σ ctr once.
 */
async function keywordsAt(s: Session, results: string, limit: number): Promise<VeHostKeywords> {
  const byKey = `SELECT k1, k2, count(*) AS n, sum(coalesce(sv, 0)) AS sv FROM ${HOST_KEYWORDS} GROUP BY k1, k2`;
  const hist = await s.all(
    `SELECT x.best, sum(g.n) AS n, sum(g.sv * x.c) AS vs
     FROM (${byKey}) g JOIN ${HOST_SCORES} x ON x.k1 = g.k1 AND x.k2 = g.k2 GROUP BY x.best ORDER BY x.best`,
  );
  // Ties on the rounded VS are broken by text, so every keyword tied with the limit-th is a candidate. That
  // VS is read first, from the `limit` highest volumes of each key (within a key, VS follows volume), so
  // that the candidates are a filter on constants: against a subquery, DuckDB ran a nested loop over every
  // keyword (25 ms for 650,000).
  const cut = await s.all(
    `SELECT round(t.sv * x.c, ${CV_TIE_DIGITS}) AS rv, (SELECT max(c) FROM ${HOST_SCORES}) AS cmax FROM (
       SELECT k1, k2, unnest(tops) AS sv FROM (
         SELECT k1, k2, max(coalesce(sv, 0), ${limit}) AS tops FROM ${HOST_KEYWORDS} GROUP BY k1, k2)) t
     JOIN ${HOST_SCORES} x ON x.k1 = t.k1 AND x.k2 = t.k2
     ORDER BY rv DESC LIMIT 1 OFFSET ${limit - 1}`,
  );
  const p = new Binds();
  const vs = `coalesce(w.sv, 0) * x.c`;
  const where: string[] = [];
  if (cut.length > 0) {
    const rv = Number(cut[0]!.rv);
    const cmax = Number(cut[0]!.cmax);
    // A candidate's volume is at least (rv − rounding) ÷ the largest Σ ctr: a plain comparison that passes
    // a superset before the join; round() then decides.
    if (cmax > 0)
      where.push(`coalesce(w.sv, 0) >= ${p.double(((rv - 2 * 10 ** -CV_TIE_DIGITS) / cmax) * (1 - 1e-9))}`);
    where.push(`round(${vs}, ${CV_TIE_DIGITS}) >= ${p.double(rv)}`);
  }
  const top = await s.all(
    `WITH picked AS MATERIALIZED (
       SELECT w.keyword_id, x.best, w.sv, ${vs} AS vs
       FROM ${HOST_KEYWORDS} w JOIN ${HOST_SCORES} x ON x.k1 = w.k1 AND x.k2 = w.k2
       ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}),
       best AS (SELECT keyword_id, arg_min(url_id, position) AS url_id FROM (${results})
         WHERE keyword_id IN (SELECT keyword_id FROM picked) GROUP BY keyword_id)
     SELECT k.text, w.sv, w.best, x.url, w.vs FROM picked w JOIN best USING (keyword_id)
     JOIN keywords k ON k.id = w.keyword_id JOIN urls x ON x.id = best.url_id
     ORDER BY round(w.vs, ${CV_TIE_DIGITS}) DESC, k.text LIMIT ${limit}`,
    p.values,
    p.types,
  );
  return {
    rankingKeywords: hist.reduce((n, r) => n + Number(r.n), 0),
    visibilityScore: hist.reduce((v, r) => v + Number(r.vs), 0),
    bestPositions: hist.map((r) => ({ position: Number(r.best), keywords: Number(r.n) })),
    top: top.map((r) => ({
      keyword: String(r.text),
      searchVolume: r.sv === null ? null : Number(r.sv),
      position: Number(r.best),
      url: String(r.url),
      visibilityScore: Number(r.vs),
    })),
  };
}

/** The host's `limit` URLs with the highest VS, then by URL. */
async function urlsAt(
  s: Session,
  results: string,
  c: Binds,
  ctr: string,
  limit: number,
): Promise<VeHostUrl[]> {
  // Volumes are summed per URL and position first (exact integers), each sum multiplied by its ctr once.
  const rows = await s.all(
    `WITH byPosition AS (
       SELECT r.url_id, r.position, sum(x.sv) AS sv
       FROM (${results}) r JOIN ${HOST_KEYWORDS} x ON x.keyword_id = r.keyword_id GROUP BY ALL),
     per AS (
       SELECT url_id, min(position) AS best, coalesce(sum(sv * ${ctr}[position]), 0) AS vs
       FROM byPosition GROUP BY url_id),
     cut AS (SELECT round(vs, ${CV_TIE_DIGITS}) AS rv FROM per ORDER BY rv DESC LIMIT ${limit})
     SELECT p.url_id, x.url, p.best, p.vs
     FROM (SELECT * FROM per WHERE round(vs, ${CV_TIE_DIGITS}) >= (SELECT min(rv) FROM cut)) p
     JOIN urls x ON x.id = p.url_id
     ORDER BY round(p.vs, ${CV_TIE_DIGITS}) DESC, x.url LIMIT ${limit}`,
    c.values,
    c.types,
  );
  if (rows.length === 0) return [];
  // Keywords are counted for the shown URLs only (a distinct count over every URL cost 20 ms of 60 for a
  // host on 650,000 keywords), named as literals: a filter in the scan, where a subquery was a join after it.
  const counts = await s.all(
    `SELECT url_id, count(DISTINCT keyword_id) AS n FROM (${results})
     WHERE url_id IN (${intList(rows.map((r) => Number(r.url_id)))}) GROUP BY url_id`,
  );
  const n = new Map(counts.map((r) => [Number(r.url_id), Number(r.n)]));
  return rows.map((r) => ({
    url: String(r.url),
    keywords: n.get(Number(r.url_id)) ?? 0,
    bestPosition: Number(r.best),
    visibilityScore: Number(r.vs),
  }));
}

export async function hostPoint(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  date: string,
  ctr: readonly number[],
  limit: number,
  leagueLimit: number,
): Promise<VeHostPoint> {
  checkCtr(ctr);
  checkLimit(limit);
  checkLimit(leagueLimit);
  checkDate(date);
  return inScope(db, market, filter, NOTHING, async (s, scope) => {
    const c = new Binds();
    const curve = c.doubles(ctr);
    const host = await hostKeywords(db, s, scope, date, c, curve);
    try {
      const keywords = await keywordsAt(s, host.results, limit);
      if (keywords.rankingKeywords === 0) return NOTHING;
      return {
        keywords,
        urls: await urlsAt(s, host.results, c, curve, limit),
        league: await leagueAt(
          s,
          scope,
          date,
          {
            fast: host.fast,
            rolled: host.fast && (await veRollFresh(db, s, scope.mid)),
            total: host.total,
            own: !host.ownRows
              ? null
              : {
                  domainId: scope.domainId,
                  visibilityScore: keywords.visibilityScore,
                  keywords: keywords.rankingKeywords,
                },
          },
          c,
          curve,
          leagueLimit,
          (key, read) => db.memoised(`${key} ctr ${ctr.join(',')}`, read),
        ),
      };
    } finally {
      await host.drop();
    }
  });
}

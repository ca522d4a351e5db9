// The host at one date on DuckDB (hostPoint of visibility-explorer-reads.ts): the keywords and URLs where it
// ranks and the domain league of the snapshots it ranks in (league.ts). The host's used rows at the date are
// joined to their volumes once, into a temporary table that every statement reads; the league alone reads
// other hosts' results. Units: sv monthly searches, VS estimated monthly clicks.
import type { HostFilter } from '@core/host-match';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type { VeHostKeywords, VeHostPoint, VeHostUrl } from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr, checkLimit } from '../../ve-input';
import { Binds } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { inScope, usedRows } from './host-rows';
import { AT, HOST_KEYWORDS, leagueAt } from './league';
import { veRollFresh } from './roll';

const NOTHING: VeHostPoint = {
  keywords: { rankingKeywords: 0, visibilityScore: 0, bestPositions: [], top: [] },
  urls: [],
  league: { total: 0, rows: [] },
};

/**
 * Keywords where the host ranks: count, VS and best positions, and the `limit` with the highest VS. Leaves
 * them in HOST_KEYWORDS for the league, which the caller drops.
 */
async function keywordsAt(s: Session, c: Binds, ctr: string, limit: number): Promise<VeHostKeywords> {
  await s.all(
    `CREATE OR REPLACE TEMP TABLE ${HOST_KEYWORDS} AS
     SELECT keyword_id, min(position) AS best, arg_min(url_id, position) AS url_id, any_value(sv) AS sv,
       coalesce(any_value(sv), 0) * sum(${ctr}[position]) AS vs
     FROM ${AT} GROUP BY keyword_id`,
    c.values,
    c.types,
  );
  const hist = await s.all(
    `SELECT best, count(*) AS n, sum(vs) AS vs FROM ${HOST_KEYWORDS} GROUP BY best ORDER BY best`,
  );
  // Ties on the rounded VS are broken by text, so every keyword tied with the last one is a candidate.
  const top = await s.all(
    `WITH cut AS (SELECT round(vs, ${CV_TIE_DIGITS}) AS rv FROM ${HOST_KEYWORDS} ORDER BY rv DESC LIMIT ${limit}),
       picked AS (SELECT * FROM ${HOST_KEYWORDS} WHERE round(vs, ${CV_TIE_DIGITS}) >= (SELECT min(rv) FROM cut))
     SELECT k.text, w.sv, w.best, x.url, w.vs FROM picked w
     JOIN keywords k ON k.id = w.keyword_id JOIN urls x ON x.id = w.url_id
     ORDER BY round(w.vs, ${CV_TIE_DIGITS}) DESC, k.text LIMIT ${limit}`,
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
async function urlsAt(s: Session, c: Binds, ctr: string, limit: number): Promise<VeHostUrl[]> {
  const rows = await s.all(
    `WITH per AS (
       SELECT url_id, count(DISTINCT keyword_id) AS n, min(position) AS best,
         coalesce(sum(sv * ${ctr}[position]), 0) AS vs
       FROM ${AT} GROUP BY url_id),
     cut AS (SELECT round(vs, ${CV_TIE_DIGITS}) AS rv FROM per ORDER BY rv DESC LIMIT ${limit}),
     picked AS (SELECT * FROM per WHERE round(vs, ${CV_TIE_DIGITS}) >= (SELECT min(rv) FROM cut))
     SELECT x.url, p.n, p.best, p.vs FROM picked p JOIN urls x ON x.id = p.url_id
     ORDER BY round(p.vs, ${CV_TIE_DIGITS}) DESC, x.url LIMIT ${limit}`,
    c.values,
    c.types,
  );
  return rows.map((r) => ({
    url: String(r.url),
    keywords: Number(r.n),
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
    const b = new Binds();
    const used = await usedRows(db, s, scope, b, [date]);
    await s.all(
      `CREATE OR REPLACE TEMP TABLE ${AT} AS
       SELECT u.keyword_id, u.date, u.position, u.url_id, k.sv FROM (${used.sql}) u
       JOIN keywords k ON k.id = u.keyword_id`,
      b.values,
      b.types,
    );
    try {
      const c = new Binds();
      const curve = c.doubles(ctr);
      const keywords = await keywordsAt(s, c, curve, limit);
      if (keywords.rankingKeywords === 0) return NOTHING;
      return {
        keywords,
        urls: await urlsAt(s, c, curve, limit),
        league: await leagueAt(
          s,
          scope,
          date,
          { fast: used.fast, rolled: used.fast && (await veRollFresh(db, s, scope.mid)) },
          c,
          curve,
          leagueLimit,
          (key, read) => db.memoised(`${key} ctr ${ctr.join(',')}`, read),
        ),
      };
    } finally {
      await s.run(`DROP TABLE IF EXISTS ${HOST_KEYWORDS}`);
      await s.run(`DROP TABLE IF EXISTS ${AT}`);
    }
  });
}

// The host at one date on DuckDB (hostPoint of visibility-explorer-reads.ts): the keywords and URLs where it
// ranks and the domain league of the snapshots it ranks in. The host's used rows at the date are joined to
// their volumes once, into a temporary table that the four statements read; the league alone reads other
// hosts' results, one pass over the date's rows. Units: sv monthly searches, VS estimated monthly clicks.
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  VeDomainScores,
  VeHostKeywords,
  VeHostPoint,
  VeHostUrl,
} from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr, checkLimit } from '../../ve-input';
import { Binds, dateLit, intList } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { inScope, usedRows, type HostScope } from './host-rows';

/** The host's used rows at the date with their keyword's volume (null when unknown). */
const AT = 've_at';

const NOTHING: VeHostPoint = {
  keywords: { rankingKeywords: 0, visibilityScore: 0, bestPositions: [], top: [] },
  urls: [],
  league: { total: 0, rows: [] },
};

/** Keywords where the host ranks: count, VS and best positions, and the `limit` with the highest VS. */
async function keywordsAt(s: Session, c: Binds, ctr: string, limit: number): Promise<VeHostKeywords> {
  await s.all(
    `CREATE OR REPLACE TEMP TABLE ve_kw AS
     SELECT keyword_id, min(position) AS best, arg_min(url_id, position) AS url_id, any_value(sv) AS sv,
       coalesce(any_value(sv), 0) * sum(${ctr}[position]) AS vs
     FROM ${AT} GROUP BY keyword_id`,
    c.values,
    c.types,
  );
  try {
    const hist = await s.all(
      'SELECT best, count(*) AS n, sum(vs) AS vs FROM ve_kw GROUP BY best ORDER BY best',
    );
    // Ties on the rounded VS are broken by text, so every keyword tied with the last one is a candidate.
    const top = await s.all(
      `WITH cut AS (SELECT round(vs, ${CV_TIE_DIGITS}) AS rv FROM ve_kw ORDER BY rv DESC LIMIT ${limit}),
         picked AS (SELECT * FROM ve_kw WHERE round(vs, ${CV_TIE_DIGITS}) >= (SELECT min(rv) FROM cut))
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
  } finally {
    await s.run('DROP TABLE IF EXISTS ve_kw');
  }
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

/**
 * Σ sv × ctr(p) per registrable domain over every result of the snapshots the host ranks in, and each
 * shown domain's keywords there. `fast`: every snapshot used is dated `date`.
 */
async function leagueAt(
  s: Session,
  scope: HostScope,
  date: string,
  fast: boolean,
  c: Binds,
  ctr: string,
  limit: number,
): Promise<VeDomainScores> {
  // Dates as literals so that DuckDB reads only their row groups; on the fast path the keyword alone joins.
  const on = fast
    ? `x.keyword_id = r.keyword_id WHERE r.date = ${dateLit(date)}`
    : `x.keyword_id = r.keyword_id AND x.date = r.date
       WHERE r.date BETWEEN ${dateLit(date)} - ${MAX_SNAPSHOT_AGE_DAYS} AND ${dateLit(date)}`;
  // Volumes summed per position first (exact integers), each sum multiplied by ctr(position) once: indexing
  // the CTR list on each of 25 million rows cost more than the join.
  const top = await s.all(
    `WITH snaps AS (SELECT DISTINCT keyword_id, date, sv FROM ${AT}),
       byPosition AS (
         SELECT r.domain_id, r.position, sum(x.sv) AS sv
         FROM serp_results r JOIN snaps x ON ${on} AND r.market_id = ${scope.mid}
         GROUP BY ALL),
       sums AS (SELECT domain_id, coalesce(sum(${ctr}[position] * sv), 0) AS vs FROM byPosition GROUP BY ALL)
     SELECT d.id, d.domain, m.vs, sum(m.vs) OVER () AS total FROM sums m JOIN domains d ON d.id = m.domain_id
     ORDER BY round(m.vs, ${CV_TIE_DIGITS}) DESC, d.domain LIMIT ${limit}`,
    c.values,
    c.types,
  );
  if (top.length === 0) return { total: 0, rows: [] };
  const ids = intList(top.map((t) => Number(t.id)));
  // Keywords per shown domain (each keyword uses one snapshot at the date), from the domain's own rows. On
  // the fast path as bit strings over the market's keyword ids, the host's and each domain's ANDed and
  // counted: 2.5× faster than a join and a distinct count of the top domains' 7 million rows.
  const span = await s.all(
    `SELECT min(id) AS lo, max(id) AS hi FROM keywords WHERE market_id = ${scope.mid}`,
  );
  const bits = `bitstring_agg(keyword_id, ${Number(span[0]!.lo)}, ${Number(span[0]!.hi)})`;
  const counts = await s.all(
    fast
      ? `WITH h AS (SELECT ${bits} AS b FROM ${AT}),
           d AS (SELECT domain_id, ${bits} AS b FROM serp_by_domain
             WHERE market_id = ${scope.mid} AND date = ${dateLit(date)} AND domain_id IN (${ids})
             GROUP BY domain_id)
         SELECT d.domain_id, bit_count(d.b & h.b) AS n FROM d, h`
      : `SELECT r.domain_id, count(DISTINCT r.keyword_id) AS n
         FROM serp_by_domain r JOIN (SELECT DISTINCT keyword_id, date FROM ${AT}) x ON ${on}
           AND r.market_id = ${scope.mid} AND r.domain_id IN (${ids})
         GROUP BY r.domain_id`,
  );
  const n = new Map(counts.map((r) => [Number(r.domain_id), Number(r.n)]));
  return {
    total: Number(top[0]!.total),
    rows: top.map((r) => ({
      domain: String(r.domain),
      keywords: n.get(Number(r.id)) ?? 0,
      visibilityScore: Number(r.vs),
    })),
  };
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
    const used = await usedRows(s, scope, b, [date]);
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
        league: await leagueAt(s, scope, date, used.fast, c, curve, leagueLimit),
      };
    } finally {
      await s.run(`DROP TABLE IF EXISTS ${AT}`);
    }
  });
}

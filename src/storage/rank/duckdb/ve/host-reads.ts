// The explorer's aggregate reads of one host on DuckDB: VS per point and result type, the keywords and URLs
// where it ranks at a date, and the domain league over the snapshots it ranks in. Every sum is taken in SQL
// over the host's used rows (host-rows.ts), so a host ranking on 250,000 keywords over 26 weeks never sends
// its 6.5 million results to JS. Units: sv monthly searches, VS estimated monthly clicks (sv × ctr(p)).
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { resultTypeOf } from '@core/result-types';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  VeDomainScores,
  VeHostKeywords,
  VeHostUrl,
  VeTypeScore,
} from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr, checkLimit } from '../../ve-input';
import { Binds, dateLit, intList, isoOf } from '../cv/sql';
import type { DuckDb } from '../db';
import { inScope, usedRows } from './host-rows';

export async function hostTypeScores(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  points: readonly string[],
  ctr: readonly number[],
): Promise<VeTypeScore[]> {
  checkCtr(ctr);
  for (const d of points) checkDate(d);
  if (points.length === 0) return [];
  return inScope(db, market, filter, [], async (s, scope) => {
    const b = new Binds();
    const { sql: used } = await usedRows(s, scope, b, points);
    const c = b.doubles(ctr);
    const rows = await s.all(
      `SELECT ${isoOf('u.point')} AS d, u.result_type, sum(k.sv * ${c}[u.position]) AS vs
       FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id
       WHERE k.sv IS NOT NULL GROUP BY u.point, u.result_type ORDER BY u.point, u.result_type`,
      b.values,
      b.types,
    );
    return rows.map((r) => ({
      date: String(r.d),
      resultType: resultTypeOf(Number(r.result_type)),
      visibilityScore: Number(r.vs),
    }));
  });
}

const NO_KEYWORDS: VeHostKeywords = { rankingKeywords: 0, visibilityScore: 0, bestPositions: [], top: [] };

export async function hostKeywords(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  date: string,
  ctr: readonly number[],
  limit: number,
): Promise<VeHostKeywords> {
  checkCtr(ctr);
  checkLimit(limit);
  checkDate(date);
  return inScope(db, market, filter, NO_KEYWORDS, async (s, scope) => {
    const b = new Binds();
    const { sql: used } = await usedRows(s, scope, b, [date]);
    const c = b.doubles(ctr);
    // Per keyword: the best result (smallest position; its URL) and sv × Σ ctr over the host's results.
    const perKeyword = `SELECT u.keyword_id, min(u.position) AS best, arg_min(u.url_id, u.position) AS url_id,
        any_value(k.sv) AS sv, coalesce(any_value(k.sv), 0) * sum(${c}[u.position]) AS vs
      FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id GROUP BY u.keyword_id`;
    await s.all(`CREATE OR REPLACE TEMP TABLE ve_kw AS ${perKeyword}`, b.values, b.types);
    try {
      const hist = await s.all(
        'SELECT best, count(*) AS n, sum(vs) AS vs FROM ve_kw GROUP BY best ORDER BY best',
      );
      // Ties on the rounded VS are broken by text, so every keyword tied with the last one is a candidate.
      const top = await s.all(
        `WITH cut AS (SELECT round(vs, ${CV_TIE_DIGITS}) AS rv FROM ve_kw ORDER BY rv DESC LIMIT ${limit})
         SELECT k.text, w.sv, w.best, x.url, w.vs FROM ve_kw w
         JOIN keywords k ON k.id = w.keyword_id JOIN urls x ON x.id = w.url_id
         WHERE round(w.vs, ${CV_TIE_DIGITS}) >= (SELECT min(rv) FROM cut)
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
  });
}

export async function hostUrls(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  date: string,
  ctr: readonly number[],
  limit: number,
): Promise<VeHostUrl[]> {
  checkCtr(ctr);
  checkLimit(limit);
  checkDate(date);
  return inScope(db, market, filter, [], async (s, scope) => {
    const b = new Binds();
    const { sql: used } = await usedRows(s, scope, b, [date]);
    const c = b.doubles(ctr);
    const rows = await s.all(
      `WITH per AS (
         SELECT u.url_id, count(DISTINCT u.keyword_id) AS n, min(u.position) AS best,
           coalesce(sum(k.sv * ${c}[u.position]), 0) AS vs
         FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id GROUP BY u.url_id),
       cut AS (SELECT round(vs, ${CV_TIE_DIGITS}) AS rv FROM per ORDER BY rv DESC LIMIT ${limit})
       SELECT x.url, p.n, p.best, p.vs FROM per p JOIN urls x ON x.id = p.url_id
       WHERE round(p.vs, ${CV_TIE_DIGITS}) >= (SELECT min(rv) FROM cut)
       ORDER BY round(p.vs, ${CV_TIE_DIGITS}) DESC, x.url LIMIT ${limit}`,
      b.values,
      b.types,
    );
    return rows.map((r) => ({
      url: String(r.url),
      keywords: Number(r.n),
      bestPosition: Number(r.best),
      visibilityScore: Number(r.vs),
    }));
  });
}

export async function hostCompetitors(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  date: string,
  ctr: readonly number[],
  limit: number,
): Promise<VeDomainScores> {
  checkCtr(ctr);
  checkLimit(limit);
  checkDate(date);
  const empty: VeDomainScores = { total: 0, rows: [] };
  return inScope(db, market, filter, empty, async (s, scope) => {
    const b = new Binds();
    const used = await usedRows(s, scope, b, [date]);
    const c = b.doubles(ctr);
    // Every result of the snapshots the host ranks in, each with its keyword's volume, summed per domain in
    // one pass; dates as literals so that DuckDB reads only their row groups. On the fast path every
    // snapshot is dated \`date\`, so the join needs the keyword alone.
    const on = used.fast
      ? `x.keyword_id = r.keyword_id WHERE r.date = ${dateLit(date)}`
      : `x.keyword_id = r.keyword_id AND x.date = r.date
         WHERE r.date BETWEEN ${dateLit(date)} - ${MAX_SNAPSHOT_AGE_DAYS} AND ${dateLit(date)}`;
    const snaps = `SELECT DISTINCT u.keyword_id, u.date, k.sv FROM (${used.sql}) u
      JOIN keywords k ON k.id = u.keyword_id`;
    const top = await s.all(
      `WITH sums AS (
         SELECT r.domain_id, coalesce(sum(x.sv * ${c}[r.position]), 0) AS vs
         FROM serp_results r JOIN (${snaps}) x ON ${on} AND r.market_id = ${scope.mid}
         GROUP BY r.domain_id)
       SELECT d.id, d.domain, m.vs, sum(m.vs) OVER () AS total FROM sums m JOIN domains d ON d.id = m.domain_id
       ORDER BY round(m.vs, ${CV_TIE_DIGITS}) DESC, d.domain LIMIT ${limit}`,
      b.values,
      b.types,
    );
    if (top.length === 0) return empty;
    const ids = intList(top.map((t) => Number(t.id)));
    const kb = new Binds();
    const ranked = (await usedRows(s, scope, kb, [date])).sql;
    // Keywords per shown domain (each keyword uses one snapshot at the date), from the domain's own rows. On
    // the fast path as bit strings over the market's keyword ids: the host's and each domain's, ANDed and
    // counted (2.5× faster than a join and a distinct count of 7 million rows).
    const span = await s.all(
      `SELECT min(id) AS lo, max(id) AS hi FROM keywords WHERE market_id = ${scope.mid}`,
    );
    const bits = (col: string) => `bitstring_agg(${col}, ${Number(span[0]!.lo)}, ${Number(span[0]!.hi)})`;
    const counts = await s.all(
      used.fast
        ? `WITH h AS (SELECT ${bits('keyword_id')} AS b FROM (${ranked})),
             d AS (SELECT domain_id, ${bits('keyword_id')} AS b FROM serp_by_domain
               WHERE market_id = ${scope.mid} AND date = ${dateLit(date)} AND domain_id IN (${ids})
               GROUP BY domain_id)
           SELECT d.domain_id, bit_count(d.b & h.b) AS n FROM d, h`
        : `SELECT r.domain_id, count(DISTINCT r.keyword_id) AS n
           FROM serp_by_domain r JOIN (SELECT DISTINCT keyword_id, date FROM (${ranked})) x ON ${on}
             AND r.market_id = ${scope.mid} AND r.domain_id IN (${ids})
           GROUP BY r.domain_id`,
      kb.values,
      kb.types,
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
  });
}

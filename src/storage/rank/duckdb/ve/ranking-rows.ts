// The explorer's ranking-table rows on DuckDB: every keyword (URL) where the host ranks at the first or the
// last point of a range, with its numbers at each, summed in SQL over the host's used rows at the two points
// and read column by column (a big host has 300,000 of them). Units: sv monthly searches, VS estimated
// monthly clicks (sv × ctr(p)).
import type { DuckDBValue } from '@duckdb/node-api';
import type { HostFilter } from '@core/host-match';
import type { VeKeywordRanking, VeUrlRanking } from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr } from '../../ve-input';
import { Binds, dateLit } from '../cv/sql';
import type { DuckDb } from '../db';
import { inScope, usedRows } from './host-rows';

const num = (v: DuckDBValue) => (v === null ? null : Number(v));

/** The per-point aggregate `per` pivoted to one row per `key`: the end point's columns, then the start's. */
function pivot(per: string, key: string, cols: string[], start: string, end: string): string {
  const pick = (alias: string, suffix: string) =>
    cols.map((c) => `${alias}.${c} AS ${c}${suffix}`).join(', ');
  return `SELECT coalesce(e.${key}, s.${key}) AS ${key}, ${pick('e', '1')}, ${pick('s', '0')}
    FROM (SELECT * FROM ${per} WHERE point = ${dateLit(end)}) e
    FULL OUTER JOIN (SELECT * FROM ${per} WHERE point = ${dateLit(start)}) s ON s.${key} = e.${key}`;
}

/**
 * The columns of `sql(used, ctr)` run over the host's used rows at `start` and `end` (`used`: their SQL;
 * `ctr`: the bound CTR curve), after the input checks; no columns when the store has no such host.
 */
async function atEnds(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  [start, end]: [string, string],
  ctr: readonly number[],
  sql: (used: string, ctr: string) => string,
): Promise<DuckDBValue[][]> {
  checkCtr(ctr);
  checkDate(start);
  checkDate(end);
  return inScope(db, market, filter, [], async (s, scope) => {
    const b = new Binds();
    const used = await usedRows(db, s, scope, b, [start, end]);
    return s.columns(sql(used.sql, b.doubles(ctr)), b.values, b.types);
  });
}

export async function hostKeywordRanking(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  start: string,
  end: string,
  ctr: readonly number[],
): Promise<VeKeywordRanking[]> {
  const cols = await atEnds(
    db,
    market,
    filter,
    [start, end],
    ctr,
    (used, c) => `WITH per AS (
         SELECT point, keyword_id, min(position) AS pos, arg_min(url_id, position) AS url_id,
           sum(${c}[position]) AS ctrs
         FROM (${used}) GROUP BY point, keyword_id),
       rows AS (${pivot('per', 'keyword_id', ['pos', 'url_id', 'ctrs'], start, end)})
       SELECT k.text, k.sv, r.pos1, x1.url AS url1, coalesce(k.sv, 0) * r.ctrs1 AS vs1,
         r.pos0, x0.url AS url0, coalesce(k.sv, 0) * r.ctrs0 AS vs0
       FROM rows r JOIN keywords k ON k.id = r.keyword_id
       LEFT JOIN urls x1 ON x1.id = r.url_id1 LEFT JOIN urls x0 ON x0.id = r.url_id0`,
  );
  const [text = [], sv, pos1, url1, vs1, pos0, url0, vs0] = cols;
  const at = (pos: DuckDBValue, url: DuckDBValue, vs: DuckDBValue) =>
    pos === null ? null : { position: Number(pos), url: String(url), visibilityScore: Number(vs) };
  return text.map((t, i) => ({
    keyword: String(t),
    searchVolume: num(sv![i]!),
    start: at(pos0![i]!, url0![i]!, vs0![i]!),
    end: at(pos1![i]!, url1![i]!, vs1![i]!),
  }));
}

export async function hostUrlRanking(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  start: string,
  end: string,
  ctr: readonly number[],
): Promise<VeUrlRanking[]> {
  // A URL's volume counts each of its keywords once, its VS every result.
  const cols = await atEnds(
    db,
    market,
    filter,
    [start, end],
    ctr,
    (used, c) => `WITH u AS (SELECT u.point, u.url_id, u.keyword_id, u.position, k.sv
         FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id),
       per AS (
         SELECT point, url_id, count(DISTINCT keyword_id) AS n, min(position) AS best,
           coalesce(sum(sv * ${c}[position]), 0) AS vs, any_value(v.volume) AS volume
         FROM u JOIN (
           SELECT point AS p, url_id AS id, coalesce(sum(sv), 0) AS volume
           FROM (SELECT DISTINCT point, url_id, keyword_id, sv FROM u) GROUP BY ALL
         ) v ON v.p = u.point AND v.id = u.url_id
         GROUP BY point, url_id),
       rows AS (${pivot('per', 'url_id', ['n', 'best', 'vs', 'volume'], start, end)})
       SELECT x.url, r.n1, r.best1, r.vs1, r.volume1, r.n0, r.best0, r.vs0, r.volume0
       FROM rows r JOIN urls x ON x.id = r.url_id`,
  );
  const [url = [], n1, best1, vs1, vol1, n0, best0, vs0, vol0] = cols;
  const side = (n: DuckDBValue, best: DuckDBValue, vs: DuckDBValue, volume: DuckDBValue) =>
    n === null
      ? null
      : {
          keywords: Number(n),
          visibilityScore: Number(vs),
          bestPosition: Number(best),
          searchVolume: Number(volume),
        };
  return url.map((x, i) => ({
    url: String(x),
    start: side(n0![i]!, best0![i]!, vs0![i]!, vol0![i]!),
    end: side(n1![i]!, best1![i]!, vs1![i]!, vol1![i]!),
  }));
}

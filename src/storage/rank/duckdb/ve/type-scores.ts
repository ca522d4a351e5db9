// The host's VS per point and result type on DuckDB, summed in SQL over its used rows (host-rows.ts), so a
// host ranking on 250,000 keywords over 26 weeks never sends its 6.5 million results to JS, or read from the
// market rollup (roll.ts: domains, hosts, and hosts with a one-segment path) when it holds the answer.
// Units: sv monthly searches, VS estimated monthly clicks (sv × ctr(p)).
import type { HostFilter } from '@core/host-match';
import { resultTypeOf } from '@core/result-types';
import type { VeTypeScore } from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr } from '../../ve-input';
import { Binds, dateLit, isoOf } from '../cv/sql';
import type { DuckDb } from '../db';
import { fastAt, inScope, usedRows } from './host-rows';
import { rolledSegment, veRollFresh } from './roll';

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
    // Volumes summed per position first (exact integers) and each sum multiplied by ctr(position) once:
    // indexing the CTR list on every one of millions of rows cost more than the join. A domain, a host or a
    // host with a one-segment path whose points each use their own day's snapshots has those sums in the
    // market rollup; the rows are read otherwise.
    const segment = rolledSegment(scope.path);
    const rolled =
      (scope.path === null || segment !== null) &&
      (await fastAt(db, s, scope, [...new Set(points)].sort())) &&
      (await veRollFresh(db, s, scope.mid));
    const b = new Binds();
    const byPosition = rolled
      ? `SELECT date AS point, result_type, position, sum(sv) AS sv FROM ve_roll
         WHERE market_id = ${scope.mid} AND domain_id = ${scope.domainId}
           ${scope.hostId === null ? '' : `AND host_id = ${scope.hostId}`}
           ${segment === null ? '' : `AND segment = ${b.string(segment)}`}
           AND date IN (${[...new Set(points)].map(dateLit).join(', ')}) AND known > 0
         GROUP BY ALL`
      : `SELECT u.point, u.result_type, u.position, sum(k.sv) AS sv
         FROM (${(await usedRows(db, s, scope, b, points)).sql}) u JOIN keywords k ON k.id = u.keyword_id
         WHERE k.sv IS NOT NULL GROUP BY ALL`;
    const c = b.doubles(ctr);
    const rows = await s.all(
      `SELECT ${isoOf('point')} AS d, result_type, sum(${c}[position] * sv) AS vs FROM (${byPosition})
       GROUP BY point, result_type ORDER BY point, result_type`,
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

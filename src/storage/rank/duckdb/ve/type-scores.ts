// The host's VS per point and result type on DuckDB, summed in SQL over its used rows (host-rows.ts), so a
// host ranking on 250,000 keywords over 26 weeks never sends its 6.5 million results to JS. Units: sv
// monthly searches, VS estimated monthly clicks (sv × ctr(p)).
import type { HostFilter } from '@core/host-match';
import { resultTypeOf } from '@core/result-types';
import type { VeTypeScore } from '../../../visibility-explorer-reads';
import { checkDate } from '../../input';
import { checkCtr } from '../../ve-input';
import { Binds, isoOf } from '../cv/sql';
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
    // Volumes summed per position first (exact integers) and each sum multiplied by ctr(position) once:
    // indexing the CTR list on every one of millions of rows cost more than the join.
    const rows = await s.all(
      `SELECT ${isoOf('point')} AS d, result_type, sum(${c}[position] * sv) AS vs FROM (
         SELECT u.point, u.result_type, u.position, sum(k.sv) AS sv
         FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id
         WHERE k.sv IS NOT NULL GROUP BY ALL)
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

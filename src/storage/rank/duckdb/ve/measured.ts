// The explorer's market-wide denominators on DuckDB: per point date, the keywords of the market measured
// there (DESIGN §3 date rule), how many have unknown volume, and Σ sv of the others (monthly searches).
// Memoised until the next write: every host explored in the market shares them.
import { addDays } from '@core/date-range';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { VeMeasured } from '../../../visibility-explorer-reads';
import { checkMarket } from '../../input';
import { fastPoints } from '../../ve-input';
import { dateLit, isoOf } from '../cv/sql';
import type { DuckDb } from '../db';
import { memoMarketId } from '../dims';
import { marketDates } from './host-rows';

export async function measured(db: DuckDb, market: string, points: readonly string[]): Promise<VeMeasured[]> {
  checkMarket(market);
  if (points.length === 0) return [];
  const lits = points.map(dateLit);
  return db.read((s) =>
    db.memoised(`ve measured ${market} ${points.join(',')}`, async () => {
      const mid = await memoMarketId(db, s, market);
      if (mid === null) return [];
      // A point where every keyword of the market has a snapshot dated that day measures the whole market
      // (a snapshot counted in serp_snapshots is of a market keyword, so equal counts are equal sets): its
      // sums come from the keywords alone, without joining a million snapshot rows to their volumes.
      const whole = await s.all(
        `WITH m AS (SELECT count(*) AS n, count(*) - count(sv) AS unknown, coalesce(sum(sv), 0) AS sv
         FROM keywords WHERE market_id = ${mid})
       SELECT ${isoOf('x.date')} AS d, m.n, m.unknown, m.sv FROM serp_snapshots x, m
       WHERE x.market_id = ${mid} AND x.date IN (${lits.join(', ')}) AND x.keywords = m.n`,
      );
      const byDate = new Map(whole.map((r) => [String(r.d), r]));
      const rest = points.filter((p) => !byDate.has(p));
      if (rest.length > 0) {
        const sorted = [...rest].sort();
        const dates = await marketDates(
          db,
          s,
          mid,
          addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS),
          sorted.at(-1)!,
        );
        const restLits = rest.map(dateLit).join(', ');
        // When no point's window holds an older snapshot date than the point itself, each keyword measured at
        // a point uses the snapshot of that very date: one pass over those dates, no per-keyword maximum.
        const used = fastPoints(rest, dates)
          ? `SELECT date AS point, keyword_id FROM serp_keyword_dates
           WHERE market_id = ${mid} AND date IN (${restLits})`
          : `SELECT DISTINCT p.point, s.keyword_id
           FROM (SELECT unnest([${restLits}]) AS point) p
           JOIN serp_keyword_dates s ON s.market_id = ${mid}
             AND s.date BETWEEN p.point - ${MAX_SNAPSHOT_AGE_DAYS} AND p.point`;
        const rows = await s.all(
          `SELECT ${isoOf('u.point')} AS d, count(*) AS n, count(*) - count(k.sv) AS unknown,
           coalesce(sum(k.sv), 0) AS sv
         FROM (${used}) u JOIN keywords k ON k.id = u.keyword_id GROUP BY u.point`,
        );
        for (const r of rows) byDate.set(String(r.d), r);
      }
      return points.map((date) => {
        const r = byDate.get(date);
        return {
          date,
          keywords: Number(r?.n ?? 0),
          unknownVolume: Number(r?.unknown ?? 0),
          searchVolume: Number(r?.sv ?? 0),
        };
      });
    }),
  );
}

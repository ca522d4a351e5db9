// Search-volume ranges at one point date: keywords of the set per volume bucket (bounds given by the caller,
// inclusive upper bounds in monthly searches; unknown volume apart), and per target the keywords of the bucket
// where it has a counted result and its VS over them.
import type { CvScope, CvTarget, CvVolumeBucket } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { withRun } from './run';
import { numLit } from './sql';
import { stageHits, stagePointDate } from './snapshots';

/** Bucket index of column `sv`: the first bound it does not exceed, bounds.length above them all, null unknown. */
function bucketSql(bounds: readonly number[]): string {
  const whens = bounds.map((b, i) => `WHEN sv <= ${numLit(b)} THEN ${i}`).join(' ');
  return `CASE WHEN sv IS NULL THEN NULL ${whens} ELSE ${bounds.length} END`;
}

export function volumeBuckets(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
  bounds: readonly number[],
): Promise<CvVolumeBucket[]> {
  bounds.forEach((b, i) => {
    if (!Number.isFinite(b) || (i > 0 && b <= bounds[i - 1]!)) {
      throw new RangeError('volume bounds must be finite and ascending');
    }
  });
  return withRun(
    db,
    scope,
    { targets, dates: [date] },
    () => [],
    async (run) => {
      await stageHits(run, await stagePointDate(run, date));
      const bucket = bucketSql(bounds);
      // The buckets' sizes (t null) and each target's counts in one call.
      const rows = await run.all(
        `SELECT ${bucket} AS b, NULL AS t, count(*) AS n, NULL AS ranking, NULL AS vs FROM cv_kw GROUP BY ALL
         UNION ALL
         SELECT ${bucket} AS b, h.t, NULL, count(DISTINCT h.keyword_id), coalesce(sum(h.score), 0)
         FROM cv_hits h JOIN cv_kw k ON k.keyword_id = h.keyword_id GROUP BY ALL`,
      );
      const key = (b: unknown) => (b === null ? 'unknown' : String(b));
      const out = new Map<string, CvVolumeBucket>();
      for (const r of rows.filter((x) => x.t === null)) {
        out.set(key(r.b), {
          bucket: r.b === null ? null : Number(r.b),
          keywords: Number(r.n),
          ranking: targets.map(() => 0),
          visibilityScores: targets.map(() => 0),
        });
      }
      for (const r of rows.filter((x) => x.t !== null)) {
        const slot = out.get(key(r.b))!;
        slot.ranking[Number(r.t)] = Number(r.ranking);
        slot.visibilityScores[Number(r.t)] = Number(r.vs);
      }
      return [...out.values()].sort((a, b) => (a.bucket ?? Infinity) - (b.bucket ?? Infinity));
    },
  );
}

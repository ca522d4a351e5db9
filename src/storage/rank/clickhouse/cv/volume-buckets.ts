// Search-volume ranges at one point date: keywords of the set per volume bucket (bounds given by the caller,
// inclusive upper bounds in monthly searches; unknown volume apart), and per target the keywords of the bucket
// where it has a counted result and its VS over them.
import type { CvScope, CvTarget, CvVolumeBucket } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { stageTargets, withRun } from './run';
import { count, float, intOrNull, numLit } from './sql';
import { stageHits, stagePointDate } from './snapshots';

/** Bucket index of column `sv`: the first bound it does not exceed, bounds.length above them all, null unknown. */
function bucketSql(bounds: readonly number[]): string {
  const whens = bounds.map((b, i) => `assumeNotNull(sv) <= ${numLit(b)}, ${i}`).join(', ');
  const index = bounds.length === 0 ? '0' : `multiIf(${whens}, ${bounds.length})`;
  return `if(isNull(sv), NULL, toNullable(toUInt32(${index})))`;
}

export function volumeBuckets(
  ctx: ChContext,
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
    ctx,
    scope,
    () => [],
    async (run) => {
      const { s } = run;
      await stageHits(run, await stageTargets(run, targets), await stagePointDate(run, date));
      const bucket = bucketSql(bounds);
      const sizes = await s.rows(`SELECT ${bucket} AS b, count() AS n FROM cv_kw GROUP BY b`);
      const perTarget = await s.rows(
        `SELECT ${bucket} AS b, t, uniqExact(keyword_id) AS ranking, ifNull(sum(score), 0) AS vs
         FROM (SELECT t, keyword_id, score FROM cv_hits)
         ANY INNER JOIN (SELECT keyword_id, sv FROM cv_kw) USING keyword_id
         GROUP BY b, t`,
      );
      const key = (b: unknown) => (b === null ? 'unknown' : String(b));
      const out = new Map<string, CvVolumeBucket>();
      for (const r of sizes) {
        out.set(key(r.b), {
          bucket: intOrNull(r.b),
          keywords: count(r.n),
          ranking: targets.map(() => 0),
          visibilityScores: targets.map(() => 0),
        });
      }
      for (const r of perTarget) {
        const slot = out.get(key(r.b))!;
        slot.ranking[count(r.t)] = count(r.ranking);
        slot.visibilityScores[count(r.t)] = float(r.vs);
      }
      return [...out.values()].sort((a, b) => (a.bucket ?? Infinity) - (b.bucket ?? Infinity));
    },
  );
}

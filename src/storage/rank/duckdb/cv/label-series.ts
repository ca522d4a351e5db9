// Tag Analysis sums (issue 29 item 5) on DuckDB: per point date of the span and keyword tag or group, the
// label's measured keywords and Σ sv × ctr(1), and per target its VS, the keywords where it ranks, the sum of
// its best positions and its keywords per rank range (src/core/metrics/label-analysis.ts is the reference).
// The snapshots and the targets' matching results are staged as for the series (snapshots.ts); the rank
// ranges come from RANK_RANGES so that the bins are written once.
import { RANK_RANGES } from '@core/metrics/ranges';
import {
  labelPoints,
  type CvLabelPoint,
  type CvScope,
  type CvSpan,
  type CvTarget,
} from '../../../campaign-visibility-reads';
import { labelRows } from '../../label-rows';
import type { DuckDb } from '../db';
import { LABELS } from './label-scores';
import { withRun } from './run';
import { doublesLit, isoOf } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

/** `count(*) FILTER (…) AS r0, …`: keywords per rank range of column `best`. */
const rangeCountsSql = RANK_RANGES.map(
  (r, i) => `count(*) FILTER (WHERE best BETWEEN ${r.min} AND ${r.max}) AS r${i}`,
).join(', ');

export function labelSeries(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  kind: 'tags' | 'groups',
  which: 'all' | 'ends',
): Promise<CvLabelPoint[]> {
  return withRun(
    db,
    scope,
    { targets, dates: [span.start, span.end] },
    () => [],
    async (run) => {
      await run.stage(
        'VIEW',
        'cv_labels',
        `SELECT DISTINCT l.keyword_id, l.label
         FROM (${LABELS[kind](scope.campaignId)}) l JOIN cv_kw k ON k.keyword_id = l.keyword_id`,
      );
      const points = labelPoints(await stagePoints(run, span), which);
      const used = await stageUse(run, points);
      await stageHits(run, used);
      const measured = await run.all(
        `SELECT ${isoOf('u.point')} AS d, l.label, count(*) AS n,
           coalesce(sum(k.sv * ${doublesLit(scope.ctr)}[1]), 0) AS top
         FROM cv_use u JOIN cv_kw k ON k.keyword_id = u.keyword_id JOIN cv_labels l ON l.keyword_id = u.keyword_id
         GROUP BY u.point, l.label`,
      );
      // Per target and keyword first (its VS over every matching result, its best position), then per label.
      const sums = await run.all(
        `SELECT ${isoOf('b.point')} AS d, l.label, b.t, sum(b.vs) AS vs, count(*) AS ranked,
           sum(b.best) AS psum, ${rangeCountsSql}
         FROM (SELECT t, point, keyword_id, min(position) AS best, coalesce(sum(score), 0) AS vs
               FROM cv_hits GROUP BY t, point, keyword_id) b
         JOIN cv_labels l ON l.keyword_id = b.keyword_id
         GROUP BY b.point, l.label, b.t`,
      );
      return labelRows(
        measured.map((m) => ({
          date: String(m.d),
          label: String(m.label),
          keywords: Number(m.n),
          maxVisibilityScore: Number(m.top),
        })),
        sums.map((r) => ({
          date: String(r.d),
          label: String(r.label),
          target: Number(r.t),
          visibilityScore: Number(r.vs),
          ranked: Number(r.ranked),
          positionSum: Number(r.psum),
          ranges: RANK_RANGES.map((_, i) => Number(r[`r${i}`])),
        })),
        targets.length,
      );
    },
  );
}

// Tag Analysis sums (issue 29 item 5) on ClickHouse, as the DuckDB adapter computes them: per point date of
// the span and keyword tag or group, the label's measured keywords and Σ sv × ctr(1), and per target its VS,
// the keywords where it ranks, the sum of its best positions and its keywords per rank range
// (src/core/metrics/label-analysis.ts is the reference). Snapshots and matching results are staged as for
// the series (snapshots.ts), on the shard that owns the market; the bins come from RANK_RANGES.
import { RANK_RANGES } from '@core/metrics/ranges';
import {
  labelPoints,
  type CvLabelPoint,
  type CvScope,
  type CvSpan,
  type CvTarget,
} from '../../../campaign-visibility-reads';
import { labelRows } from '../../label-rows';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { scoreSql } from './plan-emit';
import { stageTargets, withRun } from './run';
import { count, float } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

/** `countIf(…) AS r0, …`: keywords per rank range of column `best`. */
const rangeCountsSql = RANK_RANGES.map(
  (r, i) => `countIf(best >= ${r.min} AND best <= ${r.max}) AS r${i}`,
).join(', ');

export function labelSeries(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  kind: 'tags' | 'groups',
  which: 'all' | 'ends',
): Promise<CvLabelPoint[]> {
  return withRun(
    ctx,
    scope,
    () => [],
    async (run) => {
      const { s } = run;
      // Labels are arrays of the membership row (tags or groups); a label repeated in one row counts once.
      run.view(
        'cv_labels',
        `SELECT DISTINCT keyword_id, label FROM ${run.local('campaign_keywords')}
         ARRAY JOIN ${kind === 'tags' ? 'tags' : 'groups'} AS label
         WHERE campaign_id = ${lit(scope.campaignId)} AND market_id = ${lit(run.marketId)}
           AND keyword_id IN (SELECT keyword_id FROM cv_kw)`,
      );
      const points = labelPoints(await stagePoints(run, span), which);
      const used = await stageUse(run, points);
      await stageHits(run, await stageTargets(run, targets), used);
      const measured = await s.rows(
        `SELECT toString(point) AS d, label, count() AS n,
           ifNull(sum(${scoreSql({ id: 'scope', values: scope.ctr }, 'sv', '1')}), 0) AS top
         FROM cv_use ALL INNER JOIN (SELECT keyword_id, label FROM cv_labels) USING keyword_id
         GROUP BY point, label`,
      );
      // Per target and keyword first (its VS over every matching result, its best position), then per label.
      const sums = await s.rows(
        `SELECT toString(point) AS d, label, t, sum(vs) AS vs, count() AS ranked, sum(best) AS psum,
           ${rangeCountsSql}
         FROM (SELECT t, point, keyword_id, min(position) AS best, ifNull(sum(score), 0) AS vs
               FROM cv_hits GROUP BY t, point, keyword_id)
         ALL INNER JOIN (SELECT keyword_id, label FROM cv_labels) USING keyword_id
         GROUP BY point, label, t`,
      );
      return labelRows(
        measured.map((m) => ({
          date: String(m.d),
          label: String(m.label),
          keywords: count(m.n),
          maxVisibilityScore: float(m.top),
        })),
        sums.map((r) => ({
          date: String(r.d),
          label: String(r.label),
          target: count(r.t),
          visibilityScore: float(r.vs),
          ranked: count(r.ranked),
          positionSum: count(r.psum),
          ranges: RANK_RANGES.map((_, i) => count(r[`r${i}`])),
        })),
        targets.length,
      );
    },
  );
}

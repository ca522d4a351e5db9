// weekly_data of the ranking tables: for the rows of one page, the value behind each row at every point
// date of the span — a keyword's best position per target, a URL's VS.
import type {
  CvDated,
  CvScope,
  CvSpan,
  CvTarget,
  CvWeeklyPosition,
  CvWeeklyUrlScore,
} from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { stageTargets, withRun } from './run';
import { count, float, stringSet } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

export function weeklyPositions(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  keywordIds: readonly number[],
  span: CvSpan,
): Promise<CvDated<CvWeeklyPosition>> {
  return withRun(
    ctx,
    scope,
    () => ({ dates: [], rows: [] }),
    async (run) => {
      const points = await stagePoints(run, span);
      if (keywordIds.length === 0) return { dates: points, rows: [] };
      await stageHits(run, await stageTargets(run, targets), await stageUse(run, points, keywordIds));
      const rows = await run.s.rows(
        `SELECT keyword_id, toString(point) AS d, t, min(position) AS pos FROM cv_hits
         GROUP BY keyword_id, point, t ORDER BY keyword_id, d, t`,
      );
      return {
        dates: points,
        rows: rows.map((r) => ({
          keywordId: count(r.keyword_id),
          date: String(r.d),
          target: count(r.t),
          position: count(r.pos),
        })),
      };
    },
  );
}

export function weeklyUrlScores(
  ctx: ChContext,
  scope: CvScope,
  target: CvTarget,
  urls: readonly string[],
  span: CvSpan,
): Promise<CvDated<CvWeeklyUrlScore>> {
  return withRun(
    ctx,
    scope,
    () => ({ dates: [], rows: [] }),
    async (run) => {
      const points = await stagePoints(run, span);
      if (urls.length === 0) return { dates: points, rows: [] };
      await stageHits(run, await stageTargets(run, [target]), await stageUse(run, points));
      const rows = await run.s.rows(
        `SELECT url, toString(point) AS d, ifNull(sum(score), 0) AS vs
         FROM cv_hits ANY INNER JOIN (
           SELECT id AS url_id, url FROM ${run.dim('urls')}
           WHERE id IN (SELECT url_id FROM cv_hits) AND url IN ${stringSet([...new Set(urls)])}
         ) USING url_id
         GROUP BY url, point ORDER BY url, d`,
      );
      return {
        dates: points,
        rows: rows.map((r) => ({ url: String(r.url), date: String(r.d), visibilityScore: float(r.vs) })),
      };
    },
  );
}

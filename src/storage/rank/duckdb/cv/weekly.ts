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
import type { DuckDb } from '../db';
import { withRun } from './run';
import { Binds, isoOf } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

export function weeklyPositions(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  keywordIds: readonly number[],
  span: CvSpan,
): Promise<CvDated<CvWeeklyPosition>> {
  return withRun(
    db,
    scope,
    { targets, dates: [span.start, span.end] },
    () => ({ dates: [], rows: [] }),
    async (run) => {
      const points = await stagePoints(run, span);
      if (keywordIds.length === 0) return { dates: points, rows: [] };
      await stageHits(run, await stageUse(run, points, keywordIds));
      const rows = await run.all(
        `SELECT keyword_id, ${isoOf('point')} AS d, t, min(position) AS pos FROM cv_hits
         GROUP BY keyword_id, point, t ORDER BY keyword_id, d, t`,
      );
      return {
        dates: points,
        rows: rows.map((r) => ({
          keywordId: Number(r.keyword_id),
          date: String(r.d),
          target: Number(r.t),
          position: Number(r.pos),
        })),
      };
    },
  );
}

export function weeklyUrlScores(
  db: DuckDb,
  scope: CvScope,
  target: CvTarget,
  urls: readonly string[],
  span: CvSpan,
): Promise<CvDated<CvWeeklyUrlScore>> {
  return withRun(
    db,
    scope,
    { targets: [target], dates: [span.start, span.end] },
    () => ({ dates: [], rows: [] }),
    async (run) => {
      const points = await stagePoints(run, span);
      if (urls.length === 0) return { dates: points, rows: [] };
      await stageHits(run, await stageUse(run, points));
      const b = new Binds();
      const rows = await run.all(
        `SELECT x.url, ${isoOf('h.point')} AS d, coalesce(sum(h.score), 0) AS vs
         FROM cv_hits h JOIN urls x ON x.id = h.url_id
         WHERE x.url IN (SELECT unnest(${b.strings(urls)}))
         GROUP BY x.url, h.point ORDER BY x.url, d`,
        b,
      );
      return {
        dates: points,
        rows: rows.map((r) => ({ url: String(r.url), date: String(r.d), visibilityScore: Number(r.vs) })),
      };
    },
  );
}

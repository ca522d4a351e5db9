// Visibility score lost and gained between the first and last point of the span: per target and keyword of
// known volume, the keyword score at both points; lost = Σ max(0, start − end), gained = Σ max(0, end − start),
// with the keywords that lost (gained) most (LIMIT … BY stands in for a window function, which 18.16 lacks).
import type {
  CvChanges,
  CvKeywordChange,
  CvScope,
  CvSpan,
  CvTarget,
  CvTargetChange,
} from '../../../campaign-visibility-reads';
import type { Row } from '../client';
import type { ChContext } from '../context';
import { stageTargets, withRun } from './run';
import { count, dateLit, float, intOrNull } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

function change(r: Row): CvKeywordChange {
  return {
    keywordId: count(r.keyword_id),
    keyword: String(r.text),
    searchVolume: intOrNull(r.sv),
    start: float(r.s0),
    end: float(r.s1),
  };
}

export function keywordChanges(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  top: number,
): Promise<CvChanges> {
  if (!Number.isSafeInteger(top) || top < 0)
    throw new RangeError(`top must be a non-negative integer, got ${top}`);
  return withRun<CvChanges>(
    ctx,
    scope,
    () => ({ start: null, end: null, targets: targets.map((_, i) => empty(i)) }),
    async (run) => {
      const { s } = run;
      const points = await stagePoints(run, span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      if (start === null || end === null) return { start, end, targets: targets.map((_, i) => empty(i)) };
      await stageHits(run, await stageTargets(run, targets), await stageUse(run, [...new Set([start, end])]));
      // Keyword scores of every (target, keyword) with a result at either point; the rest score 0 at both.
      run.view(
        'cv_page',
        `SELECT t, keyword_id,
           ifNull(sum(if(point = ${dateLit(start)}, score, NULL)), 0) AS s0,
           ifNull(sum(if(point = ${dateLit(end)}, score, NULL)), 0) AS s1
         FROM cv_hits WHERE isNotNull(score) GROUP BY t, keyword_id`,
      );
      const totals = await s.rows(
        'SELECT t, sum(greatest(s0 - s1, 0)) AS lost, sum(greatest(s1 - s0, 0)) AS gained FROM cv_page GROUP BY t',
      );
      const ranked =
        top === 0
          ? []
          : await s.rows(
              `SELECT t, keyword_id, text, sv, s0, s1, s1 < s0 AS lost FROM (
                 SELECT t, keyword_id, s0, s1 FROM cv_page WHERE s1 != s0
               ) ANY INNER JOIN (SELECT keyword_id, text, sv FROM cv_kw) USING keyword_id
               ORDER BY t, lost, abs(s1 - s0) DESC, keyword_id
               LIMIT ${top} BY t, lost`,
            );
      const out = targets.map((_, i) => empty(i));
      for (const r of totals) {
        out[count(r.t)]!.lost = float(r.lost);
        out[count(r.t)]!.gained = float(r.gained);
      }
      for (const r of ranked) {
        const slot = out[count(r.t)]!;
        (count(r.lost) === 1 ? slot.lostKeywords : slot.gainedKeywords).push(change(r));
      }
      return { start, end, targets: out };
    },
  );
}

function empty(target: number): CvTargetChange {
  return { target, lost: 0, gained: 0, lostKeywords: [], gainedKeywords: [] };
}

// Visibility score lost and gained between the first and last point of the span: per target and keyword of
// known volume, the keyword score at both points; lost = Σ max(0, start − end), gained = Σ max(0, end − start),
// with the keywords that lost (gained) most.
import type {
  CvChanges,
  CvKeywordChange,
  CvScope,
  CvSpan,
  CvTarget,
  CvTargetChange,
} from '../../../campaign-visibility-reads';
import type { DuckDb, Row } from '../db';
import { stageTargets, withRun } from './run';
import { dateLit } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

function change(r: Row): CvKeywordChange {
  return {
    keywordId: Number(r.keyword_id),
    keyword: String(r.text),
    searchVolume: r.sv === null ? null : Number(r.sv),
    start: Number(r.s0),
    end: Number(r.s1),
  };
}

export function keywordChanges(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  top: number,
): Promise<CvChanges> {
  if (!Number.isSafeInteger(top) || top < 0)
    throw new RangeError(`top must be a non-negative integer, got ${top}`);
  return withRun<CvChanges>(
    db,
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
      await s.run(`CREATE OR REPLACE TEMP VIEW cv_changes AS
        SELECT h.t, h.keyword_id,
          coalesce(sum(h.score) FILTER (WHERE h.point = ${dateLit(start)}), 0) AS s0,
          coalesce(sum(h.score) FILTER (WHERE h.point = ${dateLit(end)}), 0) AS s1
        FROM cv_hits h WHERE h.score IS NOT NULL GROUP BY h.t, h.keyword_id`);
      // One pass: the per-target totals ride along as window sums (keywords whose score did not change add
      // nothing to them), and every changed target keeps at least its first row to carry them.
      const ranked = await s.all(
        `SELECT * FROM (
           SELECT c.t, c.keyword_id, k.text, k.sv, c.s0, c.s1, c.s1 < c.s0 AS lost,
             row_number() OVER (PARTITION BY c.t, c.s1 < c.s0 ORDER BY abs(c.s1 - c.s0) DESC, c.keyword_id) AS n,
             sum(greatest(c.s0 - c.s1, 0)) OVER (PARTITION BY c.t) AS total_lost,
             sum(greatest(c.s1 - c.s0, 0)) OVER (PARTITION BY c.t) AS total_gained
           FROM cv_changes c JOIN cv_kw k ON k.keyword_id = c.keyword_id WHERE c.s1 <> c.s0
         ) WHERE n <= ${Math.max(top, 1)} ORDER BY t, lost, n`,
      );
      const out = targets.map((_, i) => empty(i));
      for (const r of ranked) {
        const slot = out[Number(r.t)]!;
        slot.lost = Number(r.total_lost);
        slot.gained = Number(r.total_gained);
        if (Number(r.n) <= top) (r.lost === true ? slot.lostKeywords : slot.gainedKeywords).push(change(r));
      }
      return { start, end, targets: out };
    },
  );
}

function empty(target: number): CvTargetChange {
  return { target, lost: 0, gained: 0, lostKeywords: [], gainedKeywords: [] };
}

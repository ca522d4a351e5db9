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
import { withRun } from './run';
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
    { targets, dates: [span.start, span.end] },
    () => ({ start: null, end: null, targets: targets.map((_, i) => empty(i)) }),
    async (run) => {
      const points = await stagePoints(run, span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      if (start === null || end === null) return { start, end, targets: targets.map((_, i) => empty(i)) };
      await stageHits(run, await stageUse(run, [...new Set([start, end])]));
      // Keyword scores of every (target, keyword) with a result at either point; the rest score 0 at both.
      await run.stage(
        'VIEW',
        'cv_changes',
        `SELECT h.t, h.keyword_id,
          coalesce(sum(h.score) FILTER (WHERE h.point = ${dateLit(start)}), 0) AS s0,
          coalesce(sum(h.score) FILTER (WHERE h.point = ${dateLit(end)}), 0) AS s1
        FROM cv_hits h WHERE h.score IS NOT NULL GROUP BY h.t, h.keyword_id`,
      );
      // Per target the totals (keywords whose score did not change add nothing to them), and the `top`
      // keywords that lost and gained most, by change then keyword id: picked by max_by over the changed
      // keywords, which costs a fraction of ranking them all in a window. Texts are joined to those few.
      const changed = 'SELECT t, keyword_id, s0, s1, s1 < s0 AS lost FROM cv_changes WHERE s1 <> s0';
      const picked =
        top === 0
          ? 'SELECT NULL::INTEGER AS t, NULL::BOOLEAN AS lost, NULL::INTEGER AS keyword_id, NULL::DOUBLE AS s0, NULL::DOUBLE AS s1 WHERE false'
          : `SELECT t, lost, unnest(max_by(struct_pack(keyword_id := keyword_id, s0 := s0, s1 := s1),
               struct_pack(d := abs(s1 - s0), k := -keyword_id), ${top}), recursive := true)
             FROM c GROUP BY t, lost`;
      const rows = await run.all(
        `WITH c AS MATERIALIZED (${changed}),
         totals AS (
           SELECT t, sum(greatest(s0 - s1, 0)) AS total_lost, sum(greatest(s1 - s0, 0)) AS total_gained
           FROM c GROUP BY t
         ),
         picked AS (${picked})
         SELECT x.t, x.total_lost, x.total_gained, p.lost, p.keyword_id, p.s0, p.s1, k.sv, kw.text
         FROM totals x LEFT JOIN picked p ON p.t = x.t
         LEFT JOIN cv_kw k ON k.keyword_id = p.keyword_id LEFT JOIN keywords kw ON kw.id = p.keyword_id
         ORDER BY x.t, p.lost, abs(p.s1 - p.s0) DESC, p.keyword_id`,
      );
      const out = targets.map((_, i) => empty(i));
      for (const r of rows) {
        const slot = out[Number(r.t)]!;
        slot.lost = Number(r.total_lost);
        slot.gained = Number(r.total_gained);
        if (r.keyword_id !== null)
          (r.lost === true ? slot.lostKeywords : slot.gainedKeywords).push(change(r));
      }
      return { start, end, targets: out };
    },
  );
}

function empty(target: number): CvTargetChange {
  return { target, lost: 0, gained: 0, lostKeywords: [], gainedKeywords: [] };
}

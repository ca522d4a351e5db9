// The label reads through the planner: visibility share by keyword tag or group at one date (labelScores)
// and the Tag Analysis sums per point date and label (labelSeries); a keyword with several labels counts in
// each; the rank ranges' counts (bestPositions: per target, the keywords by best position at one date); and
// the search-volume buckets (volumeBuckets: per bucket the set's keywords, each target's ranking ones and VS).
// These are keyword-level, so the planner (../../plan/planner.ts) picks the sorted copies (snapshots.ts) or
// the raw SERP rows (plan-emit.ts); both feed the same SQL as relations of the same columns (LabelSource),
// and give the same rows (test/storage/plan-series.test.ts). Units: VS in estimated monthly clicks
// (Σ sv × ctr).
import {
  labelPoints,
  type CvLabelPoint,
  type CvLabelScore,
  type CvScope,
} from '../../../campaign-visibility-reads';
import * as rows from '../../label-rows';
import type { PlannedEmitters } from '../../plan/cv-reads';
import type { Planned, Source } from '../../plan/planner';
import type { RankQuery } from '../../plan/query';
import type { DuckDb } from '../db';
import { rawDateRuleSql, rawResultsSql, rawTargetMatchSql, scoreSql } from './plan-emit';
import { runPlanned, type PlanSources } from './plan-run';
import type { Run } from './run';
import { isoOf, numLit } from './sql';
import { stageHits, stagePointDate, stagePoints, stageUse, usedResultsSql, type Used } from './snapshots';

/** A campaign's (keyword, label) pairs; the id is checked (run.ts) and written as a literal for a view. */
const LABEL_PAIRS = {
  tags: (id: number) => `SELECT kt.keyword_id, t.tag AS label FROM campaign_keyword_tags kt
    JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id WHERE kt.campaign_id = ${id}`,
  groups: (id: number) => `SELECT kg.keyword_id, g.label FROM campaign_keyword_groups kg
    JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id WHERE kg.campaign_id = ${id}`,
};

/**
 * Stages view cv_labels(keyword_id, label): the query's labels of the keyword set, each pair once (nothing
 * for a query without labels).
 */
async function stageLabels(run: Run, q: RankQuery): Promise<void> {
  if (q.labels === null) return;
  await run.stage(
    'VIEW',
    'cv_labels',
    `SELECT DISTINCT l.keyword_id, l.label
     FROM (${LABEL_PAIRS[q.labels!](q.keywords.campaignId)}) l JOIN cv_kw k ON k.keyword_id = l.keyword_id`,
  );
}

/**
 * A source as the label SQL reads it: `use` (point, keyword_id) the measured keywords, `hits` (t, point,
 * keyword_id, position, score) the targets' counted results, `results` (point, keyword_id, position, sv)
 * every counted result (null: none), all defined by the `with` clause that leads each statement.
 */
interface LabelSource {
  with: string;
  use: string;
  hits: string;
  results: string | null;
}

/**
 * The two sources of a label or best-position read answered by `from`: the sorted copies with cv_use staged
 * by `use` (snapshots.ts) or the raw SERP rows with the date rule keyword by keyword (plan-emit.ts).
 */
function labelSources<T>(
  q: RankQuery,
  use: (run: Run) => Promise<Used | null>,
  from: (run: Run, q: RankQuery, src: LabelSource) => Promise<T>,
): PlanSources<T, never> {
  return {
    sorted: async (run) => {
      await stageLabels(run, q);
      const used = await use(run);
      await stageHits(run, used);
      const results =
        used === null
          ? null
          : `(SELECT u.point, r.keyword_id, r.position, k.sv ${usedResultsSql(run, used)})`;
      return from(run, q, { with: '', use: 'cv_use', hits: 'cv_hits', results });
    },
    raw: async (run) => {
      await stageLabels(run, q);
      return from(run, q, {
        with: `WITH ${rawDateRuleSql(run, q)}, ${rawResultsSql(run)}, ${rawTargetMatchSql(run)}`,
        use: 'raw_use',
        hits: `(SELECT t, point, keyword_id, position, ${scoreSql(q.ctr, 'sv', 'position')} AS score FROM raw_hits)`,
        results: 'raw_res',
      });
    },
  };
}

/** labelScores from a source, in one statement: the labels' sizes, the targets' VS and the market's. */
async function scoresFrom(run: Run, q: RankQuery, src: LabelSource): Promise<CvLabelScore[]> {
  const market = q.measures.includes('marketVisibilityScore');
  const found = await run.all(
    `${src.with}
     SELECT 0 AS part, label, NULL AS t, count(*) AS n, NULL AS vs FROM cv_labels GROUP BY label
     UNION ALL
     SELECT 1, l.label, h.t, NULL, coalesce(sum(h.score), 0)
     FROM ${src.hits} h JOIN cv_labels l ON l.keyword_id = h.keyword_id GROUP BY l.label, h.t
     ${
       market && src.results !== null
         ? `UNION ALL SELECT 2, l.label, NULL, NULL, coalesce(sum(${scoreSql(q.ctr, 'x.sv', 'x.position')}), 0)
            FROM ${src.results} x JOIN cv_labels l ON l.keyword_id = x.keyword_id GROUP BY l.label`
         : ''
     }
     ORDER BY part, label`,
  );
  const part = (n: number) => found.filter((r) => Number(r.part) === n);
  return rows.labelScoreRows(part(0), part(1), market ? part(2) : null, q.targets.length, Number);
}

/** labelSeries from a source: the labels' measured keywords, then per target and label its sums. */
async function seriesFrom(run: Run, q: RankQuery, src: LabelSource): Promise<CvLabelPoint[]> {
  const measured = await run.all(
    `${src.with}
     SELECT ${isoOf('u.point')} AS d, l.label, count(*) AS n, coalesce(sum(${scoreSql(q.ctr, 'k.sv', '1')}), 0) AS top
     FROM ${src.use} u JOIN cv_kw k ON k.keyword_id = u.keyword_id JOIN cv_labels l ON l.keyword_id = u.keyword_id
     GROUP BY u.point, l.label`,
  );
  // Per target and keyword first (its VS over every matching result, its best position), then per label.
  const sums = await run.all(
    `${src.with}
     SELECT ${isoOf('b.point')} AS d, l.label, b.t, sum(b.vs) AS vs, count(*) AS ranked, sum(b.best) AS psum,
       ${rows.rangeCountsSql((c) => `count(*) FILTER (WHERE ${c})`)}
     FROM (SELECT t, point, keyword_id, min(position) AS best, coalesce(sum(score), 0) AS vs
           FROM ${src.hits} GROUP BY t, point, keyword_id) b
     JOIN cv_labels l ON l.keyword_id = b.keyword_id
     GROUP BY b.point, l.label, b.t`,
  );
  return rows.labelSeriesRows(measured, sums, q.targets.length, Number);
}

/** A read of one explicit point date (q.points.dates) answered by `from` on the plan of `source`. */
function atDate<T>(
  db: DuckDb,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
  from: (run: Run, q: RankQuery, src: LabelSource) => Promise<T[]>,
): Promise<Planned<T[]> | null> {
  const dates = q.points.dates!;
  const sources = labelSources(q, (run) => stagePointDate(run, dates[0]!), from);
  return runPlanned(db, scope, { targets: q.targets, dates }, q, source, [], sources);
}

/** The emitters of this module (plan/cv-reads.ts), on DuckDB. */
type Emitters = PlannedEmitters<DuckDb>;

/**
 * A label read (labelScoresQuery: one explicit date; labelSeriesQuery: the span's points) by the plan of
 * `source` (null: the planner's choice); null when that plan is not allowed.
 */
export const labelScoresByPlan: Emitters['labelScoresByPlan'] = (db, scope, q, source) =>
  atDate(db, scope, q, source, scoresFrom);

export const labelSeriesByPlan: Emitters['labelSeriesByPlan'] = (db, scope, q, source) => {
  const { span, pick } = q.points;
  const use = async (run: Run) => stageUse(run, labelPoints(await stagePoints(run, span), pick));
  const sources = labelSources(q, use, seriesFrom);
  return runPlanned(db, scope, { targets: q.targets, dates: [span.start, span.end] }, q, source, [], sources);
};

/** bestPositions (bestPositionsQuery: one explicit date) by the plan of `source`, as labelScoresByPlan. */
export const bestPositionsByPlan: Emitters['bestPositionsByPlan'] = (db, scope, q, source) =>
  atDate(db, scope, q, source, async (run, _q, src) =>
    rows.bestPositionRows(
      await run.all(`${src.with} ${rows.bestPositionCountsSql(src.hits, 'count(*)')}`),
      Number,
    ),
  );

/** Bucket index of column `sv`: the first bound it does not exceed, bounds.length above them all, null unknown. */
function bucketSql(bounds: readonly number[]): string {
  const whens = bounds.map((b, i) => `WHEN sv <= ${numLit(b)} THEN ${i}`).join(' ');
  return `CASE WHEN sv IS NULL THEN NULL ${whens} ELSE ${bounds.length} END`;
}

/**
 * volumeBuckets (volumeBucketsQuery: one explicit date) by the plan of `source`, as labelScoresByPlan: the
 * buckets' sizes (part 0) and each target's counts (part 1) in one statement.
 */
export const volumeBucketsByPlan: Emitters['volumeBucketsByPlan'] = (db, scope, q, source) =>
  atDate(db, scope, q, source, async (run, _q, src) => {
    const bucket = bucketSql(q.volumeBounds);
    const found = await run.all(
      `${src.with}
       SELECT 0 AS part, ${bucket} AS b, NULL AS t, count(*) AS n, NULL AS ranking, NULL AS vs
       FROM cv_kw GROUP BY ALL
       UNION ALL
       SELECT 1, ${bucket}, h.t, NULL, count(DISTINCT h.keyword_id), coalesce(sum(h.score), 0)
       FROM ${src.hits} h JOIN cv_kw k ON k.keyword_id = h.keyword_id GROUP BY ALL`,
    );
    const part = (n: number) => found.filter((r) => Number(r.part) === n);
    return rows.volumeBucketRows(part(0), part(1), q.targets.length, Number);
  });

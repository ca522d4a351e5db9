// The keyword ranking table: one row per keyword of the set with, per target, the best position and its URL,
// the keyword score at the last point, and both again at the first point (for the …Deltas fields). With a
// URL filter only keywords where a counted result under that URL ranks at the last point are listed.
// cv_page holds one column per target and field (pos_i, pos0_i, url_i, vs_i, vs0_i).
import type {
  CvKeywordField,
  CvKeywordRow,
  CvRankingPage,
  CvRankingQuery,
  CvScope,
  CvTarget,
} from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import type { Row } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { deltaSql, pageRows, type FieldSql } from './ranking-sql';
import { stageTargets, withRun, type Run } from './run';
import { count, dateLit, FIRST_DATE, float, idSet, intOrNull } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const FIELDS: Record<CvKeywordField, FieldSql> = {
  keyword: { expr: () => 'text', text: true, grouped: false },
  searchVolume: { expr: () => 'sv', text: false, grouped: false },
  position: { expr: (i) => `pos_${i}`, text: false, grouped: true },
  positionDeltas: { expr: (i, d) => deltaSql(`pos0_${i}`, `pos_${i}`, d), text: false, grouped: true },
  url: { expr: (i) => `url_${i}`, text: true, grouped: true },
  visibilityScore: { expr: (i) => `vs_${i}`, text: false, grouped: true },
  visibilityScoreDeltas: { expr: (i, d) => deltaSql(`vs0_${i}`, `vs_${i}`, d), text: false, grouped: true },
};

/** Sorted tags and keyword groups of the keywords of a page. */
async function labelsOf(run: Run, ids: number[]) {
  const tags = new Map<number, string[]>();
  const groups = new Map<number, string[]>();
  if (ids.length === 0) return { tags, groups };
  const rows = await run.s.rows(
    `SELECT keyword_id, arraySort(arrayDistinct(tags)) AS tags, arraySort(arrayDistinct(groups)) AS groups
     FROM ${run.local('campaign_keywords')}
     WHERE campaign_id = ${lit(run.scope.campaignId)} AND market_id = ${lit(run.marketId)}
       AND keyword_id IN ${idSet(ids)}`,
  );
  for (const r of rows) {
    const id = count(r.keyword_id);
    const t = (r.tags as unknown[]).map(String);
    const g = (r.groups as unknown[]).map(String);
    if (t.length > 0) tags.set(id, t);
    if (g.length > 0) groups.set(id, g);
  }
  return { tags, groups };
}

function rowOf(r: Row, n: number, labels: Awaited<ReturnType<typeof labelsOf>>): CvKeywordRow {
  const id = count(r.keyword_id);
  return {
    keywordId: id,
    keyword: String(r.text),
    searchVolume: intOrNull(r.sv),
    tags: labels.tags.get(id) ?? [],
    groups: labels.groups.get(id) ?? [],
    targets: Array.from({ length: n }, (_, i) => ({
      position: intOrNull(r[`pos_${i}`]),
      positionStart: intOrNull(r[`pos0_${i}`]),
      url: r[`url_${i}`] === null ? null : String(r[`url_${i}`]),
      visibilityScore: float(r[`vs_${i}`]),
      visibilityScoreStart: float(r[`vs0_${i}`]),
    })),
  };
}

export function rankingKeywords(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  query: CvRankingQuery<CvKeywordField>,
): Promise<CvRankingPage<CvKeywordRow>> {
  if (targets.length === 0) throw new RankInputError('the keyword table needs at least one target');
  const n = targets.length;
  return withRun<CvRankingPage<CvKeywordRow>>(
    ctx,
    scope,
    () => ({ start: null, end: null, total: 0, rows: [] }),
    async (run) => {
      const points = await stagePoints(run, query.span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      const all = query.url === null ? targets : [...targets, { key: '', filters: [query.url] }];
      await stageHits(
        run,
        await stageTargets(run, all),
        await stageUse(run, [...new Set(points.length === 0 ? [] : [start!, end!])]),
      );
      // Without point dates cv_hits is empty; the condition stays a column expression so types do not fold.
      const at = (p: string | null) =>
        p === null ? `point < ${dateLit(FIRST_DATE)}` : `point = ${dateLit(p)}`;
      // Per (target, keyword): url_id 0 is "no result at the last point" (ids start at 1).
      await run.temp(
        'cv_per',
        `SELECT t, keyword_id,
           min(if(${at(end)}, toNullable(position), NULL)) AS pos,
           argMinIf(url_id, position, ${at(end)}) AS url_id,
           min(if(${at(start)}, toNullable(position), NULL)) AS pos0,
           ifNull(sum(if(${at(end)}, score, NULL)), 0) AS vs,
           ifNull(sum(if(${at(start)}, score, NULL)), 0) AS vs0
         FROM cv_hits WHERE t < ${n} GROUP BY t, keyword_id`,
      );
      const named = `SELECT t, keyword_id, pos, pos0, vs, vs0, if(url_id = 0, NULL, toNullable(url)) AS url
        FROM cv_per ANY LEFT JOIN (
          SELECT id AS url_id, url FROM ${run.dim('urls')} WHERE id IN (SELECT url_id FROM cv_per)
        ) USING url_id`;
      const columns = Array.from(
        { length: n },
        (_, i) => `min(if(t = ${i}, pos, NULL)) AS pos_${i}, min(if(t = ${i}, pos0, NULL)) AS pos0_${i},
          min(if(t = ${i}, url, NULL)) AS url_${i}, sumIf(vs, t = ${i}) AS vs_${i}, sumIf(vs0, t = ${i}) AS vs0_${i}`,
      ).join(',\n');
      const urlOnly =
        query.url === null
          ? ''
          : `WHERE keyword_id IN (SELECT keyword_id FROM cv_hits WHERE t = ${n} AND ${at(end)})`;
      const names = Array.from({ length: n }, (_, i) =>
        ['pos', 'pos0', 'url', 'vs', 'vs0'].map((c) => `${c}_${i}`).join(', '),
      ).join(', ');
      await run.temp(
        'cv_page',
        `SELECT keyword_id, text, sv, ${names} FROM cv_kw ANY LEFT JOIN (
           SELECT keyword_id, ${columns} FROM (${named}) GROUP BY keyword_id
         ) USING keyword_id
         ${urlOnly}`,
      );
      const page = await pageRows(run, FIELDS, n, query, '*', 'keyword_id');
      const labels = await labelsOf(
        run,
        page.rows.map((r) => count(r.keyword_id)),
      );
      return { start, end, total: page.total, rows: page.rows.map((r) => rowOf(r, n, labels)) };
    },
  );
}

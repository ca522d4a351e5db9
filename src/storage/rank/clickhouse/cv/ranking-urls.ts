// The URL ranking table of one target: every URL of it with a counted result on the keyword set at the
// first or last point, with its keywords, VS, best position and the volume it ranks for. With a URL filter
// only URLs under that host or host+path are listed.
import type {
  CvRankingPage,
  CvRankingQuery,
  CvScope,
  CvTarget,
  CvUrlField,
  CvUrlRow,
} from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { deltaSql, pageRows, type FieldSql } from './ranking-sql';
import { stageTargets, withRun } from './run';
import { count, dateLit, FIRST_DATE, float, intOrNull } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const plain = (column: string, text = false): FieldSql => ({ expr: () => column, text, grouped: false });

const FIELDS: Record<CvUrlField, FieldSql> = {
  url: plain('url', true),
  keywords: plain('kw'),
  keywordsDeltas: { expr: (_, d) => deltaSql('kw0', 'kw', d), text: false, grouped: false },
  visibilityScore: plain('vs'),
  visibilityScoreDeltas: { expr: (_, d) => deltaSql('vs0', 'vs', d), text: false, grouped: false },
  bestPosition: plain('best'),
  searchVolume: plain('svsum'),
};

export function rankingUrls(
  ctx: ChContext,
  scope: CvScope,
  target: CvTarget,
  query: CvRankingQuery<CvUrlField>,
): Promise<CvRankingPage<CvUrlRow>> {
  return withRun<CvRankingPage<CvUrlRow>>(
    ctx,
    scope,
    () => ({ start: null, end: null, total: 0, rows: [] }),
    async (run) => {
      const points = await stagePoints(run, query.span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      const all = query.url === null ? [target] : [target, { key: '', filters: [query.url] }];
      await stageHits(
        run,
        await stageTargets(run, all),
        await stageUse(run, [...new Set(points.length === 0 ? [] : [start!, end!])]),
      );
      // Without point dates cv_hits is empty; the condition stays a column expression so types do not fold.
      const at = (p: string | null) =>
        p === null ? `point < ${dateLit(FIRST_DATE)}` : `point = ${dateLit(p)}`;
      const urlOnly = query.url === null ? '' : 'WHERE url_id IN (SELECT url_id FROM cv_hits WHERE t = 1)';
      // A URL can hold two results of one SERP (e.g. organic and a sitelink): count its keyword once.
      await run.temp(
        'cv_per',
        `SELECT url_id,
           countIf(${at(end)}) AS kw,
           countIf(${at(start)}) AS kw0,
           ifNull(sum(if(${at(end)}, sc, NULL)), 0) AS vs,
           ifNull(sum(if(${at(start)}, sc, NULL)), 0) AS vs0,
           min(if(${at(end)}, toNullable(pos), NULL)) AS best,
           ifNull(sum(if(${at(end)}, sv, NULL)), 0) AS svsum
         FROM (
           SELECT url_id, keyword_id, point, min(position) AS pos, sum(score) AS sc
           FROM cv_hits WHERE t = 0 GROUP BY url_id, keyword_id, point
         ) ANY INNER JOIN (SELECT keyword_id, sv FROM cv_kw) USING keyword_id
         ${urlOnly}
         GROUP BY url_id`,
      );
      await run.temp(
        'cv_page',
        `SELECT url_id, kw, kw0, vs, vs0, best, svsum, url FROM cv_per ANY INNER JOIN (
           SELECT id AS url_id, url FROM ${run.dim('urls')} WHERE id IN (SELECT url_id FROM cv_per)
         ) USING url_id`,
      );
      const page = await pageRows(run, FIELDS, 1, query, '*', 'url');
      return {
        start,
        end,
        total: page.total,
        rows: page.rows.map((r) => ({
          url: String(r.url),
          keywords: count(r.kw),
          keywordsStart: count(r.kw0),
          visibilityScore: float(r.vs),
          visibilityScoreStart: float(r.vs0),
          bestPosition: intOrNull(r.best),
          searchVolume: count(r.svsum),
        })),
      };
    },
  );
}

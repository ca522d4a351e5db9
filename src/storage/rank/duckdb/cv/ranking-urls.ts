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
import type { DuckDb } from '../db';
import { deltaSql, pageRows, type FieldSql } from './ranking-sql';
import { withRun } from './run';
import { dateLit } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const plain = (column: string, text = false): FieldSql => ({
  expr: () => `q.${column}`,
  text,
  grouped: false,
});

const FIELDS: Record<CvUrlField, FieldSql> = {
  url: plain('url', true),
  keywords: plain('kw'),
  keywordsDeltas: { expr: (_, d) => deltaSql('q.kw0', 'q.kw', d), text: false, grouped: false },
  visibilityScore: plain('vs'),
  visibilityScoreDeltas: { expr: (_, d) => deltaSql('q.vs0', 'q.vs', d), text: false, grouped: false },
  bestPosition: plain('best'),
  searchVolume: plain('svsum'),
};

export function rankingUrls(
  db: DuckDb,
  scope: CvScope,
  target: CvTarget,
  query: CvRankingQuery<CvUrlField>,
): Promise<CvRankingPage<CvUrlRow>> {
  const all = query.url === null ? [target] : [target, { key: '', filters: [query.url] }];
  return withRun<CvRankingPage<CvUrlRow>>(
    db,
    scope,
    { targets: all, dates: [query.span.start, query.span.end] },
    () => ({ start: null, end: null, total: 0, rows: [] }),
    async (run) => {
      const points = await stagePoints(run, query.span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      await stageHits(run, await stageUse(run, [...new Set(points.length === 0 ? [] : [start!, end!])]));
      const at = (p: string | null) => (p === null ? 'NULL' : dateLit(p));
      const urlOnly = query.url === null ? '' : 'WHERE p.url_id IN (SELECT url_id FROM cv_hits WHERE t = 1)';
      // A URL can hold two results of one SERP (e.g. organic and a sitelink): count its keyword once.
      await run.stage(
        'TABLE',
        'cv_page',
        `WITH per_kw AS (
          SELECT url_id, keyword_id, point, min(position) AS pos, sum(score) AS sc
          FROM cv_hits WHERE t = 0 GROUP BY url_id, keyword_id, point
        ),
        per AS (
          SELECT p.url_id,
            count(*) FILTER (WHERE p.point = ${at(end)}) AS kw,
            count(*) FILTER (WHERE p.point = ${at(start)}) AS kw0,
            coalesce(sum(p.sc) FILTER (WHERE p.point = ${at(end)}), 0) AS vs,
            coalesce(sum(p.sc) FILTER (WHERE p.point = ${at(start)}), 0) AS vs0,
            min(p.pos) FILTER (WHERE p.point = ${at(end)}) AS best,
            coalesce(sum(k.sv) FILTER (WHERE p.point = ${at(end)}), 0) AS svsum
          FROM per_kw p JOIN cv_kw k ON k.keyword_id = p.keyword_id
          ${urlOnly}
          GROUP BY p.url_id
        )
        SELECT per.*, x.url FROM per JOIN urls x ON x.id = per.url_id`,
      );
      const page = await pageRows(run, FIELDS, 1, query, 'q.*', 'q.url');
      return {
        start,
        end,
        total: page.total,
        rows: page.rows.map((r) => ({
          url: String(r.url),
          keywords: Number(r.kw),
          keywordsStart: Number(r.kw0),
          visibilityScore: Number(r.vs),
          visibilityScoreStart: Number(r.vs0),
          bestPosition: r.best === null ? null : Number(r.best),
          searchVolume: Number(r.svsum),
        })),
      };
    },
  );
}

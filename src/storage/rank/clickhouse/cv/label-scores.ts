// Visibility share by keyword tag or keyword group at one point date: per label, the keywords of the set
// carrying it, each target's VS over them and optionally the VS of every host (whole-market denominator).
// A keyword with several labels counts in each.
import type { CvLabelScore, CvScope, CvTarget } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { stageTargets, withRun } from './run';
import { count, float } from './sql';
import { scoreSql, stageHits, stagePointDate, usedResultsSql } from './snapshots';

export function labelScores(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
  kind: 'tags' | 'groups',
  opts: { market: boolean },
): Promise<CvLabelScore[]> {
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
      const used = await stagePointDate(run, date);
      await stageHits(run, await stageTargets(run, targets), used);
      const labels = await s.rows('SELECT label, count() AS n FROM cv_labels GROUP BY label ORDER BY label');
      const scores = await s.rows(
        `SELECT label, t, ifNull(sum(score), 0) AS vs
         FROM cv_hits ALL INNER JOIN (SELECT keyword_id, label FROM cv_labels) USING keyword_id
         GROUP BY label, t`,
      );
      const market = new Map<string, number>();
      if (opts.market && used !== null) {
        const rows = await s.rows(
          `SELECT label, ifNull(sum(${scoreSql(run)}), 0) AS vs
           FROM ${usedResultsSql(run, used)} ALL INNER JOIN (SELECT keyword_id, label FROM cv_labels) USING keyword_id
           GROUP BY label`,
        );
        for (const r of rows) market.set(String(r.label), float(r.vs));
      }
      const vs = new Map(labels.map((l) => [String(l.label), targets.map(() => 0)]));
      for (const r of scores) vs.get(String(r.label))![count(r.t)] = float(r.vs);
      return labels.map((l) => ({
        label: String(l.label),
        keywords: count(l.n),
        marketVisibilityScore: opts.market ? (market.get(String(l.label)) ?? 0) : null,
        visibilityScores: vs.get(String(l.label))!,
      }));
    },
  );
}

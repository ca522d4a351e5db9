// Visibility share by keyword tag or keyword group at one point date: per label, the keywords of the set
// carrying it, each target's VS over them and optionally the VS of every host (whole-market denominator).
// A keyword with several labels counts in each.
import type { CvLabelScore, CvScope, CvTarget } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { withRun } from './run';
import { doublesLit } from './sql';
import { stageHits, stagePointDate, usedResultsSql } from './snapshots';

/** A campaign's (keyword, label) pairs; the id is a checked integer (run.ts), written as a literal for a view. */
export const LABELS = {
  tags: (id: number) => `SELECT kt.keyword_id, t.tag AS label FROM campaign_keyword_tags kt
    JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id WHERE kt.campaign_id = ${id}`,
  groups: (id: number) => `SELECT kg.keyword_id, g.label FROM campaign_keyword_groups kg
    JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id WHERE kg.campaign_id = ${id}`,
};

export function labelScores(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
  kind: 'tags' | 'groups',
  opts: { market: boolean },
): Promise<CvLabelScore[]> {
  return withRun(
    db,
    scope,
    { targets, dates: [date] },
    () => [],
    async (run) => {
      await run.stage(
        'VIEW',
        'cv_labels',
        `SELECT DISTINCT l.keyword_id, l.label
         FROM (${LABELS[kind](scope.campaignId)}) l JOIN cv_kw k ON k.keyword_id = l.keyword_id`,
      );
      const used = await stagePointDate(run, date);
      await stageHits(run, used);
      // The labels' sizes (t null, first, by label) and each target's VS in one call.
      const rows = await run.all(
        `SELECT label, NULL AS t, count(*) AS n, NULL AS vs FROM cv_labels GROUP BY label
         UNION ALL
         SELECT l.label, h.t, NULL, coalesce(sum(h.score), 0)
         FROM cv_hits h JOIN cv_labels l ON l.keyword_id = h.keyword_id GROUP BY l.label, h.t
         ORDER BY t NULLS FIRST, label`,
      );
      const labels = rows.filter((r) => r.t === null);
      const market = new Map<string, number>();
      if (opts.market && used !== null) {
        const marketRows = await run.all(
          `SELECT l.label, coalesce(sum(k.sv * ${doublesLit(scope.ctr)}[r.position]), 0) AS vs
           ${usedResultsSql(run, used, 'JOIN cv_labels l ON l.keyword_id = r.keyword_id')}
           GROUP BY l.label`,
        );
        for (const r of marketRows) market.set(String(r.label), Number(r.vs));
      }
      const vs = new Map(labels.map((l) => [String(l.label), targets.map(() => 0)]));
      for (const r of rows) if (r.t !== null) vs.get(String(r.label))![Number(r.t)] = Number(r.vs);
      return labels.map((l) => ({
        label: String(l.label),
        keywords: Number(l.n),
        marketVisibilityScore: opts.market ? (market.get(String(l.label)) ?? 0) : null,
        visibilityScores: vs.get(String(l.label))!,
      }));
    },
  );
}

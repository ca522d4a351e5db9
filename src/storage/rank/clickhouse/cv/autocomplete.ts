// Autocomplete of the filter inputs: registrable domains and hosts ranking on the keyword set at a point date
// whose name contains the text, by VS descending, and keywords of the set containing it, by volume.
import { CV_TIE_DIGITS, type CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { autocompleteNeedle, autocompleteRows } from '../../label-rows';
import type { ChContext } from '../context';
import { int } from '../client';
import { lit } from '../escape';
import { withRun } from './run';
import { float } from './sql';
import { scoreSql, stagePointDate, usedResultsSql } from './snapshots';

export function autocomplete(
  ctx: ChContext,
  ...[scope, date, text, limit]: Parameters<CampaignVisibilityReads['autocomplete']>
): ReturnType<CampaignVisibilityReads['autocomplete']> {
  const needle = autocompleteNeedle(text, limit);
  return withRun(
    ctx,
    scope,
    () => ({ hosts: [], keywords: [] }),
    async (run) => {
      const { s } = run;
      const q = lit(needle);
      const keywords = await s.rows(
        `SELECT text, sv FROM cv_kw WHERE position(text, ${q}) > 0
         ORDER BY sv DESC NULLS LAST, text LIMIT ${limit}`,
      );
      const used = await stagePointDate(run, date);
      if (used === null) return autocompleteRows([], keywords, float, int);
      // Each side keeps only names containing the text before summing, so the scan feeds small groups.
      run.view(
        'cv_page',
        `SELECT host_id, domain_id, ${scoreSql(run)} AS sc FROM ${usedResultsSql(
          run,
          used,
          ` AND (host_id IN (SELECT id FROM ${run.dim('hosts')} WHERE position(host, ${q}) > 0)
             OR domain_id IN (SELECT id FROM ${run.dim('domains')} WHERE position(domain, ${q}) > 0))`,
        )}`,
      );
      const rows = await s.rows(
        `SELECT value, kind, vs FROM (
           SELECT domain AS value, 'domain' AS kind, ifNull(sum(sc), 0) AS vs
           FROM cv_page ANY INNER JOIN (
             SELECT id AS domain_id, domain FROM ${run.dim('domains')} WHERE position(domain, ${q}) > 0
           ) USING domain_id
           GROUP BY domain
           UNION ALL
           SELECT host AS value, 'host' AS kind, ifNull(sum(sc), 0) AS vs
           FROM cv_page ANY INNER JOIN (
             SELECT h_id AS host_id, h_host AS host FROM (
               SELECT id AS h_id, host AS h_host, domain_id AS h_domain_id FROM ${run.dim('hosts')}
               WHERE position(host, ${q}) > 0
             ) ANY INNER JOIN (
               SELECT id AS h_domain_id, domain AS d_domain FROM ${run.dim('domains')}
               WHERE id IN (SELECT domain_id FROM ${run.dim('hosts')} WHERE position(host, ${q}) > 0)
             ) USING h_domain_id
             WHERE h_host != d_domain
           ) USING host_id
           GROUP BY host
         ) ORDER BY round(vs, ${CV_TIE_DIGITS}) DESC, value LIMIT ${limit}`,
      );
      return autocompleteRows(rows, keywords, float, int);
    },
  );
}

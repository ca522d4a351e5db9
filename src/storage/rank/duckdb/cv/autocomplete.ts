// Autocomplete of the filter inputs: registrable domains and hosts ranking on the keyword set at a point date
// whose name contains the text, by VS descending, and keywords of the set containing it, by volume. The VS
// comes from the campaign rollup (rollup.ts) when it answers the date, else from the SERP rows.
import { CV_TIE_DIGITS, type CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { autocompleteNeedle, autocompleteRows } from '../../label-rows';
import type { DuckDb } from '../db';
import { rollRowsSql, rollupSnapshots } from './rollup-plan';
import { withRun } from './run';
import { Binds } from './sql';
import { stagePointDate, usedResultsSql } from './snapshots';

export function autocomplete(
  db: DuckDb,
  ...[scope, date, text, limit]: Parameters<CampaignVisibilityReads['autocomplete']>
): ReturnType<CampaignVisibilityReads['autocomplete']> {
  const needle = autocompleteNeedle(text, limit);
  return withRun(
    db,
    scope,
    { dates: [date] },
    () => ({ hosts: [], keywords: [] }),
    async (run) => {
      const bk = new Binds();
      const keywords = await run.all(
        `SELECT kw.text, k.sv FROM cv_kw k JOIN keywords kw ON kw.id = k.keyword_id
         WHERE contains(kw.text, ${bk.string(needle)})
         ORDER BY k.sv DESC NULLS LAST, kw.text LIMIT ${limit}`,
        bk,
      );
      // The scored results: the campaign rollup's rows when it answers the date, else the SERP rows.
      const b = new Binds();
      const ctr = b.doubles(scope.ctr);
      const q = b.string(needle);
      const snapOf = rollupSnapshots(run, [date]);
      const used = snapOf === null ? await stagePointDate(run, date) : null;
      const source =
        snapOf !== null
          ? `r.sv * ${ctr}[r.position] AS sc ${rollRowsSql(run, snapOf.values())}`
          : used !== null
            ? `k.sv * ${ctr}[r.position] AS sc ${usedResultsSql(run, used)}`
            : null;
      if (source === null) return autocompleteRows([], keywords, Number, Number);
      // Each side keeps only names containing the text before summing, so the scan feeds small groups.
      const rows = await run.all(
        `WITH scored AS (
           SELECT r.host_id, r.domain_id, ${source}
             AND (r.host_id IN (SELECT id FROM hosts WHERE contains(host, ${q}))
               OR r.domain_id IN (SELECT id FROM domains WHERE contains(domain, ${q})))
         )
         SELECT * FROM (
           SELECT d.domain AS value, 'domain' AS kind, coalesce(sum(x.sc), 0) AS vs
           FROM scored x JOIN domains d ON d.id = x.domain_id WHERE contains(d.domain, ${q}) GROUP BY d.domain
           UNION ALL
           SELECT h.host AS value, 'host' AS kind, coalesce(sum(x.sc), 0) AS vs
           FROM scored x JOIN hosts h ON h.id = x.host_id JOIN domains hd ON hd.id = h.domain_id
           WHERE contains(h.host, ${q}) AND h.host <> hd.domain GROUP BY h.host
         ) ORDER BY round(vs, ${CV_TIE_DIGITS}) DESC, value LIMIT ${limit}`,
        b,
      );
      return autocompleteRows(rows, keywords, Number, Number);
    },
  );
}

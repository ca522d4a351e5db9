// The Search Console totals widget: clicks, impressions, CTR and average position of one Search Console
// property over the widget's range, beside the previous period of the same length and the change — the Raw
// Search Analytics screen's own Totals, read through its analytics endpoint (one row asked: only the totals
// are drawn).
import { useMemo } from 'react';
import { useGscTotals } from '../../../api/use-search-console';
import { useFormat } from '../../../app/route-context';
import { WidgetFrame } from '../../campaign-visibility/widgets/WidgetFrame';
import { Totals } from '../../search-console/RawSearchAnalyticsPage';
import { withComparison } from '../../search-console/use-gsc-selection';
import { queryState } from './ScopeWidgets';

export function SearchConsoleTotalsWidget({
  id,
  site,
  startDate,
  endDate,
}: {
  id: string;
  site: string;
  startDate: string;
  endDate: string;
}) {
  const f = useFormat();
  const selection = useMemo(
    () =>
      withComparison({
        site,
        startDate,
        endDate,
        compare: true,
        compareStartDate: '',
        compareEndDate: '',
        queryFilter: '',
        pageFilter: '',
        device: '',
      }),
    [site, startDate, endDate],
  );
  const q = useGscTotals(selection);
  const t = q.data?.totals;
  const state = queryState(q, (d) => d.totals.impressions === 0 && d.totals.clicks === 0);
  return (
    <WidgetFrame
      id={id}
      title={`Search Console · ${site}`}
      description={`Clicks, impressions, CTR and average position ${startDate} – ${endDate}, against ${selection.compareStartDate} – ${selection.compareEndDate}`}
      state={state}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText={`${site} has no Search Console rows in this range: link the property or import its rows, or widen the range.`}
      chartData={
        t
          ? {
              columns: ['period', 'clicks', 'impressions', 'ctr', 'position'],
              rows: [
                ['current', t.clicks, t.impressions, t.ctr, t.position],
                ...(t.previous
                  ? [
                      [
                        'previous',
                        t.previous.clicks,
                        t.previous.impressions,
                        t.previous.ctr,
                        t.previous.position,
                      ],
                    ]
                  : []),
              ],
            }
          : null
      }
    >
      {q.data && <Totals data={q.data} f={f} />}
    </WidgetFrame>
  );
}

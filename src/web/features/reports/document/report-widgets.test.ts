// A report's widget block as the dashboard widget it draws: over the report's scope and period unless the
// block has its own scope, filters and range (a relative one ends on the period's last day).
import { describe, expect, it } from 'vitest';
import { rangeDates } from '../../dashboard/widgets/widget-range';
import { blockWidget } from './report-widgets';

const scope = { campaignId: 3, projectId: 1, market: 'gb-en' };
const period = { from: '2025-01-01', to: '2025-01-31' };

describe('report widget blocks', () => {
  it('read the report’s scope and period by default, as each type reads', () => {
    const league = blockWidget(
      { kind: 'widget', id: 'a', type: 'competitors-league', title: null },
      scope,
      period,
    );
    expect(league).toMatchObject({
      scope: { kind: 'campaign', campaignId: 3 },
      filters: { domains: [], tags: [] },
      range: { kind: 'fixed', from: '2025-01-01', to: '2025-01-31' },
    });
    const share = blockWidget({ kind: 'widget', id: 'b', type: 'market-share', title: null }, scope, period);
    expect(share.scope).toEqual({ kind: 'market', market: 'gb-en' });
  });

  it('read the block’s own scope, filters and range when it has them', () => {
    const w = blockWidget(
      {
        kind: 'widget',
        id: 'c',
        type: 'rank-ranges',
        title: 'Trail',
        scope: { kind: 'campaign', campaignId: 9 },
        filters: { domains: ['trail.test'], tags: ['brand'] },
        range: { kind: 'relative', span: 'quarter' },
      },
      scope,
      period,
    );
    expect(w).toMatchObject({
      scope: { kind: 'campaign', campaignId: 9 },
      filters: { domains: ['trail.test'], tags: ['brand'] },
      title: 'Trail',
    });
    // ReportDocument gives the period's last day as "today": the same days whenever it is drawn.
    expect(rangeDates(w.range, period.to)).toEqual({ startDate: '2024-10-31', endDate: '2025-01-31' });
  });
});

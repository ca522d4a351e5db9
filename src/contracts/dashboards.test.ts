// The widget configs of the four widget types read from other screens' services — rank-table, tag-matrix,
// search-console-totals and tasks — as the dashboards and reports contracts check them: each scope it reads
// passes (with its defaults), and every refusal names where the problem is and how to fix it.
import { describe, expect, it } from 'vitest';
import { dashboardWidget, WIDGET_SCOPES } from './dashboards';
import { reportBlock } from './reports';

const layout = { x: 0, y: 0, w: 6, h: 8 };

function refusal(schema: typeof dashboardWidget | typeof reportBlock, value: unknown) {
  const r = schema.safeParse(value);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('widget configs of the rank table, tag matrix, Search Console totals and tasks', () => {
  it('read the scopes the library lists: a campaign, a Search Console property, the workspace or a campaign', () => {
    expect(WIDGET_SCOPES['rank-table']).toEqual(['campaign']);
    expect(WIDGET_SCOPES['tag-matrix']).toEqual(['campaign']);
    expect(WIDGET_SCOPES['search-console-totals']).toEqual(['search-console']);
    expect(WIDGET_SCOPES.tasks).toEqual(['workspace', 'campaign']);
  });

  it('pass with their scope, taking the default filters, range and title', () => {
    const cases = [
      { type: 'rank-table', scope: { kind: 'campaign', campaignId: 4 } },
      { type: 'tag-matrix', scope: { kind: 'campaign', campaignId: 4 } },
      { type: 'search-console-totals', scope: { kind: 'search-console', site: ' example.com ' } },
      { type: 'tasks', scope: { kind: 'workspace' } },
      { type: 'tasks', scope: { kind: 'campaign', campaignId: 9 } },
    ];
    for (const c of cases) {
      const parsed = dashboardWidget.parse({ id: 'w-1', ...c, layout });
      expect(parsed).toMatchObject({
        type: c.type,
        filters: { domains: [], tags: [] },
        range: { kind: 'relative', span: 'half-year' },
        title: null,
      });
    }
    // The property is kept as the sites list names it, without the spaces around it.
    expect(
      dashboardWidget.parse({
        id: 'w',
        type: 'search-console-totals',
        scope: { kind: 'search-console', site: ' example.com ' },
        layout,
      }).scope,
    ).toEqual({ kind: 'search-console', site: 'example.com' });
  });

  it('refuse a scope the type does not read, naming the scopes it does', () => {
    expect(
      refusal(dashboardWidget, {
        id: 'w',
        type: 'rank-table',
        scope: { kind: 'search-console', site: 'example.com' },
        layout,
      }),
    ).toEqual([
      {
        path: 'scope.kind',
        message: 'a rank-table widget reads a campaign scope, not a search-console: pick one',
      },
    ]);
    expect(
      refusal(dashboardWidget, { id: 'w', type: 'tasks', scope: { kind: 'project', projectId: 2 }, layout }),
    ).toEqual([
      {
        path: 'scope.kind',
        message: 'a tasks widget reads a workspace or campaign scope, not a project: pick one',
      },
    ]);
    expect(
      refusal(dashboardWidget, {
        id: 'w',
        type: 'search-console-totals',
        scope: { kind: 'workspace' },
        layout,
      }),
    ).toEqual([
      {
        path: 'scope.kind',
        message: 'a search-console-totals widget reads a search-console scope, not a workspace: pick one',
      },
    ]);
  });

  it('refuse a Search Console scope without a property, or with an unknown field', () => {
    expect(
      refusal(dashboardWidget, {
        id: 'w',
        type: 'search-console-totals',
        scope: { kind: 'search-console', site: '  ' },
        layout,
      }),
    ).toEqual([
      {
        path: 'scope.site',
        message: 'name the Search Console property, e.g. example.com, as the Search Console sites list it',
      },
    ]);
    // An unknown kind names the kinds there are.
    const unknown = refusal(dashboardWidget, { id: 'w', type: 'tasks', scope: { kind: 'gsc' }, layout });
    expect(unknown[0]!.path).toBe('scope.kind');
    expect(unknown[0]!.message).toContain("'search-console' | 'workspace'");
    const extra = refusal(dashboardWidget, {
      id: 'w',
      type: 'search-console-totals',
      scope: { kind: 'search-console', site: 'example.com', campaignId: 3 },
      layout,
    });
    expect(extra).toEqual([{ path: 'scope', message: 'Unrecognized key: "campaignId"' }]);
  });

  it('in a report: a Search Console totals block names its property, the others may follow the report', () => {
    expect(refusal(reportBlock, { kind: 'widget', id: 'gsc', type: 'search-console-totals' })).toEqual([
      {
        path: 'scope',
        message:
          "a search-console-totals widget reads a Search Console property, which the report's campaign does not name: give scope {kind: 'search-console', site}",
      },
    ]);
    for (const type of ['rank-table', 'tag-matrix', 'tasks'])
      expect(reportBlock.safeParse({ kind: 'widget', id: 'b', type }).success, type).toBe(true);
    expect(
      reportBlock.safeParse({
        kind: 'widget',
        id: 'gsc',
        type: 'search-console-totals',
        scope: { kind: 'search-console', site: 'example.com' },
        range: { kind: 'relative', span: 'quarter' },
      }).success,
    ).toBe(true);
  });
});

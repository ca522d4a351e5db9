// The addresses a dashboard share link may read: each widget type's own reads over its own scope, and
// nothing else — other ids, markets or hosts, exports, dot segments and encoded slashes, other APIs.
import { describe, expect, it } from 'vitest';
import type { DashboardWidget } from '@contracts/dashboards';
import { sharedReads } from './shared-reads';

const widget = (
  id: string,
  type: DashboardWidget['type'],
  scope: DashboardWidget['scope'],
): DashboardWidget => ({
  id,
  type,
  scope,
  filters: { domains: [], tags: [] },
  range: { kind: 'relative', span: 'year' },
  title: null,
  layout: { x: 0, y: 0, w: 6, h: 8 },
});

describe('sharedReads', () => {
  const reads = sharedReads([
    widget('a', 'rank-ranges', { kind: 'campaign', campaignId: 12 }),
    widget('b', 'project-visibility', { kind: 'project', projectId: 3 }),
    widget('c', 'market-share', { kind: 'host', host: 'a.com', market: 'gb-en' }),
  ]);

  it("answers each widget's own reads", () => {
    for (const address of [
      '/api/v3/campaign-visibility/12/rank-ranges?domains=a.com&startDate=2025-01-01',
      '/api/v3/campaign-visibility/12/ranking/keywords?page=1',
      '/api/v3/project-visibility/ldx-3/domains?startDate=2025-01-01&endDate=2025-02-01',
      '/api/v3/project-visibility/3/domains',
      '/api/marketshare/data/overview?market=gb-en&time=year&host=a.com',
      '/api/marketshare/data/competitive-matrix?market=gb-en&time=year&host=a.com&by=domain',
      // A time chart (project visibility, market share) draws the organisation's annotations.
      '/api/v1/annotations',
      '/api/v1/annotations?campaign=12&from=2025-01-01',
    ])
      expect(reads(address), address).toBe(true);
  });

  it('refuses every other address', () => {
    for (const address of [
      '/api/v3/campaign-visibility/13/rank-ranges',
      '/api/v3/campaign-visibility/12/csv/urls',
      '/api/v3/campaign-visibility/12/xlsx/keywords',
      '/api/v3/campaign-visibility/12/../13/rank-ranges',
      '/api/v3/campaign-visibility/12%2F..%2F13/rank-ranges',
      '/api/v3/project-visibility/ldx-4/domains',
      '/api/marketshare/data/overview?market=gb-en&time=year',
      '/api/marketshare/data/overview?market=us-en&time=year&host=a.com',
      '/api/marketshare/data/overview?market=gb-en&host=a.com&host=b.com',
      '/api/v1/annotations?campaign=13',
      '/api/v1/dashboard',
      '/api/v1/dashboards/1',
      '/api/v1/admin/users',
      '//evil.test/api/v1/me',
      'http://evil.test/api/v1/me',
    ])
      expect(reads(address), address).toBe(false);
  });

  it('opens the workspace overview only to a dashboard holding it, and annotations only to time charts', () => {
    const overview = sharedReads([widget('o', 'workspace-overview', { kind: 'workspace' })]);
    expect(overview('/api/v1/dashboard')).toBe(true);
    expect(overview('/api/v1/annotations')).toBe(false);
    expect(sharedReads([])('/api/v1/dashboard')).toBe(false);
  });

  it('opens a rank table, tag matrix, Search Console totals and task list widget its own read only', () => {
    const reads = sharedReads([
      widget('r', 'rank-table', { kind: 'campaign', campaignId: 12 }),
      widget('t', 'tag-matrix', { kind: 'campaign', campaignId: 14 }),
      widget('g', 'search-console-totals', { kind: 'search-console', site: 'a.com' }),
      widget('k', 'tasks', { kind: 'campaign', campaignId: 12 }),
    ]);
    for (const address of [
      '/api/v1/rank-tracking/12/keywords?positionKind=absolute&sortField=change&page=1&pageSize=15',
      '/api/v1/tag-analysis/14?kind=tags&startDate=2025-01-01',
      '/api/v1/search-console/analytics?site=a.com&startDate=2025-01-01&page=1&pageSize=1',
      '/api/v1/tasks?campaign=12',
    ])
      expect(reads(address), address).toBe(true);
    for (const address of [
      // Another campaign, another screen's read of the same campaign, an export, the keyword drawer.
      '/api/v1/rank-tracking/13/keywords',
      '/api/v1/rank-tracking/12/keywords/5',
      '/api/v1/rank-tracking/12/csv',
      '/api/v1/tag-analysis/12',
      '/api/v1/tag-analysis/14/series?label=x',
      '/api/v3/campaign-visibility/12/rank-ranges',
      // Another property, two of them, another Search Console read.
      '/api/v1/search-console/analytics?site=b.com',
      '/api/v1/search-console/analytics?site=a.com&site=b.com',
      '/api/v1/search-console/keyword-pages?site=a.com',
      // The workspace's tasks, another campaign's, a filtered list, the members' e-mail addresses.
      '/api/v1/tasks',
      '/api/v1/tasks?campaign=13',
      '/api/v1/tasks?campaign=12&assignee=3',
      '/api/v1/tasks/members',
      '/api/v1/dashboard',
    ])
      expect(reads(address), address).toBe(false);
    const workspace = sharedReads([widget('k', 'tasks', { kind: 'workspace' })]);
    expect(workspace('/api/v1/tasks')).toBe(true);
    expect(workspace('/api/v1/tasks?campaign=12')).toBe(false);
    expect(workspace('/api/v1/dashboard')).toBe(false);
  });
});

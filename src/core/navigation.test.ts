// Spec §2 line by line: screen recognition by address, the page-name-to-area mapping, the sidebar sections
// and their route names, roles and "new" marks, and the default navigation (§9).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NAVIGATION,
  EXPLORER_START_PATH,
  NAVIGATION,
  PAGE_NAME_AREAS,
  areaOfPage,
  explorerHost,
  landingItem,
  recogniseScreen,
  visibleNavigation,
  type ModuleId,
} from './navigation';

const item = (id: string) => NAVIGATION.flatMap((s) => s.items).find((i) => i.id === id)!;
const section = (id: string) => NAVIGATION.find((s) => s.id === id)!;

describe('screen recognition by address (spec §2)', () => {
  it('recognises the visibility explorer when the address contains competitive-analysis/ve', () => {
    expect(recogniseScreen('/example.com/gb-en/competitive-analysis/ve')).toBe('visibility-explorer');
    expect(recogniseScreen('/www.example.com/blog/gb-en/competitive-analysis/ve')).toBe(
      'visibility-explorer',
    );
    expect(recogniseScreen('/example.com/gb-en/competitive-analysis/ve/de_DE')).toBe('visibility-explorer');
    expect(recogniseScreen('https://app.example/x/gb-en/competitive-analysis/ve?domains=a.com#top')).toBe(
      'visibility-explorer',
    );
  });

  it('recognises project visibility when the address contains competitive-analysis/project-visibility', () => {
    expect(recogniseScreen('/ldx-7/competitive-analysis/project-visibility')).toBe('project-visibility');
    expect(recogniseScreen('/ldx-7/competitive-analysis/project-visibility/en_US')).toBe(
      'project-visibility',
    );
  });

  it('recognises nothing else', () => {
    expect(recogniseScreen('/12/competitive-analysis/cv')).toBeNull();
    expect(recogniseScreen('/x/gb-en/competitive-analysis/vendors')).toBeNull();
    expect(recogniseScreen('/x/gb-en/competitive-analysis')).toBeNull();
    expect(recogniseScreen('/dashboard?next=/competitive-analysis-ve')).toBeNull();
    expect(recogniseScreen('/dashboard?next=/a/competitive-analysis/ve')).toBeNull();
    expect(recogniseScreen('')).toBeNull();
  });
});

describe('page-name mapping to areas (spec §2)', () => {
  it('maps the three visibility homepages to their areas and nothing else', () => {
    expect(PAGE_NAME_AREAS).toEqual({
      'project-visibility': 'project-visibility',
      'campaign-visibility': 'campaign-visibility',
      'visibility-explorer': 'visibility-explorer',
    });
    expect(areaOfPage('project-visibility')).toBe('project-visibility');
    expect(areaOfPage('campaign-visibility')).toBe('campaign-visibility');
    expect(areaOfPage('visibility-explorer')).toBe('visibility-explorer');
    expect(areaOfPage('dashboard')).toBeNull();
    expect(areaOfPage('toString')).toBeNull();
    expect(areaOfPage(null)).toBeNull();
    expect(areaOfPage(undefined)).toBeNull();
  });
});

describe('sidebar sections (spec §2)', () => {
  it('lists the sections in the order of the spec', () => {
    expect(NAVIGATION.map((s) => s.id)).toEqual([
      'dashboards',
      'reporting',
      'tasks',
      'visibility',
      'rankings',
      'technical',
      'searchConsole',
      'content360',
      'content',
      'linkData',
      'authorDiscovery',
      'campaigns',
      'contacts',
      'admin',
    ]);
  });

  it('dashboards: dashboard', () => {
    expect(section('dashboards').items.map((i) => i.route)).toEqual(['dashboard']);
  });

  it('reporting needs ROLE_REPORTS: folder, generated, scheduler', () => {
    expect(section('reporting').requires).toBe('ROLE_REPORTS');
    expect(section('reporting').items.map((i) => [i.label, i.route, i.requires])).toEqual([
      ['Report Creation', 'folder', 'ROLE_REPORTS'],
      ['Generated Reports', 'generated', 'ROLE_REPORTS'],
      ['Report Scheduling', 'scheduler', 'ROLE_REPORTS'],
    ]);
  });

  it('tasks: tasks', () => {
    expect(section('tasks').items.map((i) => i.route)).toEqual(['tasks']);
  });

  it('visibility: project visibility is ldx- plus the project id, needs ROLE_CV and is marked new', () => {
    expect(item('project-visibility')).toMatchObject({
      route: '/ldx-{projectId}/competitive-analysis/project-visibility',
      requires: 'ROLE_CV',
      isNew: true,
    });
    expect(item('visibility-explorer')).toMatchObject({ requires: 'ROLE_VE', isNew: false });
  });

  it('rankings: keyword explorer (ROLE_KEYWORD_EXPLORER, new) then the route names of the spec', () => {
    expect(item('keyword-explorer')).toMatchObject({
      route: '/v8/frontend/{project}/keyword-explorer',
      requires: 'ROLE_KEYWORD_EXPLORER',
      isNew: true,
    });
    expect(section('rankings').items.map((i) => [i.label, i.route])).toEqual([
      ['Keyword Explorer', '/v8/frontend/{project}/keyword-explorer'],
      ['Rank Tracking', '/{campaignId}/rankings/rank-tracking'],
      ['Page Analysis', '/{campaignId}/rankings/page-analysis'],
      ['Tag Analysis', '/{campaignId}/rankings/tag-analysis'],
      ['Share of Search', 'shareofsearch'],
      ['Forecasting', 'forecasting'],
      ['FAQ Explorer', '/v8/frontend/{project}/faq-explorer'],
    ]);
  });

  it('technical: page experience (ROLE_PAGE_EXPERIENCE, new)', () => {
    expect(section('technical').items).toEqual([
      expect.objectContaining({
        route: '/v8/frontend/{project}/page-experience',
        requires: 'ROLE_PAGE_EXPERIENCE',
        isNew: true,
      }),
    ]);
  });

  it('searchConsole: the four route names', () => {
    expect(section('searchConsole').items.map((i) => [i.label, i.route])).toEqual([
      ['Raw Search Analytics', 'rawsearchanalytics'],
      ['Keyword-to-Page', 'searchanalytics'],
      ['Page-to-Keyword', 'searchpages'],
      ['CTR Models', 'ctr_models'],
    ]);
  });

  it('content360 (ROLE_CONTENT_360_ONLY) and the content group (ROLE_CONTENT_ASSISTANT)', () => {
    expect(section('content360')).toMatchObject({ requires: 'ROLE_CONTENT_360_ONLY' });
    expect(section('content360').items.map((i) => i.route)).toEqual(['content360']);
    expect(section('content').requires).toBe('ROLE_CONTENT_ASSISTANT');
    expect(section('content').items.map((i) => [i.route, i.isNew])).toEqual([
      ['content360', false],
      ['/v8/frontend/{project}/content-assistant', true],
    ]);
  });

  it('linkData, authorDiscovery, campaigns and contacts', () => {
    expect(section('linkData').items.map((i) => i.route)).toEqual(['linkdata']);
    expect(section('authorDiscovery').items.map((i) => i.route)).toEqual(['entitysearch']);
    expect(section('campaigns').items[0]!.route).toBe('campaigns');
    expect(section('contacts').items.map((i) => i.route)).toEqual(['contacts']);
  });

  it('administration (ROLE_ADMIN): users and roles, the demo call requests and the audit log', () => {
    expect(section('admin').items.map((i) => [i.route, i.requires])).toEqual([
      ['admin/users', 'ROLE_ADMIN'],
      ['admin/call-requests', 'ROLE_ADMIN'],
      ['admin/audit', 'ROLE_ADMIN'],
    ]);
  });
});

describe('default navigation (spec §2, §9)', () => {
  const all = new Set<ModuleId>(NAVIGATION.flatMap((s) => s.items.map((i) => i.module)));

  it('is section visibility, sub-section Visibility Explorer', () => {
    expect(DEFAULT_NAVIGATION).toEqual({ section: 'visibility', subSection: 'visibility-explorer' });
    expect(landingItem(visibleNavigation(['ROLE_VE'], all))?.id).toBe('visibility-explorer');
  });

  it('falls back to the first visible item, and hides what the roles or built modules do not allow', () => {
    expect(landingItem(visibleNavigation([], all))?.id).toBe('dashboard');
    expect(visibleNavigation([], new Set<ModuleId>(['admin']))).toEqual([]);
    expect(landingItem([])).toBeNull();
  });

  it("shows the public demo's call requests to the operator's administrators only (issue 27)", () => {
    const ids = (operator: boolean) =>
      visibleNavigation(['ROLE_ADMIN'], all, operator).flatMap((s) => s.items.map((i) => i.id));
    expect(ids(true)).toContain('call-requests');
    expect(ids(false)).not.toContain('call-requests');
    expect(ids(false)).toContain('users');
  });
});

describe('the sidebar explorer is always reachable (spec §2, §9)', () => {
  it('opens the search page when no host is known, an address recognised as the explorer', () => {
    expect(item('visibility-explorer').start).toBe(EXPLORER_START_PATH);
    expect(recogniseScreen(EXPLORER_START_PATH)).toBe('visibility-explorer');
    expect(NAVIGATION.flatMap((s) => s.items).filter((i) => i.start !== undefined)).toHaveLength(1);
  });

  it("takes the page's host, else the campaign's first own domain, else the project's first site", () => {
    const domains = [
      { value: 'moneyharbor.com', isOwn: false },
      { value: 'clearpathmoney.com', isOwn: true },
      { value: 'blog.clearpathmoney.com', isOwn: true },
    ];
    const sites = ['www.wanderlane.co.uk', 'blog.wanderlane.co.uk'];
    expect(explorerHost('example.com/blog', domains, sites)).toBe('example.com/blog');
    expect(explorerHost(null, domains, sites)).toBe('clearpathmoney.com');
    expect(explorerHost(null, [{ value: 'moneyharbor.com', isOwn: false }], sites)).toBe(
      'www.wanderlane.co.uk',
    );
    expect(explorerHost(null, null, sites)).toBe('www.wanderlane.co.uk');
    expect(explorerHost(null, null, [])).toBeNull();
    expect(explorerHost(null, null, null)).toBeNull();
  });
});

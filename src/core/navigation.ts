// The sidebar of spec §2 as data: every section and sub-section, its route name, the role it needs and
// its "new" mark. `module` names the feature that implements an item; the shell shows only items whose
// module is built (never a placeholder page) and whose role the user holds.
import type { Role } from './roles';

export type ModuleId =
  | 'dashboard'
  | 'report-creation'
  | 'generated-reports'
  | 'report-scheduling'
  | 'tasks'
  | 'project-visibility'
  | 'campaign-visibility'
  | 'visibility-explorer'
  | 'keyword-explorer'
  | 'rank-tracking'
  | 'page-analysis'
  | 'tag-analysis'
  | 'share-of-search'
  | 'forecasting'
  | 'faq-explorer'
  | 'page-experience'
  | 'search-console'
  | 'content-360'
  | 'content-assistant'
  | 'link-data'
  | 'author-discovery'
  | 'campaigns'
  | 'imports'
  | 'contacts'
  | 'admin';

export interface NavItem {
  /** Stable id, used in tests and as the sub-section key. */
  id: string;
  label: string;
  /** The route name of spec §2 ('ranktracking') or a path template ('/v8/frontend/{project}/faq-explorer'). */
  route: string;
  requires: Role | null;
  isNew: boolean;
  module: ModuleId;
  /**
   * The address used while a value `route` needs is not known (no host chosen yet): the item stays reachable
   * instead of disabled. Only the Visibility Explorer has one, its search page, because it is the landing of
   * spec §2/§9.
   */
  start?: string;
  /** Only for the instance operator's organisation (issue 27: the public demo's call requests are its own). */
  operatorOnly?: boolean;
}

export interface NavSection {
  id: string;
  label: string;
  requires: Role | null;
  items: NavItem[];
}

const item = (
  id: string,
  label: string,
  route: string,
  module: ModuleId,
  requires: Role | null = null,
  isNew = false,
): NavItem => ({ id, label, route, module, requires, isNew });

/** The visibility explorer's search page: no host chosen yet (the market may come as `?market=`). */
export const EXPLORER_START_PATH = '/competitive-analysis/ve';

export const NAVIGATION: readonly NavSection[] = [
  {
    id: 'dashboards',
    label: 'Dashboards',
    requires: null,
    items: [item('dashboard', 'Dashboard', 'dashboard', 'dashboard')],
  },
  {
    id: 'reporting',
    label: 'Reporting',
    requires: 'ROLE_REPORTS',
    items: [
      item('folder', 'Report Creation', 'folder', 'report-creation', 'ROLE_REPORTS'),
      item('generated', 'Generated Reports', 'generated', 'generated-reports', 'ROLE_REPORTS'),
      item('scheduler', 'Report Scheduling', 'scheduler', 'report-scheduling', 'ROLE_REPORTS'),
    ],
  },
  { id: 'tasks', label: 'Tasks', requires: null, items: [item('tasks', 'Tasks', 'tasks', 'tasks')] },
  {
    id: 'visibility',
    label: 'Visibility',
    requires: null,
    items: [
      {
        ...item(
          'visibility-explorer',
          'Visibility Explorer',
          '/{host}/{market}/competitive-analysis/ve',
          'visibility-explorer',
          'ROLE_VE',
        ),
        start: EXPLORER_START_PATH,
      },
      item(
        'campaign-visibility',
        'Campaign Visibility',
        '/{campaignId}/competitive-analysis/cv',
        'campaign-visibility',
        'ROLE_CV',
      ),
      item(
        'project-visibility',
        'Project Visibility',
        '/ldx-{projectId}/competitive-analysis/project-visibility',
        'project-visibility',
        'ROLE_CV',
        true,
      ),
    ],
  },
  {
    id: 'rankings',
    label: 'Rankings',
    requires: null,
    items: [
      item(
        'keyword-explorer',
        'Keyword Explorer',
        '/v8/frontend/{project}/keyword-explorer',
        'keyword-explorer',
        'ROLE_KEYWORD_EXPLORER',
        true,
      ),
      item(
        'ranktracking',
        'Rank Tracking',
        '/{campaignId}/rankings/rank-tracking',
        'rank-tracking',
        'ROLE_CV',
      ),
      item(
        'pageanalysis',
        'Page Analysis',
        '/{campaignId}/rankings/page-analysis',
        'page-analysis',
        'ROLE_CV',
      ),
      item('taganalysis', 'Tag Analysis', '/{campaignId}/rankings/tag-analysis', 'tag-analysis', 'ROLE_CV'),
      item('shareofsearch', 'Share of Search', 'shareofsearch', 'share-of-search'),
      item('forecasting', 'Forecasting', 'forecasting', 'forecasting'),
      item('faq-explorer', 'FAQ Explorer', '/v8/frontend/{project}/faq-explorer', 'faq-explorer'),
    ],
  },
  {
    id: 'technical',
    label: 'Technical',
    requires: null,
    items: [
      item(
        'page-experience',
        'Page Experience',
        '/v8/frontend/{project}/page-experience',
        'page-experience',
        'ROLE_PAGE_EXPERIENCE',
        true,
      ),
    ],
  },
  {
    id: 'searchConsole',
    label: 'Search Console',
    requires: null,
    items: [
      item('rawsearchanalytics', 'Raw Search Analytics', 'rawsearchanalytics', 'search-console'),
      item('searchanalytics', 'Keyword-to-Page', 'searchanalytics', 'search-console'),
      item('searchpages', 'Page-to-Keyword', 'searchpages', 'search-console'),
      item('ctr_models', 'CTR Models', 'ctr_models', 'search-console'),
    ],
  },
  {
    id: 'content360',
    label: 'Content 360',
    requires: 'ROLE_CONTENT_360_ONLY',
    items: [item('content360-only', 'Content 360', 'content360', 'content-360', 'ROLE_CONTENT_360_ONLY')],
  },
  {
    id: 'content',
    label: 'Content',
    requires: 'ROLE_CONTENT_ASSISTANT',
    items: [
      item('content360', 'Content 360', 'content360', 'content-360', 'ROLE_CONTENT_ASSISTANT'),
      item(
        'content-assistant',
        'Content Assistant',
        '/v8/frontend/{project}/content-assistant',
        'content-assistant',
        'ROLE_CONTENT_ASSISTANT',
        true,
      ),
    ],
  },
  {
    id: 'linkData',
    label: 'Link Data',
    requires: null,
    items: [item('linkdata', 'Link Data', 'linkdata', 'link-data')],
  },
  {
    id: 'authorDiscovery',
    label: 'Author Discovery',
    requires: null,
    items: [item('entitysearch', 'Author Discovery', 'entitysearch', 'author-discovery')],
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    requires: null,
    items: [
      item('campaigns', 'Campaigns', 'campaigns', 'campaigns'),
      item('imports', 'Import data', 'imports', 'imports', 'ROLE_CV'),
    ],
  },
  {
    id: 'contacts',
    label: 'Contacts',
    requires: null,
    items: [item('contacts', 'Contacts', 'contacts', 'contacts')],
  },
  {
    id: 'admin',
    label: 'Administration',
    requires: 'ROLE_ADMIN',
    items: [
      item('users', 'Users and roles', 'admin/users', 'admin', 'ROLE_ADMIN'),
      {
        ...item('call-requests', 'Call requests', 'admin/call-requests', 'admin', 'ROLE_ADMIN'),
        operatorOnly: true,
      },
      item('audit', 'Audit log', 'admin/audit', 'admin', 'ROLE_ADMIN'),
    ],
  },
];

/** The default navigation of spec §2/§9: section visibility, sub-section Visibility Explorer. */
export const DEFAULT_NAVIGATION = { section: 'visibility', subSection: 'visibility-explorer' } as const;

/**
 * The sections a user sees: sections and items whose role the user holds and whose module is built.
 * A section with no visible item is dropped.
 */
export function visibleNavigation(
  roles: readonly Role[],
  builtModules: ReadonlySet<ModuleId>,
  operator = true,
): NavSection[] {
  const ok = (r: Role | null) => r === null || roles.includes(r);
  const shown = (i: NavItem) =>
    ok(i.requires) && builtModules.has(i.module) && (operator || i.operatorOnly !== true);
  return NAVIGATION.filter((s) => ok(s.requires))
    .map((s) => ({ ...s, items: s.items.filter(shown) }))
    .filter((s) => s.items.length > 0);
}

/**
 * Where the app opens: the default sub-section when the user may see it, else the first visible item.
 * Null when nothing is visible.
 */
export function landingItem(sections: readonly NavSection[]): NavItem | null {
  const all = sections.flatMap((s) => s.items);
  return all.find((i) => i.id === DEFAULT_NAVIGATION.subSection) ?? all[0] ?? null;
}

/** A tracked domain of a campaign as the navigation sees it: its value and whether it is the client's own. */
export interface OwnedDomain {
  value: string;
  isOwn: boolean;
}

/**
 * The host the sidebar's Visibility Explorer opens: the host of the address when the page has one, else the
 * first own tracked domain of the campaign the page shows, else the first site of the current project; null
 * when none is known (the explorer then opens on its search page).
 */
export function explorerHost(
  pageHost: string | null,
  campaignDomains: readonly OwnedDomain[] | null,
  projectSites: readonly string[] | null,
): string | null {
  return pageHost ?? campaignDomains?.find((d) => d.isOwn)?.value ?? projectSites?.[0] ?? null;
}

/** The visibility areas a page belongs to (spec §2). */
export type VisibilityArea = 'project-visibility' | 'campaign-visibility' | 'visibility-explorer';

/**
 * Spec §2 page-name mapping: project visibility homepage → project-visibility; campaign visibility homepage →
 * campaign-visibility; domain-summary homepage of the competitive-analysis tool → visibility-explorer. Keys
 * are the route names of those homepages (src/web/routes/route-table.ts).
 */
export const PAGE_NAME_AREAS: Readonly<Record<string, VisibilityArea>> = {
  'project-visibility': 'project-visibility',
  'campaign-visibility': 'campaign-visibility',
  'visibility-explorer': 'visibility-explorer',
};

/** The area of a page name, or null for a page outside the three visibility homepages. */
export function areaOfPage(pageName: string | null | undefined): VisibilityArea | null {
  return pageName != null && Object.hasOwn(PAGE_NAME_AREAS, pageName) ? PAGE_NAME_AREAS[pageName]! : null;
}

/** Screens recognised from the page address alone (spec §2). */
export type RecognisedScreen = 'visibility-explorer' | 'project-visibility';

/**
 * Spec §2: the visibility explorer and project visibility screens are recognised when the page address contains
 * `competitive-analysis/ve` or `competitive-analysis/project-visibility`. "Contains" is read per path segment,
 * so `…/competitive-analysis/vendors` is not the explorer; a query string or fragment is ignored, and a
 * trailing locale segment may follow (`…/competitive-analysis/ve/de_DE`).
 */
export function recogniseScreen(address: string): RecognisedScreen | null {
  const path = address.split(/[?#]/u, 1)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  for (let i = 0; i + 1 < segments.length; i++) {
    if (segments[i] !== 'competitive-analysis') continue;
    if (segments[i + 1] === 've') return 'visibility-explorer';
    if (segments[i + 1] === 'project-visibility') return 'project-visibility';
  }
  return null;
}

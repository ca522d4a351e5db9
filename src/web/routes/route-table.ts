// Every address of the product (spec §2 plus Sightline's own sign-in, invitation and sidebar addresses) with
// its route name, parameters and the module that implements it. Paths use `:name` for one segment and
// `:name+` for one or more segments (a visibility-explorer host may contain slashes). Every route also takes
// the optional trailing locale segment; see match-route.ts.
import { INVITE_PATH } from '@contracts/paths';
import { EXPLORER_START_PATH } from '@core/navigation';
import type { ModuleId } from '@core/navigation';
import type { Role } from '@core/roles';

/** Modules behind routes that have no sidebar item of their own. */
export type RouteOnlyModule =
  | 'session'
  | 'demo'
  | 'one-to-one'
  | 'market-share'
  | 'market-explorer'
  | 'recommendation'
  | 'content-clusters';

export type AppModule = ModuleId | RouteOnlyModule;

/**
 * screen: a page of the app behind the session; public: a page for signed-out visitors; redirect: sends the
 * browser on; export: a data or CSV address answered by the server, listed here so that the table is whole.
 */
export type RouteKind = 'screen' | 'public' | 'redirect' | 'export';

/** Names of the routing parameters of spec §2. */
export type RoutingParamName =
  | 'market'
  | 'time'
  | 'hosts'
  | 'campaignId'
  | 'rootDomain'
  | 'userId'
  | 'userEmail'
  | 'projectId'
  | 'project'
  | 'token';

export interface AppRoute {
  name: string;
  path: string;
  module: AppModule;
  kind: RouteKind;
  /** The sidebar item this route belongs to (sets the active section and sub-section). */
  navItem?: string;
  /** The role a screen needs beyond being signed in. */
  requires?: Role;
  /** Parameters read from the query string rather than the path. */
  query?: readonly RoutingParamName[];
  /** For redirects: where to. */
  redirectTo?: string;
  /** Spec §2: the empty market-share variant has null defaults for market and time. */
  nullDefaults?: readonly RoutingParamName[];
}

/** The segment that ends a one-to-one comparison address (`{token}` of spec §2). */
export const ONE_TO_ONE_TOKEN = '1-2-1';

// Query-string parameters of spec §2: "host, time, market" and "host, market" (hosts holds the host list).
const hostTimeMarket: readonly RoutingParamName[] = ['hosts', 'time', 'market'];
const hostMarket: readonly RoutingParamName[] = ['hosts', 'market'];

export const ROUTES: readonly AppRoute[] = [
  // Sightline's own addresses.
  { name: 'home', path: '/', module: 'session', kind: 'screen' },
  { name: 'login', path: '/login', module: 'session', kind: 'public' },
  { name: 'invitation', path: `${INVITE_PATH}/:token`, module: 'session', kind: 'public' },
  // Spec §1: the demo search and call scheduling for anonymous visitors.
  { name: 'demo', path: '/demo', module: 'demo', kind: 'public' },

  // Spec §2 screens and their exports.
  {
    name: 'project-visibility',
    path: '/:projectId/competitive-analysis/project-visibility',
    module: 'project-visibility',
    kind: 'screen',
    navItem: 'project-visibility',
    requires: 'ROLE_CV',
  },
  {
    name: 'campaign-visibility',
    path: '/:campaignId/competitive-analysis/cv',
    module: 'campaign-visibility',
    kind: 'screen',
    navItem: 'campaign-visibility',
    requires: 'ROLE_CV',
  },
  {
    name: 'visibility-explorer',
    path: '/:hosts+/:market/competitive-analysis/ve',
    module: 'visibility-explorer',
    kind: 'screen',
    navItem: 'visibility-explorer',
    requires: 'ROLE_VE',
  },
  // The explorer before a host is chosen (the sidebar's and the sign-in's landing when none is known).
  {
    name: 'visibility-explorer-start',
    path: EXPLORER_START_PATH,
    module: 'visibility-explorer',
    kind: 'screen',
    navItem: 'visibility-explorer',
    requires: 'ROLE_VE',
    query: ['market'],
  },
  {
    name: 'one-to-one',
    path: `/:hosts/:time/:market/${ONE_TO_ONE_TOKEN}`,
    module: 'one-to-one',
    kind: 'screen',
    requires: 'ROLE_MS_ALL',
  },
  {
    name: 'one-to-one-data',
    path: `/:hosts/:market/${ONE_TO_ONE_TOKEN}`,
    module: 'one-to-one',
    kind: 'export',
  },
  {
    name: 'one-to-one-keyword-csv',
    path: `/:hosts/:market/${ONE_TO_ONE_TOKEN}/keyword-csv`,
    module: 'one-to-one',
    kind: 'export',
  },
  // A read-only share link: the comparison's address followed by its signed token, for signed-out viewers;
  // the exports take the token the same way.
  {
    name: 'one-to-one-shared',
    path: `/:hosts/:time/:market/${ONE_TO_ONE_TOKEN}/:token`,
    module: 'one-to-one',
    kind: 'public',
  },
  {
    name: 'one-to-one-data-shared',
    path: `/:hosts/:market/${ONE_TO_ONE_TOKEN}/:token`,
    module: 'one-to-one',
    kind: 'export',
  },
  {
    name: 'one-to-one-keyword-csv-shared',
    path: `/:hosts/:market/${ONE_TO_ONE_TOKEN}/keyword-csv/:token`,
    module: 'one-to-one',
    kind: 'export',
  },
  {
    name: 'market-share',
    path: '/marketshare/overview/:market/:time',
    module: 'market-share',
    kind: 'screen',
    requires: 'ROLE_MS_ALL',
  },
  {
    name: 'market-share-host',
    path: '/:hosts/marketshare/overview/:market/:time',
    module: 'market-share',
    kind: 'screen',
    requires: 'ROLE_MS_ALL',
  },
  {
    name: 'market-share-empty',
    path: '/marketshare/overview',
    module: 'market-share',
    kind: 'screen',
    requires: 'ROLE_MS_ALL',
    nullDefaults: ['market', 'time'],
  },
  {
    name: 'market-share-redirect',
    path: '/marketshare',
    module: 'market-share',
    kind: 'redirect',
    redirectTo: '/marketshare/overview',
  },
  {
    name: 'market-explorer',
    path: '/market-explorer/existing/url/keywords',
    module: 'market-explorer',
    kind: 'screen',
    requires: 'ROLE_MS_ALL',
    query: hostTimeMarket,
  },
  {
    name: 'market-explorer-data',
    path: '/market-explorer/existing/url/keywords/data',
    module: 'market-explorer',
    kind: 'export',
    query: hostMarket,
  },
  {
    name: 'market-explorer-csv',
    path: '/market-explorer/existing/url/keywords/csv',
    module: 'market-explorer',
    kind: 'export',
    query: hostMarket,
  },
  {
    name: 'recommendation',
    path: '/recommendation/urls',
    module: 'recommendation',
    kind: 'screen',
    requires: 'ROLE_MS_ALL',
    query: hostTimeMarket,
  },
  {
    name: 'recommendation-data',
    path: '/recommendation/data/urls',
    module: 'recommendation',
    kind: 'export',
    query: hostTimeMarket,
  },
  {
    name: 'recommendation-csv',
    path: '/recommendation/urls/csv',
    module: 'recommendation',
    kind: 'export',
    query: hostTimeMarket,
  },
  ...(['existing', 'new'] as const).flatMap((kind): AppRoute[] => [
    {
      name: `${kind}-content-cluster`,
      path: `/marketshare/${kind}/cluster`,
      module: 'content-clusters',
      kind: 'screen',
      requires: 'ROLE_MS_ALL',
      query: hostTimeMarket,
    },
    {
      name: `${kind}-content-cluster-data`,
      path: `/marketshare/${kind}/cluster/data`,
      module: 'content-clusters',
      kind: 'export',
      query: hostTimeMarket,
    },
    {
      name: `${kind}-content-cluster-csv`,
      path: `/marketshare/${kind}/cluster/csv`,
      module: 'content-clusters',
      kind: 'export',
      query: hostTimeMarket,
    },
  ]),

  // Sidebar addresses (spec §2 sidebar).
  { name: 'dashboard', path: '/dashboard', module: 'dashboard', kind: 'screen', navItem: 'dashboard' },
  {
    name: 'folder',
    path: '/folder',
    module: 'report-creation',
    kind: 'screen',
    navItem: 'folder',
    requires: 'ROLE_REPORTS',
  },
  {
    name: 'generated',
    path: '/generated',
    module: 'generated-reports',
    kind: 'screen',
    navItem: 'generated',
    requires: 'ROLE_REPORTS',
  },
  {
    name: 'scheduler',
    path: '/scheduler',
    module: 'report-scheduling',
    kind: 'screen',
    navItem: 'scheduler',
    requires: 'ROLE_REPORTS',
  },
  { name: 'tasks', path: '/tasks', module: 'tasks', kind: 'screen', navItem: 'tasks' },
  {
    name: 'keyword-explorer',
    path: '/v8/frontend/:project/keyword-explorer',
    module: 'keyword-explorer',
    kind: 'screen',
    navItem: 'keyword-explorer',
    requires: 'ROLE_KEYWORD_EXPLORER',
  },
  {
    name: 'ranktracking',
    path: '/:campaignId/rankings/rank-tracking',
    module: 'rank-tracking',
    kind: 'screen',
    navItem: 'ranktracking',
    requires: 'ROLE_CV',
  },
  {
    name: 'pageanalysis',
    path: '/:campaignId/rankings/page-analysis',
    module: 'page-analysis',
    kind: 'screen',
    navItem: 'pageanalysis',
    requires: 'ROLE_CV',
  },
  {
    name: 'taganalysis',
    path: '/:campaignId/rankings/tag-analysis',
    module: 'tag-analysis',
    kind: 'screen',
    navItem: 'taganalysis',
    requires: 'ROLE_CV',
  },
  {
    name: 'shareofsearch',
    path: '/shareofsearch',
    module: 'share-of-search',
    kind: 'screen',
    navItem: 'shareofsearch',
  },
  {
    name: 'forecasting',
    path: '/forecasting',
    module: 'forecasting',
    kind: 'screen',
    navItem: 'forecasting',
  },
  {
    name: 'faq-explorer',
    path: '/v8/frontend/:project/faq-explorer',
    module: 'faq-explorer',
    kind: 'screen',
    navItem: 'faq-explorer',
  },
  {
    name: 'page-experience',
    path: '/v8/frontend/:project/page-experience',
    module: 'page-experience',
    kind: 'screen',
    navItem: 'page-experience',
    requires: 'ROLE_PAGE_EXPERIENCE',
  },
  {
    name: 'rawsearchanalytics',
    path: '/rawsearchanalytics',
    module: 'search-console',
    kind: 'screen',
    navItem: 'rawsearchanalytics',
  },
  {
    name: 'searchanalytics',
    path: '/searchanalytics',
    module: 'search-console',
    kind: 'screen',
    navItem: 'searchanalytics',
  },
  {
    name: 'searchpages',
    path: '/searchpages',
    module: 'search-console',
    kind: 'screen',
    navItem: 'searchpages',
  },
  {
    name: 'ctr_models',
    path: '/ctr_models',
    module: 'search-console',
    kind: 'screen',
    navItem: 'ctr_models',
  },
  { name: 'content360', path: '/content360', module: 'content-360', kind: 'screen', navItem: 'content360' },
  {
    name: 'content-assistant',
    path: '/v8/frontend/:project/content-assistant',
    module: 'content-assistant',
    kind: 'screen',
    navItem: 'content-assistant',
    requires: 'ROLE_CONTENT_ASSISTANT',
  },
  { name: 'linkdata', path: '/linkdata', module: 'link-data', kind: 'screen', navItem: 'linkdata' },
  {
    name: 'entitysearch',
    path: '/entitysearch',
    module: 'author-discovery',
    kind: 'screen',
    navItem: 'entitysearch',
  },
  { name: 'campaigns', path: '/campaigns', module: 'campaigns', kind: 'screen', navItem: 'campaigns' },
  {
    name: 'campaign-new',
    path: '/campaigns/new',
    module: 'campaigns',
    kind: 'screen',
    navItem: 'campaigns',
    requires: 'ROLE_CV',
  },
  {
    name: 'campaign-detail',
    path: '/campaigns/:campaignId',
    module: 'campaigns',
    kind: 'screen',
    navItem: 'campaigns',
  },
  {
    name: 'imports',
    path: '/imports',
    module: 'imports',
    kind: 'screen',
    navItem: 'imports',
    requires: 'ROLE_CV',
  },
  { name: 'contacts', path: '/contacts', module: 'contacts', kind: 'screen', navItem: 'contacts' },
  {
    name: 'admin-users',
    path: '/admin/users',
    module: 'admin',
    kind: 'screen',
    navItem: 'users',
    requires: 'ROLE_ADMIN',
  },
  {
    name: 'admin-call-requests',
    path: '/admin/call-requests',
    module: 'admin',
    kind: 'screen',
    navItem: 'call-requests',
    requires: 'ROLE_ADMIN',
  },
  {
    name: 'admin-audit',
    path: '/admin/audit',
    module: 'admin',
    kind: 'screen',
    navItem: 'audit',
    requires: 'ROLE_ADMIN',
  },
];

/**
 * The routes the web app answers: screens, public pages and redirects of built modules (and the session's
 * own). Exports are the server's; routes of unbuilt modules are not registered, so they are unknown addresses.
 */
export function registeredRoutes(isBuilt: (module: AppModule) => boolean): AppRoute[] {
  return ROUTES.filter((r) => r.kind !== 'export' && (r.module === 'session' || isBuilt(r.module)));
}

export function routeByName(name: string): AppRoute {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route named '${name}'`);
  return route;
}

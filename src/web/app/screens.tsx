// Which component draws each screen route, loaded on first use so the first page stays small. The address's
// screen starts loading as soon as the route is matched (preloadScreen, at boot), alongside the session
// check, and is drawn the moment its code arrives (use-loaded.ts: no Suspense hold-back).
import type { ComponentType } from 'react';
import { TableSkeleton } from '../components/StateViews';
import { Loadable, useLoaded } from '../lib/use-loaded';

type Loader = () => Promise<ComponentType>;

const LOADERS: Readonly<Record<string, Loader>> = {
  dashboard: () => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
  campaigns: () => import('../features/campaigns/CampaignsPage').then((m) => m.CampaignsPage),
  'campaign-new': () => import('../features/setup/NewCampaignPage').then((m) => m.NewCampaignPage),
  'campaign-detail': () =>
    import('../features/campaigns/CampaignDetailPage').then((m) => m.CampaignDetailPage),
  'admin-users': () => import('../features/admin/UsersPage').then((m) => m.UsersPage),
  'admin-call-requests': () => import('../features/admin/CallRequestsPage').then((m) => m.CallRequestsPage),
  'admin-audit': () => import('../features/admin/AuditLogPage').then((m) => m.AuditLogPage),
  imports: () => import('../features/imports/ImportPage').then((m) => m.ImportPage),
  'campaign-visibility': () =>
    import('../features/campaign-visibility/CampaignVisibilityPage').then((m) => m.CampaignVisibilityPage),
  'visibility-explorer': () =>
    import('../features/visibility-explorer/VisibilityExplorerPage').then((m) => m.VisibilityExplorerPage),
  'visibility-explorer-start': () =>
    import('../features/visibility-explorer/VisibilityExplorerPage').then((m) => m.VisibilityExplorerPage),
  'existing-content-cluster': () =>
    import('../features/clusters/ClustersPage').then((m) => m.ExistingClustersPage),
  'new-content-cluster': () => import('../features/clusters/ClustersPage').then((m) => m.NewClustersPage),
  'market-explorer': () =>
    import('../features/market-tools/MarketExplorerPage').then((m) => m.MarketExplorerPage),
  'one-to-one': () => import('../features/one-to-one/OneToOnePage').then((m) => m.OneToOnePage),
  'one-to-one-shared': () =>
    import('../features/one-to-one/SharedOneToOnePage').then((m) => m.SharedOneToOnePage),
  recommendation: () =>
    import('../features/market-tools/RecommendationPage').then((m) => m.RecommendationPage),
  'market-share': () => import('../features/market-share/MarketSharePage').then((m) => m.MarketSharePage),
  'market-share-host': () =>
    import('../features/market-share/MarketSharePage').then((m) => m.MarketSharePage),
  'market-share-empty': () =>
    import('../features/market-share/MarketSharePage').then((m) => m.MarketSharePage),
  'project-visibility': () =>
    import('../features/project-visibility/ProjectVisibilityPage').then((m) => m.ProjectVisibilityPage),
  folder: () => import('../features/reports/ReportsPage').then((m) => m.ReportsPage),
  tasks: () => import('../features/tasks/TasksPage').then((m) => m.TasksPage),
  ranktracking: () => import('../features/rank-tracking/RankTrackingPage').then((m) => m.RankTrackingPage),
  pageanalysis: () => import('../features/page-analysis/PageAnalysisPage').then((m) => m.PageAnalysisPage),
  taganalysis: () => import('../features/tag-analysis/TagAnalysisPage').then((m) => m.TagAnalysisPage),
  rawsearchanalytics: () =>
    import('../features/search-console/RawSearchAnalyticsPage').then((m) => m.RawSearchAnalyticsPage),
  searchanalytics: () =>
    import('../features/search-console/KeywordToPagePage').then((m) => m.KeywordToPagePage),
  searchpages: () => import('../features/search-console/PageToKeywordPage').then((m) => m.PageToKeywordPage),
  ctr_models: () => import('../features/search-console/CtrModelsPage').then((m) => m.CtrModelsPage),
};

const SCREEN_MODULES: Readonly<Record<string, Loadable<ComponentType>>> = Object.fromEntries(
  Object.entries(LOADERS).map(([name, loader]) => [name, new Loadable(loader)]),
);

/** True when the route has a screen of its own. */
export function hasScreen(name: string): boolean {
  return SCREEN_MODULES[name] !== undefined;
}

/** Starts downloading the screen of a route now; nothing for a route without a screen. */
export function preloadScreen(name: string): void {
  SCREEN_MODULES[name]?.load().catch(() => undefined);
}

/** The screen of a route (one with hasScreen), drawn as soon as its code has arrived. */
export function LoadedScreen({ name }: { name: string }) {
  const Component = useLoaded(SCREEN_MODULES[name]!);
  return Component === null ? <TableSkeleton /> : <Component />;
}

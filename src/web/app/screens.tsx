// Which component draws each screen route, loaded on first use so the first page stays small.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

export const SCREENS: Readonly<Record<string, Screen>> = {
  dashboard: lazy(() =>
    import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  ),
  campaigns: lazy(() =>
    import('../features/campaigns/CampaignsPage').then((m) => ({ default: m.CampaignsPage })),
  ),
  'campaign-detail': lazy(() =>
    import('../features/campaigns/CampaignDetailPage').then((m) => ({ default: m.CampaignDetailPage })),
  ),
  'admin-users': lazy(() => import('../features/admin/UsersPage').then((m) => ({ default: m.UsersPage }))),
  'admin-call-requests': lazy(() =>
    import('../features/admin/CallRequestsPage').then((m) => ({ default: m.CallRequestsPage })),
  ),
  imports: lazy(() => import('../features/imports/ImportPage').then((m) => ({ default: m.ImportPage }))),
  'campaign-visibility': lazy(() =>
    import('../features/campaign-visibility/CampaignVisibilityPage').then((m) => ({
      default: m.CampaignVisibilityPage,
    })),
  ),
  'visibility-explorer': lazy(() =>
    import('../features/visibility-explorer/VisibilityExplorerPage').then((m) => ({
      default: m.VisibilityExplorerPage,
    })),
  ),
  'existing-content-cluster': lazy(() =>
    import('../features/clusters/ClustersPage').then((m) => ({ default: m.ExistingClustersPage })),
  ),
  'new-content-cluster': lazy(() =>
    import('../features/clusters/ClustersPage').then((m) => ({ default: m.NewClustersPage })),
  ),
  'market-explorer': lazy(() =>
    import('../features/market-tools/MarketExplorerPage').then((m) => ({ default: m.MarketExplorerPage })),
  ),
  'one-to-one': lazy(() =>
    import('../features/one-to-one/OneToOnePage').then((m) => ({ default: m.OneToOnePage })),
  ),
  'one-to-one-shared': lazy(() =>
    import('../features/one-to-one/SharedOneToOnePage').then((m) => ({ default: m.SharedOneToOnePage })),
  ),
  recommendation: lazy(() =>
    import('../features/market-tools/RecommendationPage').then((m) => ({ default: m.RecommendationPage })),
  ),
  'market-share': lazy(() =>
    import('../features/market-share/MarketSharePage').then((m) => ({ default: m.MarketSharePage })),
  ),
  'market-share-host': lazy(() =>
    import('../features/market-share/MarketSharePage').then((m) => ({ default: m.MarketSharePage })),
  ),
  'market-share-empty': lazy(() =>
    import('../features/market-share/MarketSharePage').then((m) => ({ default: m.MarketSharePage })),
  ),
  'project-visibility': lazy(() =>
    import('../features/project-visibility/ProjectVisibilityPage').then((m) => ({
      default: m.ProjectVisibilityPage,
    })),
  ),
  folder: lazy(() => import('../features/reports/ReportsPage').then((m) => ({ default: m.ReportsPage }))),
};

// The stores, and what every route group receives: configuration, clock, stores and use-case services,
// built once by the composition root (app.ts).
import type { Config } from './config';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AdminService } from './services/admin-service';
import type { AlertService } from './services/alerts/alert-service';
import type { AnnotationService } from './services/annotations';
import type { DashboardService } from './services/dashboards/dashboard-service';
import type { SearchConsoleService } from './services/search-console/service';
import type { CtrCalibrationService } from './services/ctr-models/calibration';
import type { CtrModelService } from './services/ctr-models/service';
import type { SearchConsoleSyncService } from './services/search-console-sync/service';
import type { TaskDetector } from './services/tasks/detector';
import type { MailService } from './services/tasks/mailer';
import type { TaskNotifier } from './services/tasks/notifier';
import type { TaskService } from './services/tasks/task-service';
import type { ApiTokenService } from './services/api-token-service';
import type { AuthService } from './services/auth-service';
import type { CampaignSetupService } from './services/campaign-setup';
import type { CopyBackfill } from './services/campaign-setup/copy-backfill';
import type { CampaignVisibilityService } from './services/campaign-visibility';
import type { RankTrackingService } from './services/rank-tracking';
import type { PageAnalysisService } from './services/page-analysis';
import type { TagAnalysisService } from './services/tag-analysis';
import type { ClusterService } from './services/clusters';
import type { DemoService } from './services/demo';
import type { DemoSetup } from './services/demo/demo-setup';
import type { ImportService } from './services/import-service';
import type { MarketToolsService } from './services/market-tools';
import type { MarketShareService } from './services/market-share';
import type { OneToOneService } from './services/one-to-one';
import type { OperatorService } from './services/operator-service';
import type { RankCheckService } from './services/rank-checks/service';
import type { ReportService } from './services/report-service';
import type { ReportGenerationService } from './services/reports/generation-service';
import type { RenderTokens } from './services/reports/render-tokens';
import type { DashboardShareLinks } from './services/dashboards/dashboard-share-links';
import type { ReportScheduleRunner } from './services/reports/schedule-runner';
import type { ReportScheduleService } from './services/reports/schedule-service';
import type { VisibilityExplorerService } from './services/visibility-explorer';
import type { WorkspaceService } from './services/workspace-service';

/** The two stores of DESIGN §1, opened by openStores() in app.ts. */
export interface Stores {
  meta: MetaStore;
  rank: RankStore;
}

export interface Services {
  auth: AuthService;
  apiTokens: ApiTokenService;
  admin: AdminService;
  operator: OperatorService;
  workspace: WorkspaceService;
  setup: CampaignSetupService;
  /** Builds at start the rank-tracking copies a store upgraded from before them lacks. */
  copyBackfill: CopyBackfill;
  annotations: AnnotationService;
  alerts: AlertService;
  dashboards: DashboardService;
  dashboardShareLinks: DashboardShareLinks;
  searchConsole: SearchConsoleService;
  ctrModels: CtrModelService;
  ctrCalibration: CtrCalibrationService;
  searchConsoleSync: SearchConsoleSyncService;
  tasks: TaskService;
  notifications: TaskNotifier;
  taskDetector: TaskDetector;
  mail: MailService;
  reports: ReportService;
  reportGeneration: ReportGenerationService;
  renderTokens: RenderTokens;
  reportSchedules: ReportScheduleService;
  /** The schedules' clock and deliveries; tests call runDue() with their own clock. */
  reportScheduleRunner: ReportScheduleRunner;
  campaignVisibility: CampaignVisibilityService;
  rankTracking: RankTrackingService;
  pageAnalysis: PageAnalysisService;
  tagAnalysis: TagAnalysisService;
  visibilityExplorer: VisibilityExplorerService;
  marketTools: MarketToolsService;
  marketShare: MarketShareService;
  oneToOne: OneToOneService;
  clusters: ClusterService;
  demo: DemoService;
  /** The first start's demo generation and the set-up status. */
  demoSetup: DemoSetup;
  imports: ImportService;
  rankChecks: RankCheckService;
}

export interface AppContext {
  config: Config;
  stores: Stores;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  services: Services;
}

/** Plugin options of a route group. */
export interface RouteGroupOptions {
  ctx: AppContext;
}

// The composition root (DESIGN §1): the one place that picks the storage backends and wires stores,
// services, plugins and routes into a Fastify instance. buildApp does not listen; serve.ts and the CLI do.
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { openPostgresMetaStore } from '@storage/meta/postgres';
import { openSqliteMetaStore } from '@storage/meta/sqlite';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { installAuth } from './auth/install';
import type { Config } from './config';
import type { AppContext, Stores } from './context';
import { installErrorHandling } from './http/errors';
import { installOpenApi } from './http/openapi';
import { installSecurityHeaders } from './http/security';
import { installSetupGate } from './http/setup-gate';
import { installWebApp } from './http/web-app';
import { adminRoutes } from './routes/admin';
import { alertRoutes } from './routes/alerts';
import { annotationRoutes } from './routes/annotations';
import { dashboardRoutes } from './routes/dashboards';
import { dashboardShareLinkRoutes } from './routes/dashboard-share-links';
import { searchConsoleRoutes } from './routes/search-console';
import { ctrModelRoutes } from './routes/ctr-models';
import { searchConsoleLinkRoutes } from './routes/search-console-links';
import { notificationRoutes } from './routes/notifications';
import { taskRoutes } from './routes/tasks';
import { apiTokenRoutes } from './routes/api-tokens';
import { authRoutes } from './routes/auth';
import { campaignDomainRoutes } from './routes/campaign-domains';
import { campaignSetupRoutes } from './routes/campaign-setup';
import { campaignVisibilityRoutes } from './routes/campaign-visibility';
import { rankTrackingRoutes } from './routes/rank-tracking';
import { pageAnalysisRoutes } from './routes/page-analysis';
import { tagAnalysisRoutes } from './routes/tag-analysis';
import { clusterRoutes } from './routes/clusters';
import { demoRoutes } from './routes/demo';
import { projectVisibilityRoutes } from './routes/project-visibility';
import { visibilityExplorerRoutes } from './routes/visibility-explorer';
import { marketToolsRoutes } from './routes/market-tools';
import { marketShareRoutes } from './routes/market-share';
import { oneToOneRoutes } from './routes/one-to-one';
import { operatorRoutes } from './routes/operator';
import { importRoutes } from './routes/imports';
import { rankCheckRoutes } from './routes/rank-checks';
import { meRoutes } from './routes/me';
import { generatedReportRoutes } from './routes/generated-reports';
import { reportRoutes } from './routes/reports';
import { reportScheduleRoutes } from './routes/report-schedules';
import { setupStatusRoutes } from './routes/setup-status';
import { widgetRoutes } from './routes/widgets';
import { workspaceRoutes } from './routes/workspace';
import { AdminService } from './services/admin-service';
import { AnnotationService } from './services/annotations';
import { DashboardService } from './services/dashboards/dashboard-service';
import { DASHBOARD_SHARE_PURPOSE, DashboardShareLinks } from './services/dashboards/dashboard-share-links';
import { ShareTokenSigner } from './services/one-to-one/share-token';
import { SearchConsoleService } from './services/search-console/service';
import { CtrCalibrationService } from './services/ctr-models/calibration';
import { CtrModelService } from './services/ctr-models/service';
import { SearchConsoleSyncService } from './services/search-console-sync/service';
import { TaskDetector } from './services/tasks/detector';
import { AlertEvaluator } from './services/alerts/alert-evaluator';
import { AlertService } from './services/alerts/alert-service';
import { MailService } from './services/tasks/mailer';
import { TaskNotifier } from './services/tasks/notifier';
import { TaskService } from './services/tasks/task-service';
import { ApiTokenService } from './services/api-token-service';
import { AuthService } from './services/auth-service';
import { CampaignSetupService } from './services/campaign-setup';
import { CopyBackfill } from './services/campaign-setup/copy-backfill';
import { CampaignVisibilityService } from './services/campaign-visibility';
import { RankTrackingService } from './services/rank-tracking';
import { PageAnalysisService } from './services/page-analysis';
import { TagAnalysisService } from './services/tag-analysis';
import { ClusterService } from './services/clusters';
import { DemoService } from './services/demo';
import { DemoSetup } from './services/demo/demo-setup';
import { loadDemoLimits, type DemoLimits } from './services/demo/demo-config';
import { MarketToolsService } from './services/market-tools';
import { MarketShareService } from './services/market-share';
import { OneToOneService } from './services/one-to-one';
import { OperatorService } from './services/operator-service';
import { VisibilityExplorerService } from './services/visibility-explorer';
import { ImportService } from './services/import-service';
import { RankCheckService } from './services/rank-checks/service';
import { SecretBox, loadSecretKey } from './services/rank-checks/secret-box';
import { ReportService } from './services/report-service';
import { ReportGenerationService } from './services/reports/generation-service';
import { RenderTokens } from './services/reports/render-tokens';
import { ReportScheduleRunner } from './services/reports/schedule-runner';
import { ReportScheduleService } from './services/reports/schedule-service';
import { WorkspaceService } from './services/workspace-service';

export const SQLITE_FILE = 'sightline.sqlite';
export const DUCKDB_FILE = 'sightline.duckdb';
const API_VERSION = '1.0.0';

/**
 * Opens the MetaStore (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR) and the RankStore
 * (ClickHouse when CLICKHOUSE_URL is set, sharded over CLICKHOUSE_CLUSTER when named; else DuckDB in
 * DATA_DIR), and applies both stores' migrations.
 */
export async function openStores(config: Config): Promise<Stores> {
  await mkdir(config.dataDir, { recursive: true });
  const meta = config.databaseUrl
    ? await openPostgresMetaStore(config.databaseUrl)
    : await openSqliteMetaStore(join(config.dataDir, SQLITE_FILE));
  try {
    const rank = config.clickhouseUrl
      ? await openClickHouseRankStore({
          url: config.clickhouseUrl,
          cluster: config.clickhouseCluster,
          database: config.clickhouseDatabase,
        })
      : await openDuckDbRankStore(join(config.dataDir, DUCKDB_FILE));
    try {
      await meta.migrate();
      await rank.migrate();
      return { meta, rank };
    } catch (error) {
      await rank.close();
      throw error;
    }
  } catch (error) {
    await meta.close();
    throw error;
  }
}

export async function closeStores(stores: Stores): Promise<void> {
  await Promise.allSettled([stores.meta.close(), stores.rank.close()]);
}

/** Log paths of the request headers that carry secrets: API tokens, session cookies, CSRF tokens. */
export const REDACTED_HEADERS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
] as const;

/** Request ids: the client's X-Request-Id when it is 16 hex characters (DESIGN §5), else a fresh one. */
function requestId(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && /^[0-9a-f]{16}$/i.test(sent) ? sent : randomBytes(8).toString('hex');
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes the test of a hop's index. */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The origin the server answers on, for its own Chromium (loopback for a wildcard address); null before listen. */
function ownOrigin(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export interface BuildAppOptions {
  stores: Stores;
  config: Config;
  /** The clock for sessions, invitations and timestamps; tests pass a fixed one. */
  now?: () => Date;
  /** The demo's allowances; default from the environment (SIGHTLINE_DEMO_*). */
  demoLimits?: DemoLimits;
  /** The demo generation the server reports on (serve.ts runs it); default: none, the workspace is ready. */
  demoSetup?: DemoSetup;
  /** Receives the context once built: tests reach its services (e.g. run due report schedules on their clock). */
  onContext?: (ctx: AppContext) => void;
}

export async function buildApp({
  stores,
  config,
  now = () => new Date(),
  demoLimits = loadDemoLimits(),
  demoSetup = new DemoSetup(),
  onContext,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Behind a proxy, request.ip is the client's only through the proxies TRUST_PROXY names.
    trustProxy: trustProxyOption(config.trustProxy),
    // Secrets travel in these headers; the default request serializer leaves headers out, and redaction keeps
    // them out of any log line that includes them anyway.
    logger: { level: config.logLevel, redact: [...REDACTED_HEADERS] },
    genReqId: requestId,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const secretKey = await loadSecretKey(config.secretKey, config.dataDir);
  const mail = new MailService(stores.meta, new SecretBox(secretKey), now);
  const notifier = new TaskNotifier(stores.meta, mail, now, (err) =>
    app.log.error({ err }, 'task notification e-mail failed'),
  );
  const taskDetector = new TaskDetector(stores.meta, stores.rank, now);
  const alertEvaluator = new AlertEvaluator(stores.meta, stores.rank, now);
  const imports = new ImportService(stores.meta, stores.rank, now, async (organisationId, markets) => {
    try {
      const raised = await taskDetector.afterImport(organisationId, markets);
      if (raised.length > 0) app.log.info({ organisationId, tasks: raised.length }, 'detectors raised tasks');
    } catch (err) {
      app.log.error({ err }, 'task detectors failed');
    }
    // Alert rules (issue 29 item 7) after the detectors; a fault here leaves the import and the tasks as they are.
    try {
      const fired = await alertEvaluator.afterImport(organisationId, markets);
      if (fired.length > 0) app.log.info({ organisationId, alerts: fired.length }, 'alert rules fired');
    } catch (err) {
      app.log.error({ err }, 'alert rules failed');
    }
  });
  const explorer = new VisibilityExplorerService(stores.meta, stores.rank, now);
  const workspace = new WorkspaceService(stores.meta, stores.rank);
  const ctrModels = new CtrModelService(stores.meta, stores.rank, now);
  const searchConsole = new SearchConsoleService(stores.meta, stores.rank, (auth, id) =>
    ctrModels.lookup(auth, id),
  );
  const hasSite = (org: number, site: string) => searchConsole.hasSite(org, site);
  const reports = new ReportService(stores.meta, now, hasSite);
  const renderTokens = new RenderTokens(secretKey, stores.meta, now);
  const dashboards = new DashboardService(stores.meta, now, hasSite);
  const reportGeneration = new ReportGenerationService(stores.meta, reports, renderTokens, now, {
    origin: () => ownOrigin(app),
    onError: (err) => app.log.error({ err }, 'report generation failed'),
  });
  const reportScheduleRunner = new ReportScheduleRunner(stores.meta, reportGeneration, mail, now, {
    publicUrl: config.publicUrl,
    onError: (err) => app.log.error({ err }, 'report schedule delivery failed'),
  });
  const ctx: AppContext = {
    config,
    stores,
    now,
    services: {
      auth: new AuthService(stores.meta, now, config.sessionIdleMs),
      apiTokens: new ApiTokenService(stores.meta, now),
      admin: new AdminService(stores.meta, now, config.publicUrl),
      operator: new OperatorService(stores.meta, now),
      workspace,
      setup: new CampaignSetupService(stores.meta, stores.rank, workspace, config.limits, now),
      copyBackfill: new CopyBackfill(stores.meta, stores.rank, (err) =>
        app.log.error({ err }, 'building rank-tracking copies at start failed'),
      ),
      annotations: new AnnotationService(stores.meta, now),
      alerts: new AlertService(stores.meta, now),
      dashboards,
      dashboardShareLinks: new DashboardShareLinks(
        stores.meta,
        dashboards,
        new ShareTokenSigner(secretKey, DASHBOARD_SHARE_PURPOSE),
        now,
        config.publicUrl,
        // A shared dashboard's widget reads through the app's own GET routes, as the link's maker, read-only.
        async (userId, address) => {
          const res = await app.inject({
            method: 'GET',
            url: address,
            headers: { authorization: `Bearer ${renderTokens.issue(userId)}`, accept: 'application/json' },
          });
          return { status: res.statusCode, body: res.body === '' ? undefined : res.json() };
        },
      ),
      searchConsole,
      ctrModels,
      ctrCalibration: new CtrCalibrationService(stores.meta, stores.rank, (auth) =>
        searchConsole.sites(auth),
      ),
      searchConsoleSync: new SearchConsoleSyncService(
        stores.meta,
        imports,
        new SecretBox(secretKey),
        config.google,
        now,
        {
          onError: (err) => app.log.error({ err }, 'Search Console sync failed'),
        },
      ),
      tasks: new TaskService(stores.meta, notifier, now),
      notifications: notifier,
      taskDetector,
      mail,
      reports,
      renderTokens,
      reportGeneration,
      reportSchedules: new ReportScheduleService(stores.meta, reports, reportScheduleRunner, now),
      reportScheduleRunner,
      campaignVisibility: new CampaignVisibilityService(stores.meta, stores.rank, now),
      rankTracking: new RankTrackingService(stores.meta, stores.rank),
      pageAnalysis: new PageAnalysisService(stores.meta, stores.rank),
      tagAnalysis: new TagAnalysisService(stores.meta, stores.rank),
      visibilityExplorer: explorer,
      marketTools: new MarketToolsService(stores.meta, stores.rank, explorer, now),
      marketShare: new MarketShareService(stores.meta, stores.rank, now),
      oneToOne: new OneToOneService(stores.meta, stores.rank, secretKey, now, config.publicUrl),
      clusters: new ClusterService(stores.meta, stores.rank, now, (err) =>
        app.log.error({ err }, 'keyword clustering failed'),
      ),
      demo: new DemoService(stores.meta, stores.rank, now, demoLimits, secretKey),
      demoSetup,
      imports,
      rankChecks: new RankCheckService(stores.meta, stores.rank, imports, new SecretBox(secretKey), now, {
        dataDir: config.dataDir,
        baseUrls: config.serpBaseUrls,
        onError: (err) => app.log.error({ err }, 'rank check failed'),
      }),
    },
  };
  onContext?.(ctx);
  // The rank-check clock runs while the server does; stopping it aborts runs in flight (recorded failed).
  app.addHook('onReady', () => ctx.services.rankChecks.start());
  // The daily Search Console clock, likewise; syncs a stopped process left running are marked failed first.
  app.addHook('onReady', () => ctx.services.searchConsoleSync.start());
  // Deletes a killed process left between the two stores' writes are finished before the first request.
  app.addHook('onReady', async () => {
    const finished = await ctx.services.setup.finishPendingDeletes();
    if (finished.campaigns + finished.projects > 0) {
      app.log.warn(finished, 'finished deletes interrupted by the last stop');
    }
  });
  // Campaigns of a store from before the rank-tracking copy get theirs built in the background (not awaited).
  app.addHook('onReady', async () => ctx.services.copyBackfill.start());
  app.addHook('onClose', () => ctx.services.copyBackfill.stop());
  // Report generations a stopped process left running are marked failed (retryable); runs in flight finish.
  app.addHook('onReady', () => ctx.services.reportGeneration.start());
  // The report schedules' clock (deliveries a stopped process left half-done are failed first); on close
  // it stops before the generations it waits on.
  app.addHook('onReady', () => ctx.services.reportScheduleRunner.start());
  app.addHook('onClose', () => ctx.services.reportScheduleRunner.stop());
  // Runs in flight finish, then the one Chromium closes.
  app.addHook('onClose', () => ctx.services.reportGeneration.close());
  app.addHook('onClose', () => ctx.services.rankChecks.stop());
  app.addHook('onClose', async () => ctx.services.searchConsoleSync.stop());

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await installSecurityHeaders(app, config.cookieSecure);
  await installOpenApi(app, API_VERSION);
  installAuth(app, ctx);
  installSetupGate(app, demoSetup);

  await app.register(authRoutes, { ctx });
  await app.register(meRoutes, { ctx });
  await app.register(apiTokenRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(operatorRoutes, { ctx });
  await app.register(workspaceRoutes, { ctx });
  await app.register(campaignSetupRoutes, { ctx });
  await app.register(campaignDomainRoutes, { ctx });
  await app.register(annotationRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(dashboardShareLinkRoutes, { ctx });
  await app.register(searchConsoleRoutes, { ctx });
  await app.register(ctrModelRoutes, { ctx });
  await app.register(searchConsoleLinkRoutes, { ctx });
  await app.register(taskRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(generatedReportRoutes, { ctx });
  await app.register(reportScheduleRoutes, { ctx });
  await app.register(campaignVisibilityRoutes, { ctx });
  await app.register(rankTrackingRoutes, { ctx });
  await app.register(pageAnalysisRoutes, { ctx });
  await app.register(tagAnalysisRoutes, { ctx });
  await app.register(alertRoutes, { ctx });
  await app.register(visibilityExplorerRoutes, { ctx });
  await app.register(projectVisibilityRoutes, { ctx });
  await app.register(clusterRoutes, { ctx });
  await app.register(marketToolsRoutes, { ctx });
  await app.register(marketShareRoutes, { ctx });
  await app.register(oneToOneRoutes, { ctx });
  await app.register(demoRoutes, { ctx });
  await app.register(setupStatusRoutes, { ctx });
  await app.register(importRoutes, { ctx });
  await app.register(rankCheckRoutes, { ctx });
  await app.register(widgetRoutes, { ctx });
  await installWebApp(app, config.webDir);
  return app;
}

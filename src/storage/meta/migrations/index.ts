// The MetaStore's migrations, in order, and the runner. Migrations are listed here (no file globbing) so they
// ship inside any bundle; Kysely's Migrator records applied ones in `meta_migration`, so migrate() on every
// start applies only what is pending and a second run is a no-op.
import { Migrator } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Database, MetaDialect } from '../schema';
import { initialMigration } from './0001-initial';
import { importJobsMigration } from './0002-import-jobs';
import { rankChecksMigration } from './0003-rank-checks';
import { userWidgetsMigration } from './0004-user-widgets';
import { callRequestsMigration } from './0005-call-requests';
import { shareLinksMigration } from './0006-share-links';
import { apiTokensMigration } from './0007-api-tokens';
import { campaignSetupMigration } from './0008-campaign-setup';
import { organisationMarketsMigration } from './0009-organisation-markets';
import { campaignScheduleMigration } from './0010-campaign-schedule';
import { sessionLastSeenMigration } from './0011-session-last-seen';
import { annotationsMigration } from './0012-annotations';
import { ctrModelsMigration } from './0013-ctr-models';
import { tasksMigration } from './0014-tasks';
import { alertsMigration } from './0015-alerts';
import { dashboardsMigration } from './0016-dashboards';
import { searchConsoleLinksMigration } from './0017-search-console-links';
import { reportDocumentsMigration } from './0018-report-documents';
import { generatedReportsMigration } from './0019-generated-reports';
import { reportSchedulesMigration } from './0020-report-schedules';
import { dashboardShareLinksMigration } from './0021-dashboard-share-links';
import { taskCannibalisationMigration } from './0022-task-cannibalisation';

/** Migration name → migration; names sort in application order. */
export function metaMigrations(dialect: MetaDialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-import-jobs': importJobsMigration(dialect),
    '0003-rank-checks': rankChecksMigration(dialect),
    '0004-user-widgets': userWidgetsMigration(),
    '0005-call-requests': callRequestsMigration(dialect),
    '0006-share-links': shareLinksMigration(dialect),
    '0007-api-tokens': apiTokensMigration(dialect),
    '0008-campaign-setup': campaignSetupMigration(dialect),
    '0009-organisation-markets': organisationMarketsMigration(dialect),
    '0010-campaign-schedule': campaignScheduleMigration(),
    '0011-session-last-seen': sessionLastSeenMigration(),
    '0012-annotations': annotationsMigration(dialect),
    '0013-ctr-models': ctrModelsMigration(dialect),
    '0014-tasks': tasksMigration(dialect),
    '0015-alerts': alertsMigration(dialect),
    '0016-dashboards': dashboardsMigration(dialect),
    '0017-search-console-links': searchConsoleLinksMigration(dialect),
    '0018-report-documents': reportDocumentsMigration(),
    '0019-generated-reports': generatedReportsMigration(dialect),
    '0020-report-schedules': reportSchedulesMigration(dialect),
    '0021-dashboard-share-links': dashboardShareLinksMigration(dialect),
    '0022-task-cannibalisation': taskCannibalisationMigration(dialect),
  };
}

export async function migrateMeta(db: Kysely<Database>, dialect: MetaDialect): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(metaMigrations(dialect)) },
    migrationTableName: 'meta_migration',
    migrationLockTableName: 'meta_migration_lock',
    // Numbers are reserved ahead for work landing in parallel (0015 after 0016 and 0017 shipped): a store that
    // already applied later ones still applies an earlier pending one, in name order.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `MetaStore migration ${failed} failed: ${String(error instanceof Error ? error.message : error)}`,
      {
        cause: error,
      },
    );
  }
}

// The one MetaStore implementation, over Kysely, for both SQLite and PostgreSQL. Every query is written once
// with the query builder (accounts.ts, workspace.ts); engine differences are absorbed at this port (0/1
// booleans, int8 counts, driver error codes) so callers see the same values from either backend.
import type { Kysely } from 'kysely';
import type {
  Campaign,
  DomainGroup,
  Market,
  Organisation,
  Project,
  Site,
  TrackedDomain,
  User,
} from '@core/model';
import type { Role } from '@core/roles';
import type {
  CallRequestRecord,
  ImportJob,
  ImportJobPatch,
  InvitationRecord,
  MetaCounts,
  MetaStore,
  NewCampaign,
  NewDomainGroup,
  NewCallRequest,
  NewImportJob,
  NewReportDefinition,
  NewTrackedDomain,
  OrganisationMarket,
  ReportDefinition,
  SessionRecord,
  UserWidgets,
  UserWithSecret,
} from '../meta-store';
import type {
  NewProviderCredential,
  NewRankCheckRun,
  ProviderCredential,
  RankCheckRun,
  RankCheckRunPatch,
  RankCheckSchedule,
  RankCheckScheduleInput,
} from '../rank-check-store';
import type { ApiToken, NewApiToken } from '../api-token-store';
import type { NewShareLink, ShareLink } from '../share-link-store';
import type { DashboardShareLink, NewDashboardShareLink } from '../dashboard-share-link-store';
import type {
  AuditEvent,
  CampaignPatch,
  DomainGroupPatch,
  NewAuditEvent,
  PendingDeletes,
  TrackedDomainPatch,
} from '../campaign-setup-store';
import type { MetaTableBatch, TableChecksum } from '../transfer';
import * as accounts from './accounts';
import * as apiTokens from './api-tokens';
import * as callRequests from './call-requests';
import * as dashboardShareLinks from './dashboard-share-links';
import * as setup from './campaign-setup';
import * as importJobs from './import-jobs';
import * as rankChecks from './rank-checks';
import * as shareLinks from './share-links';
import * as transfer from './transfer';
import * as widgets from './widgets';
import type { NewUser } from './accounts';
import { migrateMeta } from './migrations/index';
import { KyselyMetaStoreAreas } from './kysely-meta-store-areas';
import type { Database, MetaDialect } from './schema';
import * as workspace from './workspace';

export class KyselyMetaStore extends KyselyMetaStoreAreas implements MetaStore {
  /**
   * @param db the root Kysely instance (its dialect owns the connection or pool, released by close()), or a
   *   transaction when this store is the one handed to a `transaction(fn)` callback.
   */
  constructor(
    db: Kysely<Database>,
    private readonly dialect: MetaDialect,
  ) {
    super(db);
  }

  async migrate(): Promise<void> {
    this.refuseInTransaction('migrate');
    await migrateMeta(this.db, this.dialect);
  }

  async close(): Promise<void> {
    this.refuseInTransaction('close');
    await this.db.destroy();
  }

  async counts(): Promise<MetaCounts> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb.selectFrom('organisations').select(eb.fn.countAll().as('n')).as('organisations'),
        eb.selectFrom('users').select(eb.fn.countAll().as('n')).as('users'),
        eb.selectFrom('projects').select(eb.fn.countAll().as('n')).as('projects'),
        eb.selectFrom('campaigns').select(eb.fn.countAll().as('n')).as('campaigns'),
      ])
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count(*) as int8, which pg hands over as a string.
    return {
      organisations: Number(row.organisations),
      users: Number(row.users),
      projects: Number(row.projects),
      campaigns: Number(row.campaigns),
    };
  }

  /**
   * A nested call joins the enclosing transaction (no savepoints). Inside `fn`, use only the store it is
   * given: on SQLite the one connection is held by the transaction, so a call on the outer store would wait.
   */
  transaction<T>(fn: (store: MetaStore) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new KyselyMetaStore(trx, this.dialect)));
  }

  createOrganisation(name: string, now: string): Promise<Organisation> {
    return accounts.createOrganisation(this.db, name, now);
  }
  getOrganisation(id: number): Promise<Organisation | null> {
    return accounts.getOrganisation(this.db, id);
  }
  listOrganisations(): Promise<Organisation[]> {
    return accounts.listOrganisations(this.db);
  }

  createUser(u: NewUser): Promise<User> {
    return accounts.createUser(this.db, u);
  }
  getUser(id: number): Promise<User | null> {
    return accounts.getUser(this.db, id);
  }
  findUserByEmail(email: string): Promise<UserWithSecret | null> {
    return accounts.findUserByEmail(this.db, email);
  }
  listUsers(organisationId: number): Promise<User[]> {
    return accounts.listUsers(this.db, organisationId);
  }
  setUserRoles(userId: number, roles: Role[]): Promise<void> {
    return accounts.setUserRoles(this.db, userId, roles);
  }
  setUserDisabled(userId: number, disabled: boolean): Promise<void> {
    return accounts.setUserDisabled(this.db, userId, disabled);
  }
  setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    return accounts.setPasswordHash(this.db, userId, passwordHash);
  }

  createSession(s: SessionRecord): Promise<void> {
    return accounts.createSession(this.db, s);
  }
  getSession(idHash: string): Promise<SessionRecord | null> {
    return accounts.getSession(this.db, idHash);
  }
  deleteSession(idHash: string): Promise<void> {
    return accounts.deleteSession(this.db, idHash);
  }
  touchSession(idHash: string, now: string): Promise<void> {
    return accounts.touchSession(this.db, idHash, now);
  }
  deleteUserSessions(userId: number): Promise<void> {
    return accounts.deleteUserSessions(this.db, userId);
  }
  purgeExpiredSessions(now: string): Promise<number> {
    return accounts.purgeExpiredSessions(this.db, now);
  }

  createInvitation(i: Omit<InvitationRecord, 'acceptedAt'>): Promise<void> {
    return accounts.createInvitation(this.db, i);
  }
  getInvitation(tokenHash: string): Promise<InvitationRecord | null> {
    return accounts.getInvitation(this.db, tokenHash);
  }
  listInvitations(organisationId: number): Promise<InvitationRecord[]> {
    return accounts.listInvitations(this.db, organisationId);
  }
  markInvitationAccepted(tokenHash: string, now: string): Promise<void> {
    return accounts.markInvitationAccepted(this.db, tokenHash, now);
  }

  upsertMarket(organisationId: number, m: Market, rankKey: string): Promise<OrganisationMarket> {
    return workspace.upsertMarket(this.db, organisationId, m, rankKey);
  }
  listMarkets(organisationId: number): Promise<OrganisationMarket[]> {
    return workspace.listMarkets(this.db, organisationId);
  }
  getMarket(organisationId: number, code: string): Promise<OrganisationMarket | null> {
    return workspace.getMarket(this.db, organisationId, code);
  }

  createProject(organisationId: number, name: string, now: string): Promise<Project> {
    return workspace.createProject(this.db, organisationId, name, now);
  }
  listProjects(organisationId: number): Promise<Project[]> {
    return workspace.listProjects(this.db, organisationId);
  }
  getProject(organisationId: number, id: number): Promise<Project | null> {
    return workspace.getProject(this.db, organisationId, id);
  }
  addSite(projectId: number, host: string): Promise<Site> {
    return workspace.addSite(this.db, projectId, host);
  }
  listSites(projectId: number): Promise<Site[]> {
    return workspace.listSites(this.db, projectId);
  }

  createCampaign(c: NewCampaign, now: string): Promise<Campaign> {
    return workspace.createCampaign(this.db, c, now);
  }
  listCampaigns(organisationId: number, projectId?: number): Promise<Campaign[]> {
    return workspace.listCampaigns(this.db, organisationId, projectId);
  }
  getCampaign(organisationId: number, id: number): Promise<Campaign | null> {
    return workspace.getCampaign(this.db, organisationId, id);
  }

  addTrackedDomain(campaignId: number, d: NewTrackedDomain): Promise<TrackedDomain> {
    return workspace.addTrackedDomain(this.db, campaignId, d);
  }
  listTrackedDomains(campaignId: number): Promise<TrackedDomain[]> {
    return workspace.listTrackedDomains(this.db, campaignId);
  }
  createDomainGroup(campaignId: number, g: NewDomainGroup): Promise<DomainGroup> {
    return workspace.createDomainGroup(this.db, campaignId, g);
  }
  listDomainGroups(campaignId: number): Promise<DomainGroup[]> {
    return workspace.listDomainGroups(this.db, campaignId);
  }

  createReport(r: NewReportDefinition, now: string): Promise<ReportDefinition> {
    return workspace.createReport(this.db, r, now);
  }
  listReports(organisationId: number): Promise<ReportDefinition[]> {
    return workspace.listReports(this.db, organisationId);
  }
  getReport(organisationId: number, id: number): Promise<ReportDefinition | null> {
    return workspace.getReport(this.db, organisationId, id);
  }
  deleteReport(organisationId: number, id: number): Promise<boolean> {
    return workspace.deleteReport(this.db, organisationId, id);
  }

  getUserWidgets(userId: number, moduleName: string): Promise<UserWidgets | null> {
    return widgets.getUserWidgets(this.db, userId, moduleName);
  }
  saveUserWidgets(userId: number, moduleName: string, config: string, now: string): Promise<UserWidgets> {
    return widgets.saveUserWidgets(this.db, userId, moduleName, config, now);
  }

  createCallRequest(r: NewCallRequest, now: string): Promise<CallRequestRecord> {
    return callRequests.createCallRequest(this.db, r, now);
  }
  listCallRequests(limit: number): Promise<CallRequestRecord[]> {
    return callRequests.listCallRequests(this.db, limit);
  }

  updateProject(organisationId: number, id: number, patch: { name: string }): Promise<Project | null> {
    return setup.updateProject(this.db, organisationId, id, patch);
  }
  updateCampaign(organisationId: number, id: number, patch: CampaignPatch): Promise<Campaign | null> {
    return setup.updateCampaign(this.db, organisationId, id, patch);
  }
  markProjectDeleting(organisationId: number, id: number, now: string): Promise<Campaign[] | null> {
    return setup.markProjectDeleting(this.db, organisationId, id, now);
  }
  markCampaignDeleting(organisationId: number, id: number, now: string): Promise<boolean> {
    return setup.markCampaignDeleting(this.db, organisationId, id, now);
  }
  finishCampaignDelete(id: number): Promise<void> {
    return setup.finishCampaignDelete(this.db, id);
  }
  finishProjectDelete(id: number): Promise<void> {
    return setup.finishProjectDelete(this.db, id);
  }
  pendingDeletes(): Promise<PendingDeletes> {
    return setup.pendingDeletes(this.db);
  }
  updateTrackedDomain(
    campaignId: number,
    id: number,
    patch: TrackedDomainPatch,
  ): Promise<TrackedDomain | null> {
    return setup.updateTrackedDomain(this.db, campaignId, id, patch);
  }
  deleteTrackedDomain(campaignId: number, id: number): Promise<boolean> {
    return setup.deleteTrackedDomain(this.db, campaignId, id);
  }
  updateDomainGroup(campaignId: number, id: number, patch: DomainGroupPatch): Promise<DomainGroup | null> {
    return setup.updateDomainGroup(this.db, campaignId, id, patch);
  }
  deleteDomainGroup(campaignId: number, id: number): Promise<boolean> {
    return setup.deleteDomainGroup(this.db, campaignId, id);
  }
  recordAudit(e: NewAuditEvent, now: string): Promise<AuditEvent> {
    return setup.recordAudit(this.db, e, now);
  }
  listAudit(organisationId: number, limit: number, offset: number): Promise<AuditEvent[]> {
    return setup.listAudit(this.db, organisationId, limit, offset);
  }

  createShareLink(link: NewShareLink, now: string): Promise<ShareLink> {
    return shareLinks.createShareLink(this.db, link, now);
  }
  getShareLink(id: number): Promise<ShareLink | null> {
    return shareLinks.getShareLink(this.db, id);
  }
  listShareLinks(organisationId: number, limit: number): Promise<ShareLink[]> {
    return shareLinks.listShareLinks(this.db, organisationId, limit);
  }
  revokeShareLink(organisationId: number, id: number, now: string): Promise<boolean> {
    return shareLinks.revokeShareLink(this.db, organisationId, id, now);
  }
  createDashboardShareLink(link: NewDashboardShareLink, now: string): Promise<DashboardShareLink> {
    return dashboardShareLinks.createDashboardShareLink(this.db, link, now);
  }
  getDashboardShareLink(id: number): Promise<DashboardShareLink | null> {
    return dashboardShareLinks.getDashboardShareLink(this.db, id);
  }
  listDashboardShareLinks(org: number, dashboardId: number, limit: number): Promise<DashboardShareLink[]> {
    return dashboardShareLinks.listDashboardShareLinks(this.db, org, dashboardId, limit);
  }
  revokeDashboardShareLink(org: number, dashboardId: number, id: number, now: string): Promise<boolean> {
    return dashboardShareLinks.revokeDashboardShareLink(this.db, org, dashboardId, id, now);
  }

  createApiToken(token: NewApiToken, now: string): Promise<ApiToken> {
    return apiTokens.createApiToken(this.db, token, now);
  }
  findApiTokenByHash(tokenHash: string): Promise<ApiToken | null> {
    return apiTokens.findApiTokenByHash(this.db, tokenHash);
  }
  listApiTokens(userId: number): Promise<ApiToken[]> {
    return apiTokens.listApiTokens(this.db, userId);
  }
  revokeApiToken(userId: number, id: number, now: string): Promise<boolean> {
    return apiTokens.revokeApiToken(this.db, userId, id, now);
  }
  touchApiToken(id: number, now: string): Promise<void> {
    return apiTokens.touchApiToken(this.db, id, now);
  }

  createImportJob(j: NewImportJob, now: string): Promise<ImportJob> {
    return importJobs.createImportJob(this.db, j, now);
  }
  updateImportJob(id: number, patch: ImportJobPatch): Promise<void> {
    return importJobs.updateImportJob(this.db, id, patch);
  }
  getImportJob(id: number): Promise<ImportJob | null> {
    return importJobs.getImportJob(this.db, id);
  }
  listImportJobs(organisationId: number, limit: number): Promise<ImportJob[]> {
    return importJobs.listImportJobs(this.db, organisationId, limit);
  }
  failUnfinishedImportJobs(error: string, now: string): Promise<number> {
    return importJobs.failUnfinishedImportJobs(this.db, error, now);
  }

  saveProviderCredential(c: NewProviderCredential, now: string): Promise<ProviderCredential> {
    return rankChecks.saveProviderCredential(this.db, c, now);
  }
  getProviderCredential(organisationId: number, provider: string): Promise<ProviderCredential | null> {
    return rankChecks.getProviderCredential(this.db, organisationId, provider);
  }
  listProviderCredentials(organisationId: number): Promise<ProviderCredential[]> {
    return rankChecks.listProviderCredentials(this.db, organisationId);
  }
  deleteProviderCredential(organisationId: number, provider: string): Promise<boolean> {
    return rankChecks.deleteProviderCredential(this.db, organisationId, provider);
  }
  saveRankCheckSchedule(s: RankCheckScheduleInput, now: string): Promise<RankCheckSchedule> {
    return rankChecks.saveRankCheckSchedule(this.db, s, now);
  }
  getRankCheckSchedule(campaignId: number): Promise<RankCheckSchedule | null> {
    return rankChecks.getRankCheckSchedule(this.db, campaignId);
  }
  listRankCheckSchedules(): Promise<RankCheckSchedule[]> {
    return rankChecks.listRankCheckSchedules(this.db);
  }
  deleteRankCheckSchedule(campaignId: number): Promise<boolean> {
    return rankChecks.deleteRankCheckSchedule(this.db, campaignId);
  }
  createRankCheckRun(r: NewRankCheckRun, now: string): Promise<RankCheckRun> {
    return rankChecks.createRankCheckRun(this.db, r, now);
  }
  updateRankCheckRun(id: number, patch: RankCheckRunPatch): Promise<void> {
    return rankChecks.updateRankCheckRun(this.db, id, patch);
  }
  getRankCheckRun(id: number): Promise<RankCheckRun | null> {
    return rankChecks.getRankCheckRun(this.db, id);
  }
  listRankCheckRuns(campaignId: number, limit: number): Promise<RankCheckRun[]> {
    return rankChecks.listRankCheckRuns(this.db, campaignId, limit);
  }
  failUnfinishedRankCheckRuns(error: string, now: string): Promise<number> {
    return rankChecks.failUnfinishedRankCheckRuns(this.db, error, now);
  }

  exportTables(batchRows?: number): AsyncIterable<MetaTableBatch> {
    return transfer.exportTables(this.db, this.dialect, batchRows);
  }
  importTables(batches: AsyncIterable<MetaTableBatch>): Promise<number> {
    this.refuseInTransaction('importTables');
    return transfer.importTables(this.db, this.dialect, batches);
  }
  checksums(): Promise<TableChecksum[]> {
    return transfer.checksums(this.db, this.dialect);
  }

  private refuseInTransaction(what: string): void {
    if (this.db.isTransaction) throw new Error(`MetaStore.${what}() cannot run inside transaction(fn)`);
  }
}

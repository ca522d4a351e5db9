// The MetaStore port: application data (DESIGN §1) — organisations, users and roles, sessions, invitations,
// projects, sites, markets, campaign settings, tracked domains and domain groups, reports, import jobs.
// One Kysely implementation serves SQLite (embedded default) and PostgreSQL (scale-out); both pass
// test/storage/meta-store.suite.ts.
import type {
  Campaign,
  CheckSchedule,
  DomainGroup,
  Market,
  Organisation,
  Project,
  Site,
  TrackedDomain,
  User,
} from '@core/model';
import type { Role } from '@core/roles';
import type { AlertMethods } from './alert-store';
import type { AnnotationMethods } from './annotation-store';
import type { CtrModelMethods } from './ctr-model-store';
import type { DashboardMethods } from './dashboard-store';
import type { ReportMethods } from './report-store';
import type { ReportScheduleMethods } from './report-schedule-store';
import type { GscLinkMethods } from './gsc-link-store';
import type { TaskMethods } from './task-store';
import type { ApiTokenMethods } from './api-token-store';
import type { CampaignSetupMethods } from './campaign-setup-store';
import type { RankCheckMethods } from './rank-check-store';
import type { ShareLinkMethods } from './share-link-store';
import type { DashboardShareLinkMethods } from './dashboard-share-link-store';
import type { MetaTableBatch, TableChecksum } from './transfer';

/**
 * Thrown when a write would repeat a value that must be unique: a user's email (across all organisations) or
 * a tracked domain's value within its campaign, a Search Console property linked twice by one organisation.
 * `field` names the value so a service can say which.
 */
export class DuplicateValueError extends Error {
  constructor(
    readonly field: 'email' | 'trackedDomain' | 'searchConsoleProperty',
    message: string,
  ) {
    super(message);
    this.name = 'DuplicateValueError';
  }
}

export interface UserWithSecret extends User {
  passwordHash: string;
}

export interface SessionRecord {
  /** SHA-256 (hex) of the session token; the token itself is only ever in the user's cookie. */
  idHash: string;
  userId: number;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  /** When the session was last used (updated at most once a minute): the idle timeout counts from it. */
  lastSeenAt: string;
}

export interface InvitationRecord {
  tokenHash: string;
  organisationId: number;
  email: string;
  roles: Role[];
  invitedBy: number;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

/**
 * A market of one organisation (issue 27): gb-en of one organisation is a different row, with different
 * rankings, from gb-en of another. `rankKey` names the RankStore market holding its keywords and SERPs —
 * the bare code for the instance operator's markets, `{code}~o{organisationId}` for others' (the
 * server's market-keys module decides; the store keeps it for good).
 */
export interface OrganisationMarket extends Market {
  id: number;
  organisationId: number;
  rankKey: string;
}

export interface NewCampaign {
  organisationId: number;
  projectId: number;
  name: string;
  market: string;
  ctrModel?: string;
  schedule?: CheckSchedule | null;
}

export interface NewTrackedDomain {
  value: string;
  label: string;
  color: string;
  isOwn: boolean;
}

export interface NewDomainGroup {
  label: string;
  color: string;
  members: string[];
}

export type ReportFormat = 'html' | 'csv';

export interface ReportDefinition {
  id: number;
  organisationId: number;
  name: string;
  campaignId: number;
  /** Widget ids of the campaign-visibility screen, in report order. */
  sections: string[];
  format: ReportFormat;
  createdBy: number;
  createdAt: string;
}

export type NewReportDefinition = Omit<ReportDefinition, 'id' | 'createdAt'>;

export type ImportJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A row (or a whole file) an import did not take, as stored with its job (capped list). */
export interface ImportJobReject {
  file: string;
  /** 1-based line; null when not line-based (JSON, a whole file). */
  line: number | null;
  column?: number;
  field?: string;
  pointer?: string;
  code: string;
  reason: string;
  fatal?: boolean;
}

/** A caveat of an import, merged per kind and file with a count (capped list). */
export interface ImportJobWarning {
  file: string;
  code: string;
  message: string;
  count: number;
  line?: number;
}

/** What an import wrote (or, for a dry run, would write), by kind. */
export interface ImportWritten {
  /** Distinct keywords inserted or updated. */
  keywords: number;
  serpResults: number;
  /** Distinct (market, keyword, date) SERP snapshots written. */
  snapshots: number;
  /** Rank-tracker observations (ranked and not ranked). */
  rankObservations: number;
  searchConsoleRows: number;
  /** Keywords added to (or already in) the campaign named by the import. */
  campaignKeywords: number;
}

/**
 * One import (CLI, upload or API) as a recorded job. Progress fields (bytes, rows) are updated while it runs;
 * a job still `running` after its process died is marked failed by failRunningImportJobs at the next start.
 */
export interface ImportJob {
  id: number;
  /** Null for imports started outside any organisation (the CLI without --campaign). */
  organisationId: number | null;
  userId: number | null;
  status: ImportJobStatus;
  /** File names as given (paths for the CLI, upload names for the web). */
  files: string[];
  /** The format asked for; null = detected per file. */
  format: string | null;
  /** Formats detected or asked for, one per distinct format seen. */
  formats: string[];
  market: string | null;
  campaignId: number | null;
  target: string | null;
  dryRun: boolean;
  /** Total bytes of the input when known. */
  bytesTotal: number | null;
  bytesRead: number;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  written: ImportWritten;
  warningCount: number;
  /** At most the first 100 warnings. */
  warnings: ImportJobWarning[];
  /** At most the first 100 rejects (rowsRejected counts them all). */
  rejects: ImportJobReject[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: string | null;
}

export interface NewImportJob {
  organisationId: number | null;
  userId: number | null;
  files: string[];
  format: string | null;
  market: string | null;
  campaignId: number | null;
  target: string | null;
  dryRun: boolean;
  bytesTotal: number | null;
}

/** Fields an update may change; absent fields keep their value. */
export type ImportJobPatch = Partial<
  Pick<
    ImportJob,
    | 'status'
    | 'formats'
    | 'bytesTotal'
    | 'bytesRead'
    | 'rowsRead'
    | 'rowsWritten'
    | 'rowsRejected'
    | 'written'
    | 'warningCount'
    | 'warnings'
    | 'rejects'
    | 'startedAt'
    | 'finishedAt'
    | 'durationMs'
    | 'error'
  >
>;

/** A call an anonymous demo visitor asked for (POST /demo/call); `preferredTime` is a slot id. */
export interface NewCallRequest {
  name: string;
  email: string;
  company: string;
  preferredTime: string;
  message: string | null;
}

export interface CallRequestRecord extends NewCallRequest {
  id: number;
  /** ISO instant the request arrived. */
  createdAt: string;
}

/** A user's widgets config of one screen module (order, visibility, expanded widget) as JSON text. */
export interface UserWidgets {
  userId: number;
  moduleName: string;
  config: string;
  /** ISO instant of the last save. */
  updatedAt: string;
}

export interface MetaCounts {
  organisations: number;
  users: number;
  projects: number;
  campaigns: number;
}

export interface MetaStore
  extends
    RankCheckMethods,
    ShareLinkMethods,
    DashboardShareLinkMethods,
    CampaignSetupMethods,
    ApiTokenMethods,
    AnnotationMethods,
    CtrModelMethods,
    TaskMethods,
    DashboardMethods,
    ReportMethods,
    ReportScheduleMethods,
    GscLinkMethods,
    AlertMethods {
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  counts(): Promise<MetaCounts>;
  /** Runs `fn` in one transaction: all of its writes land or none do. */
  transaction<T>(fn: (store: MetaStore) => Promise<T>): Promise<T>;

  createOrganisation(name: string, now: string): Promise<Organisation>;
  getOrganisation(id: number): Promise<Organisation | null>;
  listOrganisations(): Promise<Organisation[]>;

  createUser(u: {
    organisationId: number;
    email: string;
    name: string;
    passwordHash: string;
    roles: Role[];
    now: string;
  }): Promise<User>;
  getUser(id: number): Promise<User | null>;
  /** Email match is case-insensitive; emails are stored lower case. */
  findUserByEmail(email: string): Promise<UserWithSecret | null>;
  listUsers(organisationId: number): Promise<User[]>;
  setUserRoles(userId: number, roles: Role[]): Promise<void>;
  setUserDisabled(userId: number, disabled: boolean): Promise<void>;
  setPasswordHash(userId: number, passwordHash: string): Promise<void>;

  createSession(s: SessionRecord): Promise<void>;
  getSession(idHash: string): Promise<SessionRecord | null>;
  deleteSession(idHash: string): Promise<void>;
  /** Records that the session was used at `now`. */
  touchSession(idHash: string, now: string): Promise<void>;
  deleteUserSessions(userId: number): Promise<void>;
  /** Removes sessions whose expiresAt is before `now`; returns how many. */
  purgeExpiredSessions(now: string): Promise<number>;

  createInvitation(i: Omit<InvitationRecord, 'acceptedAt'>): Promise<void>;
  getInvitation(tokenHash: string): Promise<InvitationRecord | null>;
  listInvitations(organisationId: number): Promise<InvitationRecord[]>;
  markInvitationAccepted(tokenHash: string, now: string): Promise<void>;

  /** Adds the organisation's market (with its rank key) or updates its name and parts; returns it. */
  upsertMarket(organisationId: number, m: Market, rankKey: string): Promise<OrganisationMarket>;
  /** The organisation's markets by code. */
  listMarkets(organisationId: number): Promise<OrganisationMarket[]>;
  /** Null unless the organisation has a market with that code. */
  getMarket(organisationId: number, code: string): Promise<OrganisationMarket | null>;

  createProject(organisationId: number, name: string, now: string): Promise<Project>;
  listProjects(organisationId: number): Promise<Project[]>;
  /** Null unless the project exists in that organisation. */
  getProject(organisationId: number, id: number): Promise<Project | null>;
  addSite(projectId: number, host: string): Promise<Site>;
  listSites(projectId: number): Promise<Site[]>;

  createCampaign(c: NewCampaign, now: string): Promise<Campaign>;
  listCampaigns(organisationId: number, projectId?: number): Promise<Campaign[]>;
  /** Null unless the campaign exists in that organisation. */
  getCampaign(organisationId: number, id: number): Promise<Campaign | null>;

  addTrackedDomain(campaignId: number, d: NewTrackedDomain): Promise<TrackedDomain>;
  listTrackedDomains(campaignId: number): Promise<TrackedDomain[]>;
  createDomainGroup(campaignId: number, g: NewDomainGroup): Promise<DomainGroup>;
  listDomainGroups(campaignId: number): Promise<DomainGroup[]>;

  createImportJob(j: NewImportJob, now: string): Promise<ImportJob>;
  updateImportJob(id: number, patch: ImportJobPatch): Promise<void>;
  getImportJob(id: number): Promise<ImportJob | null>;
  /**
   * The newest jobs first: those of the organisation and those without one (CLI imports), at most `limit`.
   */
  listImportJobs(organisationId: number, limit: number): Promise<ImportJob[]>;
  /**
   * Marks every queued or running job failed with `error` (the process that ran them is gone); call once at
   * start-up, while this process is the only writer. Returns how many.
   */
  failUnfinishedImportJobs(error: string, now: string): Promise<number>;

  createReport(r: NewReportDefinition, now: string): Promise<ReportDefinition>;
  listReports(organisationId: number): Promise<ReportDefinition[]>;
  /** Null unless the report exists in that organisation. */
  getReport(organisationId: number, id: number): Promise<ReportDefinition | null>;
  /** Returns false when no such report exists in that organisation. */
  deleteReport(organisationId: number, id: number): Promise<boolean>;

  /** Null until the user saves a widgets config for the module. */
  getUserWidgets(userId: number, moduleName: string): Promise<UserWidgets | null>;
  /** Inserts or replaces the user's widgets config of the module. */
  saveUserWidgets(userId: number, moduleName: string, config: string, now: string): Promise<UserWidgets>;

  /** Stores a demo visitor's call request. */
  createCallRequest(r: NewCallRequest, now: string): Promise<CallRequestRecord>;
  /** Call requests, newest first, at most `limit`. */
  listCallRequests(limit: number): Promise<CallRequestRecord[]>;

  /**
   * Every table's rows for a move to another MetaStore (`migrate-data`): parents before children, rows in
   * key order, ids kept, values canonical (transfer.ts). Batches hold at most `batchRows` rows.
   */
  exportTables(batchRows?: number): AsyncIterable<MetaTableBatch>;
  /**
   * Replaces the whole content of this store with exported tables in one transaction (all or nothing) and
   * moves id sequences past the imported ids. Returns the number of rows written.
   */
  importTables(batches: AsyncIterable<MetaTableBatch>): Promise<number>;
  /** Row count and checksum of every table (transfer.ts), for comparing two stores. */
  checksums(): Promise<TableChecksum[]>;
}

// The MetaStore port: application data (DESIGN §1) — organisations, users and roles, sessions, invitations,
// projects, sites, markets, campaign settings, tracked domains and domain groups. One Kysely implementation
// serves SQLite (embedded default) and PostgreSQL (scale-out); both pass test/storage/meta-store.suite.ts.
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

/**
 * Thrown when a write would repeat a value that must be unique: a user's email (across all organisations) or
 * a tracked domain's value within its campaign. `field` names the value so a service can say which.
 */
export class DuplicateValueError extends Error {
  constructor(
    readonly field: 'email' | 'trackedDomain',
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

export interface MetaCounts {
  organisations: number;
  users: number;
  projects: number;
  campaigns: number;
}

export interface MetaStore {
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
  deleteUserSessions(userId: number): Promise<void>;
  /** Removes sessions whose expiresAt is before `now`; returns how many. */
  purgeExpiredSessions(now: string): Promise<number>;

  createInvitation(i: Omit<InvitationRecord, 'acceptedAt'>): Promise<void>;
  getInvitation(tokenHash: string): Promise<InvitationRecord | null>;
  listInvitations(organisationId: number): Promise<InvitationRecord[]>;
  markInvitationAccepted(tokenHash: string, now: string): Promise<void>;

  upsertMarket(m: Market): Promise<void>;
  listMarkets(): Promise<Market[]>;

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

  createReport(r: NewReportDefinition, now: string): Promise<ReportDefinition>;
  listReports(organisationId: number): Promise<ReportDefinition[]>;
  /** Null unless the report exists in that organisation. */
  getReport(organisationId: number, id: number): Promise<ReportDefinition | null>;
  /** Returns false when no such report exists in that organisation. */
  deleteReport(organisationId: number, id: number): Promise<boolean>;
}

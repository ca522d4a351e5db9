// The MetaStore's tables as Kysely types, shared by the SQLite and PostgreSQL backends. Instants are ISO 8601
// text in both engines; booleans are 0/1 in SQLite and boolean in PostgreSQL (SqlBool covers both); JSON
// columns (invitation roles, report sections) are text. Ids are int4 in PostgreSQL so they arrive as numbers.
import type { ColumnType, Generated, SqlBool } from 'kysely';

/** Which engine a Kysely instance talks to; migrations branch on it only where the SQL truly differs. */
export type MetaDialect = 'sqlite' | 'postgres';

/** A boolean column: written as 0/1 (accepted by both engines), read back as 0/1 or true/false. */
type BoolColumn = ColumnType<SqlBool, SqlBool | undefined, SqlBool>;

/** A bigint counter with a default: read as number (SQLite) or string (pg's int8), written as number. */
type Int8Column = ColumnType<number | string, number | undefined, number>;

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  organisation_id: number;
  /** Lower case; unique across all organisations (an email signs in to one account). */
  email: string;
  name: string;
  password_hash: string;
  disabled: BoolColumn;
  created_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  /** When the session was last used (touched at most once a minute); null: when it was created. */
  last_seen_at: string | null;
}

export interface InvitationsTable {
  token_hash: string;
  organisation_id: number;
  email: string;
  /** JSON array of role names. */
  roles: string;
  invited_by: number;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface MarketsTable {
  id: Generated<number>;
  organisation_id: number;
  code: string;
  country: string;
  language: string;
  device: string;
  engine: string;
  name: string;
  /** The RankStore market holding this market's rankings (migration 0009). */
  rank_key: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  created_at: string;
  /** Set while a delete is in progress (migration 0008): the project is hidden from every read. */
  deleting_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SitesTable {
  id: Generated<number>;
  project_id: number;
  host: string;
}

export interface CampaignsTable {
  id: Generated<number>;
  organisation_id: number;
  project_id: number;
  name: string;
  market: string;
  ctr_model: ColumnType<string, string | undefined, string>;
  schedule: string | null;
  created_at: string;
  /** Set while a delete is in progress (migration 0008): the campaign is hidden from every read. */
  deleting_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TrackedDomainsTable {
  id: Generated<number>;
  campaign_id: number;
  value: string;
  label: string;
  color: string;
  is_own: BoolColumn;
}

export interface DomainGroupsTable {
  id: Generated<number>;
  campaign_id: number;
  label: string;
  color: string;
}

export interface DomainGroupMembersTable {
  group_id: number;
  /** 0-based order of the member within its group, as given at creation. */
  position: number;
  value: string;
}

export interface ReportsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  campaign_id: number;
  /** JSON array of widget ids, in report order. */
  sections: string;
  format: string;
  created_by: number;
  created_at: string;
}

export interface ImportJobsTable {
  id: Generated<number>;
  organisation_id: number | null;
  user_id: number | null;
  status: string;
  /** JSON array of file names. */
  files: string;
  format: string | null;
  /** JSON array of format ids seen. */
  formats: ColumnType<string, string | undefined, string>;
  market: string | null;
  campaign_id: number | null;
  target: string | null;
  dry_run: BoolColumn;
  /** int8 in PostgreSQL, which pg hands over as a string; converted at the port. */
  bytes_total: ColumnType<number | string | null, number | null, number | null>;
  bytes_read: Int8Column;
  rows_read: Int8Column;
  rows_written: Int8Column;
  rows_rejected: Int8Column;
  /** JSON object of counts by kind. */
  written: ColumnType<string, string | undefined, string>;
  warning_count: Int8Column;
  /** JSON arrays, capped. */
  warnings: ColumnType<string, string | undefined, string>;
  rejects: ColumnType<string, string | undefined, string>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: ColumnType<number | string | null, number | null, number | null>;
  error: string | null;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  markets: MarketsTable;
  projects: ProjectsTable;
  sites: SitesTable;
  campaigns: CampaignsTable;
  tracked_domains: TrackedDomainsTable;
  domain_groups: DomainGroupsTable;
  domain_group_members: DomainGroupMembersTable;
  reports: ReportsTable;
  import_jobs: ImportJobsTable;
}

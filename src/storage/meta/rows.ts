// Conversions between MetaStore rows and the port's types, shared by both engines: SQLite's 0/1 booleans,
// JSON text columns, canonical ISO instants, the drivers' unique-violation errors; and the atomic-write helper.
import type { Kysely, Selectable, SqlBool } from 'kysely';
import type { Campaign, CheckSchedule, Organisation, Project, TrackedDomain } from '@core/model';
import { ROLES, isRole } from '@core/roles';
import type { Role } from '@core/roles';
import type {
  InvitationRecord,
  OrganisationMarket,
  ReportDefinition,
  ReportFormat,
  SessionRecord,
} from '../meta-store';
import type {
  CampaignsTable,
  InvitationsTable,
  MarketsTable,
  OrganisationsTable,
  ProjectsTable,
  ReportsTable,
  SessionsTable,
  Database,
  TrackedDomainsTable,
} from './schema';

export function toBool(v: SqlBool): boolean {
  return v === true || v === 1;
}

export function fromBool(b: boolean): 0 | 1 {
  return b ? 1 : 0;
}

/**
 * Canonical ISO 8601 UTC (`Date#toISOString`, millisecond precision). Instants are stored as text in both
 * engines and compared as text (session expiry), which orders correctly only when every value has this form.
 */
export function instant(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO 8601 instant: ${JSON.stringify(value)}`);
  return new Date(ms).toISOString();
}

/** Known roles in the order of ROLES, without repeats; a role name no longer known grants nothing. */
export function canonicalRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((r) => roles.includes(r));
}

export function parseRoles(json: string): Role[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? canonicalRoles(parsed.filter((r): r is string => typeof r === 'string' && isRole(r)))
    : [];
}

function parseStrings(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

function schedule(value: string | null): CheckSchedule | null {
  return value === 'daily' || value === 'weekly' ? value : null;
}

function reportFormat(value: string): ReportFormat {
  return value === 'csv' ? 'csv' : 'html';
}

/** True for a unique or primary-key violation from better-sqlite3 or pg (SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  if (typeof e !== 'object' || e === null || !('code' in e)) return false;
  const code = (e as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function toOrganisation(r: Selectable<OrganisationsTable>): Organisation {
  return { id: r.id, name: r.name, createdAt: r.created_at };
}

export function toSession(r: Selectable<SessionsTable>): SessionRecord {
  return {
    idHash: r.id_hash,
    userId: r.user_id,
    csrfToken: r.csrf_token,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    lastSeenAt: r.last_seen_at ?? r.created_at,
  };
}

export function toInvitation(r: Selectable<InvitationsTable>): InvitationRecord {
  return {
    tokenHash: r.token_hash,
    organisationId: r.organisation_id,
    email: r.email,
    roles: parseRoles(r.roles),
    invitedBy: r.invited_by,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    acceptedAt: r.accepted_at,
  };
}

export function toOrganisationMarket(r: Selectable<MarketsTable>): OrganisationMarket {
  return {
    id: r.id,
    organisationId: r.organisation_id,
    code: r.code,
    country: r.country,
    language: r.language,
    device: r.device === 'mobile' ? 'mobile' : 'desktop',
    engine: 'google',
    name: r.name,
    rankKey: r.rank_key,
  };
}

export function toProject(r: Selectable<ProjectsTable>): Project {
  return { id: r.id, organisationId: r.organisation_id, name: r.name, createdAt: r.created_at };
}

export function toCampaign(r: Selectable<CampaignsTable>): Campaign {
  return {
    id: r.id,
    organisationId: r.organisation_id,
    projectId: r.project_id,
    name: r.name,
    market: r.market,
    ctrModel: r.ctr_model,
    schedule: schedule(r.schedule),
    createdAt: r.created_at,
  };
}

export function toTrackedDomain(r: Selectable<TrackedDomainsTable>): TrackedDomain {
  return {
    id: r.id,
    campaignId: r.campaign_id,
    value: r.value,
    label: r.label,
    color: r.color,
    isOwn: toBool(r.is_own),
  };
}

export function toReport(r: Selectable<ReportsTable>): ReportDefinition {
  return {
    id: r.id,
    organisationId: r.organisation_id,
    name: r.name,
    campaignId: r.campaign_id,
    sections: parseStrings(r.sections),
    format: reportFormat(r.format),
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

/** Runs several writes as one unit: inside the caller's transaction if there is one, else in a new one. */
export function atomic<T>(db: Kysely<Database>, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

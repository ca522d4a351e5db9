// MetaStore queries for campaign set-up (migration 0008-campaign-setup), on SQLite and PostgreSQL alike:
// edits of projects, campaigns, tracked domains and domain groups, the stamped two-step delete, and the
// audit trail. The audit table's Kysely type is declared here and added with withTables.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Campaign, DomainGroup, Project, TrackedDomain } from '@core/model';
import type {
  AuditEvent,
  CampaignPatch,
  DomainGroupPatch,
  NewAuditEvent,
  PendingDeletes,
  TrackedDomainPatch,
} from '../campaign-setup-store';
import { DuplicateValueError } from '../meta-store';
import { atomic, fromBool, instant, isUniqueViolation, toCampaign, toProject, toTrackedDomain } from './rows';
import type { Database } from './schema';
import { listDomainGroups } from './workspace';

interface AuditEventsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number | null;
  user_email: string;
  at: string;
  action: string;
  object_type: string;
  object_id: number | null;
  summary: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type AuditTables = { audit_events: AuditEventsTable };

const audit = (db: Kysely<Database>) => db.withTables<AuditTables>();

function toAudit(r: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    userEmail: r.user_email,
    at: r.at,
    action: r.action,
    objectType: r.object_type,
    objectId: r.object_id === null ? null : Number(r.object_id),
    summary: r.summary,
  };
}

export async function updateProject(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: { name: string },
): Promise<Project | null> {
  const row = await db
    .updateTable('projects')
    .set({ name: patch.name })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('deleting_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toProject(row) : null;
}

/** Moving to another project fails (foreign key) unless that project belongs to the organisation. */
export async function updateCampaign(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: CampaignPatch,
): Promise<Campaign | null> {
  const set = {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.projectId !== undefined && { project_id: patch.projectId }),
    ...(patch.market !== undefined && { market: patch.market }),
    ...(patch.ctrModel !== undefined && { ctr_model: patch.ctrModel }),
    ...(patch.schedule !== undefined && { schedule: patch.schedule }),
  };
  const q = (tx: Kysely<Database>) =>
    tx
      .selectFrom('campaigns')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .where('deleting_at', 'is', null);
  if (Object.keys(set).length === 0) {
    const row = await q(db).executeTakeFirst();
    return row ? toCampaign(row) : null;
  }
  const row = await db
    .updateTable('campaigns')
    .set(set)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('deleting_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toCampaign(row) : null;
}

export async function markProjectDeleting(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  now: string,
): Promise<Campaign[] | null> {
  return atomic(db, async (tx) => {
    const project = await tx
      .updateTable('projects')
      .set({ deleting_at: instant(now) })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .where('deleting_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!project) return null;
    const rows = await tx
      .updateTable('campaigns')
      .set({ deleting_at: instant(now) })
      .where('organisation_id', '=', organisationId)
      .where('project_id', '=', id)
      .where('deleting_at', 'is', null)
      .returningAll()
      .execute();
    return rows.map(toCampaign).sort((a, b) => a.id - b.id);
  });
}

export async function markCampaignDeleting(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  now: string,
): Promise<boolean> {
  const row = await db
    .updateTable('campaigns')
    .set({ deleting_at: instant(now) })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('deleting_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function finishCampaignDelete(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('campaigns').where('id', '=', id).where('deleting_at', 'is not', null).execute();
}

export async function finishProjectDelete(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).where('deleting_at', 'is not', null).execute();
}

export async function pendingDeletes(db: Kysely<Database>): Promise<PendingDeletes> {
  const [campaigns, projects] = await Promise.all([
    db
      .selectFrom('campaigns')
      .select(['id', 'organisation_id', 'market'])
      .where('deleting_at', 'is not', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('projects')
      .select(['id', 'organisation_id'])
      .where('deleting_at', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  return {
    campaigns: campaigns.map((c) => ({ id: c.id, organisationId: c.organisation_id, market: c.market })),
    projects: projects.map((p) => ({ id: p.id, organisationId: p.organisation_id })),
  };
}

export async function updateTrackedDomain(
  db: Kysely<Database>,
  campaignId: number,
  id: number,
  patch: TrackedDomainPatch,
): Promise<TrackedDomain | null> {
  const set = {
    ...(patch.value !== undefined && { value: patch.value }),
    ...(patch.label !== undefined && { label: patch.label }),
    ...(patch.color !== undefined && { color: patch.color }),
    ...(patch.isOwn !== undefined && { is_own: fromBool(patch.isOwn) }),
  };
  const base = db
    .selectFrom('tracked_domains')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id);
  if (Object.keys(set).length === 0) {
    const row = await base.executeTakeFirst();
    return row ? toTrackedDomain(row) : null;
  }
  const row = await db
    .updateTable('tracked_domains')
    .set(set)
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch((e: unknown) => {
      throw isUniqueViolation(e)
        ? new DuplicateValueError(
            'trackedDomain',
            `campaign ${campaignId} already tracks ${patch.value ?? ''}`,
          )
        : e;
    });
  return row ? toTrackedDomain(row) : null;
}

export async function deleteTrackedDomain(
  db: Kysely<Database>,
  campaignId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('tracked_domains')
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function updateDomainGroup(
  db: Kysely<Database>,
  campaignId: number,
  id: number,
  patch: DomainGroupPatch,
): Promise<DomainGroup | null> {
  return atomic(db, async (tx) => {
    const found = await tx
      .selectFrom('domain_groups')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) return null;
    const set = {
      ...(patch.label !== undefined && { label: patch.label }),
      ...(patch.color !== undefined && { color: patch.color }),
    };
    if (Object.keys(set).length > 0) {
      await tx.updateTable('domain_groups').set(set).where('id', '=', id).execute();
    }
    if (patch.members !== undefined) {
      const members = [...new Set(patch.members)];
      await tx.deleteFrom('domain_group_members').where('group_id', '=', id).execute();
      if (members.length > 0) {
        await tx
          .insertInto('domain_group_members')
          .values(members.map((value, position) => ({ group_id: id, position, value })))
          .execute();
      }
    }
    return (await listDomainGroups(tx, campaignId)).find((g) => g.id === id) ?? null;
  });
}

export async function deleteDomainGroup(
  db: Kysely<Database>,
  campaignId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('domain_groups')
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function recordAudit(db: Kysely<Database>, e: NewAuditEvent, now: string): Promise<AuditEvent> {
  const row = await audit(db)
    .insertInto('audit_events')
    .values({
      organisation_id: e.organisationId,
      user_id: e.userId,
      user_email: e.userEmail,
      at: instant(now),
      action: e.action,
      object_type: e.objectType,
      object_id: e.objectId,
      summary: e.summary,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAudit(row);
}

export async function listAudit(
  db: Kysely<Database>,
  organisationId: number,
  limit: number,
  offset: number,
): Promise<AuditEvent[]> {
  const rows = await audit(db)
    .selectFrom('audit_events')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toAudit);
}

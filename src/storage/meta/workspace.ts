// MetaStore queries for the workspace: markets, projects and sites, campaigns, tracked domains, domain
// groups and report definitions. Each function takes the Kysely instance to run on: the root one, or the
// transaction of a `transaction(fn)` call.
import type { Kysely } from 'kysely';
import type { Campaign, DomainGroup, Market, Project, Site, TrackedDomain } from '@core/model';
import { DuplicateValueError, type OrganisationMarket } from '../meta-store';
import type {
  NewCampaign,
  NewDomainGroup,
  NewReportDefinition,
  NewTrackedDomain,
  ReportDefinition,
} from '../meta-store';
import {
  atomic,
  fromBool,
  instant,
  isUniqueViolation,
  toCampaign,
  toOrganisationMarket,
  toProject,
  toReport,
  toTrackedDomain,
} from './rows';
import type { Database } from './schema';

/**
 * Inserts the organisation's market, or updates its descriptive fields; the rank key is set on insert and
 * never changed (it names where the market's rankings are stored).
 */
export async function upsertMarket(
  db: Kysely<Database>,
  organisationId: number,
  m: Market,
  rankKey: string,
): Promise<OrganisationMarket> {
  const fields = {
    country: m.country,
    language: m.language,
    device: m.device,
    engine: m.engine,
    name: m.name,
  };
  const row = await db
    .insertInto('markets')
    .values({ organisation_id: organisationId, code: m.code, rank_key: rankKey, ...fields })
    .onConflict((oc) => oc.columns(['organisation_id', 'code']).doUpdateSet(fields))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrganisationMarket(row);
}

export async function listMarkets(
  db: Kysely<Database>,
  organisationId: number,
): Promise<OrganisationMarket[]> {
  const rows = await db
    .selectFrom('markets')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('code')
    .execute();
  return rows.map(toOrganisationMarket);
}

export async function getMarket(
  db: Kysely<Database>,
  organisationId: number,
  code: string,
): Promise<OrganisationMarket | null> {
  const row = await db
    .selectFrom('markets')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row === undefined ? null : toOrganisationMarket(row);
}

export async function createProject(
  db: Kysely<Database>,
  organisationId: number,
  name: string,
  now: string,
): Promise<Project> {
  const row = await db
    .insertInto('projects')
    .values({ organisation_id: organisationId, name, created_at: instant(now) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProject(row);
}

export async function listProjects(db: Kysely<Database>, organisationId: number): Promise<Project[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('deleting_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toProject);
}

export async function getProject(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<Project | null> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('deleting_at', 'is', null)
    .executeTakeFirst();
  return row ? toProject(row) : null;
}

export async function addSite(db: Kysely<Database>, projectId: number, host: string): Promise<Site> {
  const row = await db
    .insertInto('sites')
    .values({ project_id: projectId, host })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: row.id, projectId: row.project_id, host: row.host };
}

export async function listSites(db: Kysely<Database>, projectId: number): Promise<Site[]> {
  const rows = await db
    .selectFrom('sites')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, host: r.host }));
}

/** Fails (foreign key) unless the project belongs to the campaign's organisation. */
export async function createCampaign(db: Kysely<Database>, c: NewCampaign, now: string): Promise<Campaign> {
  const row = await db
    .insertInto('campaigns')
    .values({
      organisation_id: c.organisationId,
      project_id: c.projectId,
      name: c.name,
      market: c.market,
      ctr_model: c.ctrModel ?? 'default',
      schedule: c.schedule ?? null,
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(row);
}

export async function listCampaigns(
  db: Kysely<Database>,
  organisationId: number,
  projectId?: number,
): Promise<Campaign[]> {
  let q = db
    .selectFrom('campaigns')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('deleting_at', 'is', null);
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  const rows = await q.orderBy('id').execute();
  return rows.map(toCampaign);
}

export async function getCampaign(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<Campaign | null> {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('deleting_at', 'is', null)
    .executeTakeFirst();
  return row ? toCampaign(row) : null;
}

export async function addTrackedDomain(
  db: Kysely<Database>,
  campaignId: number,
  d: NewTrackedDomain,
): Promise<TrackedDomain> {
  const row = await db
    .insertInto('tracked_domains')
    .values({
      campaign_id: campaignId,
      value: d.value,
      label: d.label,
      color: d.color,
      is_own: fromBool(d.isOwn),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((e: unknown) => {
      throw isUniqueViolation(e)
        ? new DuplicateValueError('trackedDomain', `campaign ${campaignId} already tracks ${d.value}`)
        : e;
    });
  return toTrackedDomain(row);
}

export async function listTrackedDomains(db: Kysely<Database>, campaignId: number): Promise<TrackedDomain[]> {
  const rows = await db
    .selectFrom('tracked_domains')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
  return rows.map(toTrackedDomain);
}

/** Members keep their given order; a repeated member is stored once. */
export async function createDomainGroup(
  db: Kysely<Database>,
  campaignId: number,
  g: NewDomainGroup,
): Promise<DomainGroup> {
  const members = [...new Set(g.members)];
  return atomic(db, async (tx) => {
    const row = await tx
      .insertInto('domain_groups')
      .values({ campaign_id: campaignId, label: g.label, color: g.color })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (members.length > 0) {
      await tx
        .insertInto('domain_group_members')
        .values(members.map((value, position) => ({ group_id: row.id, position, value })))
        .execute();
    }
    return { id: row.id, campaignId: row.campaign_id, label: row.label, color: row.color, members };
  });
}

export async function listDomainGroups(db: Kysely<Database>, campaignId: number): Promise<DomainGroup[]> {
  const [groups, members] = await Promise.all([
    db.selectFrom('domain_groups').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute(),
    db
      .selectFrom('domain_group_members')
      .innerJoin('domain_groups', 'domain_groups.id', 'domain_group_members.group_id')
      .select(['domain_group_members.group_id', 'domain_group_members.value'])
      .where('domain_groups.campaign_id', '=', campaignId)
      .orderBy('domain_group_members.group_id')
      .orderBy('domain_group_members.position')
      .execute(),
  ]);
  const byGroup = new Map<number, string[]>();
  for (const m of members) byGroup.set(m.group_id, [...(byGroup.get(m.group_id) ?? []), m.value]);
  return groups.map((g) => ({
    id: g.id,
    campaignId: g.campaign_id,
    label: g.label,
    color: g.color,
    members: byGroup.get(g.id) ?? [],
  }));
}

/** Fails (foreign key) unless the campaign and the author belong to the report's organisation. */
export async function createReport(
  db: Kysely<Database>,
  r: NewReportDefinition,
  now: string,
): Promise<ReportDefinition> {
  const row = await db
    .insertInto('reports')
    .values({
      organisation_id: r.organisationId,
      name: r.name,
      campaign_id: r.campaignId,
      sections: JSON.stringify(r.sections),
      format: r.format,
      created_by: r.createdBy,
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReport(row);
}

export async function listReports(db: Kysely<Database>, organisationId: number): Promise<ReportDefinition[]> {
  const rows = await db
    .selectFrom('reports')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
  return rows.map(toReport);
}

export async function getReport(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<ReportDefinition | null> {
  const row = await db
    .selectFrom('reports')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toReport(row) : null;
}

export async function deleteReport(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('reports')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

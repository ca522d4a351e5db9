// MetaStore queries for dashboards (migration 0016-dashboards), on SQLite and PostgreSQL alike. The tables'
// Kysely types are declared here and added with withTables, so the shared schema file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { DashboardPatch, DashboardRecord, NewDashboard } from '../dashboard-store';
import { atomic, instant } from './rows';
import type { Database } from './schema';

interface DashboardsTable {
  id: Generated<number>;
  organisation_id: number;
  owner_id: number | null;
  name: string;
  widgets: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

interface DashboardDefaultsTable {
  user_id: number;
  dashboard_id: number;
  updated_at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type DashboardTables = { dashboards: DashboardsTable; dashboard_defaults: DashboardDefaultsTable };

const tables = (db: Kysely<Database>) => db.withTables<DashboardTables>();

function toRecord(r: Selectable<DashboardsTable>): DashboardRecord {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    ownerId: r.owner_id === null ? null : Number(r.owner_id),
    name: r.name,
    widgets: r.widgets,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function createDashboard(
  db: Kysely<Database>,
  d: NewDashboard,
  now: string,
): Promise<DashboardRecord> {
  const at = instant(now);
  const row = await tables(db)
    .insertInto('dashboards')
    .values({
      organisation_id: d.organisationId,
      owner_id: d.ownerId,
      name: d.name,
      widgets: d.widgets,
      created_by: d.createdBy,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Shared ones (owner null) and the user's own. */
const visibleTo = (db: Kysely<Database>, organisationId: number, userId: number) =>
  tables(db)
    .selectFrom('dashboards')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]));

export async function listDashboards(
  db: Kysely<Database>,
  organisationId: number,
  userId: number,
): Promise<DashboardRecord[]> {
  const rows = await visibleTo(db, organisationId, userId).orderBy('name').orderBy('id').execute();
  return rows.map(toRecord);
}

export async function getDashboard(
  db: Kysely<Database>,
  organisationId: number,
  userId: number,
  id: number,
): Promise<DashboardRecord | null> {
  const row = await visibleTo(db, organisationId, userId).where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : toRecord(row);
}

export async function updateDashboard(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: DashboardPatch,
  now: string,
): Promise<DashboardRecord | null> {
  const row = await tables(db)
    .updateTable('dashboards')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.widgets !== undefined && { widgets: patch.widgets }),
      updated_at: instant(now),
    })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toRecord(row);
}

export function deleteDashboard(db: Kysely<Database>, organisationId: number, id: number): Promise<boolean> {
  // The defaults go first so the delete does not rely on the engine cascading them.
  return atomic(db, async (tx) => {
    const owned = await tables(tx)
      .selectFrom('dashboards')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (owned === undefined) return false;
    await tables(tx).deleteFrom('dashboard_defaults').where('dashboard_id', '=', id).execute();
    await tables(tx).deleteFrom('dashboards').where('id', '=', id).execute();
    return true;
  });
}

export async function getDefaultDashboard(db: Kysely<Database>, userId: number): Promise<number | null> {
  const row = await tables(db)
    .selectFrom('dashboard_defaults')
    .select('dashboard_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.dashboard_id);
}

export async function setDefaultDashboard(
  db: Kysely<Database>,
  userId: number,
  dashboardId: number,
  now: string,
): Promise<void> {
  const updatedAt = instant(now);
  await tables(db)
    .insertInto('dashboard_defaults')
    .values({ user_id: userId, dashboard_id: dashboardId, updated_at: updatedAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ dashboard_id: dashboardId, updated_at: updatedAt }),
    )
    .execute();
}

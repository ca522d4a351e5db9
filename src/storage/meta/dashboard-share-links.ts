// MetaStore queries for dashboard share links (migration 0021-dashboard-share-links), on SQLite and
// PostgreSQL alike. The table's Kysely type is declared here and added with withTables, so the shared schema
// file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { DashboardShareLink, NewDashboardShareLink } from '../dashboard-share-link-store';
import { instant } from './rows';
import type { Database } from './schema';

interface DashboardShareLinksTable {
  id: Generated<number>;
  organisation_id: number;
  dashboard_id: number;
  created_by: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type Tables = { dashboard_share_links: DashboardShareLinksTable };

const tables = (db: Kysely<Database>) => db.withTables<Tables>();

function toLink(row: Selectable<DashboardShareLinksTable>): DashboardShareLink {
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    dashboardId: Number(row.dashboard_id),
    createdBy: Number(row.created_by),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function createDashboardShareLink(
  db: Kysely<Database>,
  link: NewDashboardShareLink,
  now: string,
): Promise<DashboardShareLink> {
  const row = await tables(db)
    .insertInto('dashboard_share_links')
    .values({
      organisation_id: link.organisationId,
      dashboard_id: link.dashboardId,
      created_by: link.createdBy,
      created_at: instant(now),
      expires_at: instant(link.expiresAt),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLink(row);
}

export async function getDashboardShareLink(
  db: Kysely<Database>,
  id: number,
): Promise<DashboardShareLink | null> {
  const row = await tables(db)
    .selectFrom('dashboard_share_links')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toLink(row);
}

export async function listDashboardShareLinks(
  db: Kysely<Database>,
  organisationId: number,
  dashboardId: number,
  limit: number,
): Promise<DashboardShareLink[]> {
  const rows = await tables(db)
    .selectFrom('dashboard_share_links')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('dashboard_id', '=', dashboardId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toLink(row));
}

export async function revokeDashboardShareLink(
  db: Kysely<Database>,
  organisationId: number,
  dashboardId: number,
  id: number,
  now: string,
): Promise<boolean> {
  const found = await tables(db)
    .selectFrom('dashboard_share_links')
    .select('id')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .where('dashboard_id', '=', dashboardId)
    .executeTakeFirst();
  if (found === undefined) return false;
  await tables(db)
    .updateTable('dashboard_share_links')
    .set({ revoked_at: instant(now) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

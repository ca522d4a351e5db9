// MetaStore queries for Search Console connections and linked properties (migration
// 0017-search-console-links), on SQLite and PostgreSQL alike. The tables' Kysely types are declared here and
// added with withTables, so the shared schema file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type {
  GscConnection,
  GscConnectionKind,
  GscLink,
  GscLinkSyncPatch,
  GscSyncStatus,
  NewGscConnection,
  NewGscLink,
} from '../gsc-link-store';
import { DuplicateValueError } from '../meta-store';
import { instant, isUniqueViolation } from './rows';
import type { Database } from './schema';

interface ConnectionsTable {
  id: Generated<number>;
  organisation_id: number;
  kind: string;
  label: string;
  client_id: string | null;
  sealed_secret: string;
  sealed_refresh_token: string | null;
  created_by: number | null;
  created_at: string;
}

interface LinksTable {
  id: Generated<number>;
  organisation_id: number;
  connection_id: number;
  site_url: string;
  search_types: string;
  synced_through: string | null;
  status: string;
  days_done: number;
  days_total: number;
  rows_written: number;
  last_error: string | null;
  last_sync_at: string | null;
  created_by: number | null;
  created_at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type GscTables = { gsc_connections: ConnectionsTable; gsc_links: LinksTable };

const tables = (db: Kysely<Database>) => db.withTables<GscTables>();

// The columns' CHECKs admit only these values.
const kindOf = (v: string): GscConnectionKind => (v === 'oauth' ? 'oauth' : 'service-account');
const statusOf = (v: string): GscSyncStatus =>
  v === 'running' ? 'running' : v === 'failed' ? 'failed' : 'idle';

function toConnection(r: Selectable<ConnectionsTable>): GscConnection {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    kind: kindOf(r.kind),
    label: r.label,
    clientId: r.client_id,
    sealedSecret: r.sealed_secret,
    sealedRefreshToken: r.sealed_refresh_token,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: r.created_at,
  };
}

function toLink(r: Selectable<LinksTable>): GscLink {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    connectionId: Number(r.connection_id),
    siteUrl: r.site_url,
    searchTypes: r.search_types === '' ? [] : r.search_types.split(','),
    syncedThrough: r.synced_through,
    status: statusOf(r.status),
    daysDone: Number(r.days_done),
    daysTotal: Number(r.days_total),
    rowsWritten: Number(r.rows_written),
    lastError: r.last_error,
    lastSyncAt: r.last_sync_at,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: r.created_at,
  };
}

export async function createGscConnection(
  db: Kysely<Database>,
  c: NewGscConnection,
  now: string,
): Promise<GscConnection> {
  const row = await tables(db)
    .insertInto('gsc_connections')
    .values({
      organisation_id: c.organisationId,
      kind: c.kind,
      label: c.label,
      client_id: c.clientId,
      sealed_secret: c.sealedSecret,
      sealed_refresh_token: c.sealedRefreshToken,
      created_by: c.createdBy,
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toConnection(row);
}

export async function listGscConnections(
  db: Kysely<Database>,
  organisationId: number,
): Promise<GscConnection[]> {
  const rows = await tables(db)
    .selectFrom('gsc_connections')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
  return rows.map(toConnection);
}

export async function getGscConnection(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<GscConnection | null> {
  const row = await tables(db)
    .selectFrom('gsc_connections')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toConnection(row);
}

export async function setGscRefreshToken(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  sealedRefreshToken: string,
): Promise<boolean> {
  const result = await tables(db)
    .updateTable('gsc_connections')
    .set({ sealed_refresh_token: sealedRefreshToken })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteGscConnection(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  // Links first: SQLite enforces the cascade only when foreign keys are switched on for the connection.
  await tables(db)
    .deleteFrom('gsc_links')
    .where('organisation_id', '=', organisationId)
    .where('connection_id', '=', id)
    .execute();
  const result = await tables(db)
    .deleteFrom('gsc_connections')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Throws DuplicateValueError when the organisation has linked the property already. */
export async function createGscLink(db: Kysely<Database>, l: NewGscLink, now: string): Promise<GscLink> {
  const row = await tables(db)
    .insertInto('gsc_links')
    .values({
      organisation_id: l.organisationId,
      connection_id: l.connectionId,
      site_url: l.siteUrl,
      search_types: l.searchTypes.join(','),
      synced_through: null,
      status: 'idle',
      days_done: 0,
      days_total: 0,
      rows_written: 0,
      last_error: null,
      last_sync_at: null,
      created_by: l.createdBy,
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((e: unknown) => {
      throw isUniqueViolation(e)
        ? new DuplicateValueError('searchConsoleProperty', `${l.siteUrl} is linked already`)
        : e;
    });
  return toLink(row);
}

export async function listGscLinks(db: Kysely<Database>, organisationId: number | null): Promise<GscLink[]> {
  const rows = await tables(db)
    .selectFrom('gsc_links')
    .selectAll()
    .$if(organisationId !== null, (qb) => qb.where('organisation_id', '=', organisationId!))
    .orderBy('id')
    .execute();
  return rows.map(toLink);
}

export async function getGscLink(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<GscLink | null> {
  const row = await tables(db)
    .selectFrom('gsc_links')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toLink(row);
}

export async function updateGscLinkSync(
  db: Kysely<Database>,
  id: number,
  p: GscLinkSyncPatch,
): Promise<void> {
  const set = {
    ...(p.syncedThrough !== undefined && { synced_through: p.syncedThrough }),
    ...(p.status !== undefined && { status: p.status }),
    ...(p.daysDone !== undefined && { days_done: p.daysDone }),
    ...(p.daysTotal !== undefined && { days_total: p.daysTotal }),
    ...(p.rowsWritten !== undefined && { rows_written: p.rowsWritten }),
    ...(p.lastError !== undefined && { last_error: p.lastError }),
    ...(p.lastSyncAt !== undefined && { last_sync_at: p.lastSyncAt === null ? null : instant(p.lastSyncAt) }),
  };
  if (Object.keys(set).length === 0) return;
  await tables(db).updateTable('gsc_links').set(set).where('id', '=', id).execute();
}

export async function failRunningGscSyncs(db: Kysely<Database>, error: string): Promise<number> {
  const result = await tables(db)
    .updateTable('gsc_links')
    .set({ status: 'failed', last_error: error })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteGscLink(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const result = await tables(db)
    .deleteFrom('gsc_links')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

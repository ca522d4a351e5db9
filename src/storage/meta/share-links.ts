// MetaStore queries for one-to-one share links (migration 0006-share-links), on SQLite and PostgreSQL alike.
// The table's Kysely type is declared here and added with withTables, so the shared schema file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { NewShareLink, ShareLink } from '../share-link-store';
import { instant } from './rows';
import type { Database } from './schema';

interface ShareLinksTable {
  id: Generated<number>;
  organisation_id: number;
  created_by: number;
  host_a: string;
  host_b: string;
  market: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type ShareTables = { share_links: ShareLinksTable };

const tables = (db: Kysely<Database>) => db.withTables<ShareTables>();

function toLink(row: Selectable<ShareLinksTable>): ShareLink {
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    createdBy: Number(row.created_by),
    hostA: row.host_a,
    hostB: row.host_b,
    market: row.market,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function createShareLink(
  db: Kysely<Database>,
  link: NewShareLink,
  now: string,
): Promise<ShareLink> {
  const row = await tables(db)
    .insertInto('share_links')
    .values({
      organisation_id: link.organisationId,
      created_by: link.createdBy,
      host_a: link.hostA,
      host_b: link.hostB,
      market: link.market,
      created_at: instant(now),
      expires_at: instant(link.expiresAt),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLink(row);
}

export async function getShareLink(db: Kysely<Database>, id: number): Promise<ShareLink | null> {
  const row = await tables(db).selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : toLink(row);
}

export async function listShareLinks(
  db: Kysely<Database>,
  organisationId: number,
  limit: number,
): Promise<ShareLink[]> {
  const rows = await tables(db)
    .selectFrom('share_links')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toLink(row));
}

export async function revokeShareLink(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  now: string,
): Promise<boolean> {
  const found = await tables(db)
    .selectFrom('share_links')
    .select('id')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (found === undefined) return false;
  await tables(db)
    .updateTable('share_links')
    .set({ revoked_at: instant(now) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

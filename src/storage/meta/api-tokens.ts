// MetaStore queries for personal access tokens (migration 0007-api-tokens), on SQLite and PostgreSQL alike.
// The table's Kysely type is declared here and added with withTables, so the shared schema file needs no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { ApiToken, ApiTokenScope, NewApiToken } from '../api-token-store';
import { instant } from './rows';
import type { Database } from './schema';

interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  scope: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type TokenTables = { api_tokens: ApiTokensTable };

const tables = (db: Kysely<Database>) => db.withTables<TokenTables>();

// The column's CHECK admits only these two; anything else would be a corrupt row, read as the narrower scope.
const scopeOf = (value: string): ApiTokenScope => (value === 'write' ? 'write' : 'read');

function toToken(row: Selectable<ApiTokensTable>): ApiToken {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    name: row.name,
    tokenHash: row.token_hash,
    scope: scopeOf(row.scope),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function createApiToken(db: Kysely<Database>, t: NewApiToken, now: string): Promise<ApiToken> {
  const row = await tables(db)
    .insertInto('api_tokens')
    .values({
      user_id: t.userId,
      name: t.name,
      token_hash: t.tokenHash,
      scope: t.scope,
      created_at: instant(now),
      expires_at: t.expiresAt === null ? null : instant(t.expiresAt),
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toToken(row);
}

export async function findApiTokenByHash(db: Kysely<Database>, tokenHash: string): Promise<ApiToken | null> {
  const row = await tables(db)
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row === undefined ? null : toToken(row);
}

export async function listApiTokens(db: Kysely<Database>, userId: number): Promise<ApiToken[]> {
  const rows = await tables(db)
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => toToken(row));
}

export async function revokeApiToken(
  db: Kysely<Database>,
  userId: number,
  id: number,
  now: string,
): Promise<boolean> {
  // coalesce keeps the first revocation time, and the row still counts as found on a second revoke.
  const result = await tables(db)
    .updateTable('api_tokens')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(instant(now))) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchApiToken(db: Kysely<Database>, id: number, now: string): Promise<void> {
  await tables(db)
    .updateTable('api_tokens')
    .set({ last_used_at: instant(now) })
    .where('id', '=', id)
    .execute();
}

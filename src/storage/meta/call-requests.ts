// MetaStore queries for the demo's call requests (migration 0005-call-requests), on SQLite and PostgreSQL
// alike. The table's Kysely type is declared here and added with withTables, so the shared schema file needs
// no edit.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { CallRequestRecord, NewCallRequest } from '../meta-store';
import { instant } from './rows';
import type { Database } from './schema';

interface CallRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string;
  preferred_time: string;
  message: string | null;
  created_at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type CallTables = { call_requests: CallRequestsTable };

const tables = (db: Kysely<Database>) => db.withTables<CallTables>();

function toRecord(row: Selectable<CallRequestsTable>): CallRequestRecord {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    company: row.company,
    preferredTime: row.preferred_time,
    message: row.message,
    createdAt: row.created_at,
  };
}

export async function createCallRequest(
  db: Kysely<Database>,
  r: NewCallRequest,
  now: string,
): Promise<CallRequestRecord> {
  const row = await tables(db)
    .insertInto('call_requests')
    .values({
      name: r.name,
      email: r.email,
      company: r.company,
      preferred_time: r.preferredTime,
      message: r.message,
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Newest first (ties by id, newest first); at most `limit` rows. */
export async function listCallRequests(db: Kysely<Database>, limit: number): Promise<CallRequestRecord[]> {
  const rows = await tables(db)
    .selectFrom('call_requests')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toRecord(row));
}

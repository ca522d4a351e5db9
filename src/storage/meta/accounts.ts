// MetaStore queries for organisations, users and their roles, sessions and invitations. Each function takes
// the Kysely instance to run on: the root one, or the transaction of a `transaction(fn)` call.
import type { Kysely, Selectable } from 'kysely';
import type { Organisation, User } from '@core/model';
import type { Role } from '@core/roles';
import { DuplicateValueError } from '../meta-store';
import type { InvitationRecord, MetaStore, SessionRecord, UserWithSecret } from '../meta-store';
import {
  atomic,
  canonicalRoles,
  fromBool,
  instant,
  isUniqueViolation,
  toBool,
  toInvitation,
  toOrganisation,
  toSession,
} from './rows';
import type { Database, UsersTable } from './schema';

export type NewUser = Parameters<MetaStore['createUser']>[0];

export async function createOrganisation(
  db: Kysely<Database>,
  name: string,
  now: string,
): Promise<Organisation> {
  const row = await db
    .insertInto('organisations')
    .values({ name, created_at: instant(now) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrganisation(row);
}

export async function getOrganisation(db: Kysely<Database>, id: number): Promise<Organisation | null> {
  const row = await db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toOrganisation(row) : null;
}

export async function listOrganisations(db: Kysely<Database>): Promise<Organisation[]> {
  const rows = await db.selectFrom('organisations').selectAll().orderBy('id').execute();
  return rows.map(toOrganisation);
}

export async function createUser(db: Kysely<Database>, u: NewUser): Promise<User> {
  const email = u.email.toLowerCase();
  const roles = canonicalRoles(u.roles);
  const row = await atomic(db, async (tx) => {
    const inserted = await tx
      .insertInto('users')
      .values({
        organisation_id: u.organisationId,
        email,
        name: u.name,
        password_hash: u.passwordHash,
        disabled: fromBool(false),
        created_at: instant(u.now),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((e: unknown) => {
        throw isUniqueViolation(e)
          ? new DuplicateValueError('email', `a user with email ${email} already exists`)
          : e;
      });
    await insertRoles(tx, inserted.id, roles);
    return inserted;
  });
  return toUser(row, roles);
}

export async function getUser(db: Kysely<Database>, id: number): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row, await rolesOf(db, id)) : null;
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserWithSecret | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row) return null;
  return { ...toUser(row, await rolesOf(db, row.id)), passwordHash: row.password_hash };
}

export async function listUsers(db: Kysely<Database>, organisationId: number): Promise<User[]> {
  const [rows, roleRows] = await Promise.all([
    db.selectFrom('users').selectAll().where('organisation_id', '=', organisationId).orderBy('id').execute(),
    db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['user_roles.user_id', 'user_roles.role'])
      .where('users.organisation_id', '=', organisationId)
      .execute(),
  ]);
  const byUser = new Map<number, string[]>();
  for (const r of roleRows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.role]);
  return rows.map((r) => toUser(r, canonicalRoles(byUser.get(r.id) ?? [])));
}

export async function setUserRoles(db: Kysely<Database>, userId: number, roles: Role[]): Promise<void> {
  await atomic(db, async (tx) => {
    await tx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    await insertRoles(tx, userId, canonicalRoles(roles));
  });
}

export async function setUserDisabled(
  db: Kysely<Database>,
  userId: number,
  disabled: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: fromBool(disabled) })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function createSession(db: Kysely<Database>, s: SessionRecord): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: s.idHash,
      user_id: s.userId,
      csrf_token: s.csrfToken,
      created_at: instant(s.createdAt),
      expires_at: instant(s.expiresAt),
      last_seen_at: instant(s.lastSeenAt),
    })
    .execute();
}

export async function touchSession(db: Kysely<Database>, idHash: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: instant(now) })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function getSession(db: Kysely<Database>, idHash: string): Promise<SessionRecord | null> {
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  return row ? toSession(row) : null;
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', instant(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function createInvitation(
  db: Kysely<Database>,
  i: Omit<InvitationRecord, 'acceptedAt'>,
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      token_hash: i.tokenHash,
      organisation_id: i.organisationId,
      email: i.email.toLowerCase(),
      roles: JSON.stringify(canonicalRoles(i.roles)),
      invited_by: i.invitedBy,
      created_at: instant(i.createdAt),
      expires_at: instant(i.expiresAt),
      accepted_at: null,
    })
    .execute();
}

export async function getInvitation(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<InvitationRecord | null> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? toInvitation(row) : null;
}

export async function listInvitations(
  db: Kysely<Database>,
  organisationId: number,
): Promise<InvitationRecord[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .orderBy('token_hash')
    .execute();
  return rows.map(toInvitation);
}

/** The first acceptance wins: accepting again keeps the original time. */
export async function markInvitationAccepted(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ accepted_at: instant(now) })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .execute();
}

async function rolesOf(db: Kysely<Database>, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return canonicalRoles(rows.map((r) => r.role));
}

async function insertRoles(db: Kysely<Database>, userId: number, roles: readonly Role[]): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: userId, role })))
    .execute();
}

function toUser(r: Selectable<UsersTable>, roles: Role[]): User {
  return {
    id: r.id,
    organisationId: r.organisation_id,
    email: r.email,
    name: r.name,
    roles,
    disabled: toBool(r.disabled),
    createdAt: r.created_at,
  };
}

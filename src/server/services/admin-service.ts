// Organisation administration: list users, invite a user with roles (the link is returned once; only the
// token's hash is stored), change roles and disable users. Users of other organisations are "not found".
import type { z } from 'zod';
import type { AdminUser, invitationsResponse, inviteResponse } from '@contracts/admin';
import { INVITE_PATH } from '@contracts/paths';
import type { User } from '@core/model';
import type { Role } from '@core/roles';
import type { InvitationRecord, MetaStore } from '@storage/meta-store';
import type { AuthContext } from '../auth/session';
import { hashToken, newToken } from '../auth/tokens';
import { publicLink } from '../config';
import { badRequest, conflict, notFound } from '../http/errors';

/** Invitation lifetime: 7 days in milliseconds. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type InvitationsResponse = z.infer<typeof invitationsResponse>;
type InviteResponse = z.infer<typeof inviteResponse>;

const adminUser = (u: User): AdminUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  roles: u.roles,
  disabled: u.disabled,
  createdAt: u.createdAt,
});

const invitationView = (i: InvitationRecord) => ({
  email: i.email,
  roles: i.roles,
  createdAt: i.createdAt,
  expiresAt: i.expiresAt,
  acceptedAt: i.acceptedAt,
});

/** Roles once each, in the order given. */
const uniqueRoles = (roles: Role[]): Role[] => [...new Set(roles)];

export class AdminService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
    /** PUBLIC_URL: the invite link is built on it; null answers the link as a path. */
    private readonly publicUrl: string | null,
  ) {}

  async listUsers(auth: AuthContext): Promise<{ items: AdminUser[]; total: number }> {
    const users = await this.meta.listUsers(auth.user.organisationId);
    return { items: users.map(adminUser), total: users.length };
  }

  /**
   * The invite link is built on the configured PUBLIC_URL, never on the request's Host header (a forged
   * header would send the invitee's token elsewhere); without one it is the path, for the web app to complete.
   */
  async invite(auth: AuthContext, email: string, roles: Role[]): Promise<InviteResponse> {
    if (await this.meta.findUserByEmail(email)) throw conflict(`${email} already has an account`);
    const token = newToken();
    const now = this.now();
    const record = {
      tokenHash: hashToken(token),
      organisationId: auth.user.organisationId,
      email,
      roles: uniqueRoles(roles),
      invitedBy: auth.user.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
    };
    await this.meta.createInvitation(record);
    return {
      invitation: invitationView({ ...record, acceptedAt: null }),
      inviteUrl: publicLink(this.publicUrl, `${INVITE_PATH}/${token}`),
    };
  }

  async listInvitations(auth: AuthContext): Promise<InvitationsResponse> {
    const items = await this.meta.listInvitations(auth.user.organisationId);
    return { items: items.map(invitationView), total: items.length };
  }

  async setRoles(auth: AuthContext, userId: number, roles: Role[]): Promise<AdminUser> {
    const target = await this.userOfOrganisation(auth, userId);
    const next = uniqueRoles(roles);
    if (target.id === auth.user.id && !next.includes('ROLE_ADMIN')) {
      throw badRequest('you cannot remove ROLE_ADMIN from yourself: ask another administrator to do it', {
        issues: [{ location: 'body', field: 'roles', message: 'must keep ROLE_ADMIN for your own account' }],
      });
    }
    await this.meta.setUserRoles(target.id, next);
    return adminUser({ ...target, roles: next });
  }

  /** Disabling also ends every session of the user at once. */
  async setDisabled(auth: AuthContext, userId: number, disabled: boolean): Promise<AdminUser> {
    const target = await this.userOfOrganisation(auth, userId);
    if (target.id === auth.user.id && disabled) {
      throw badRequest('you cannot disable your own account: ask another administrator to do it', {
        issues: [{ location: 'params', field: 'id', message: 'is your own account' }],
      });
    }
    await this.meta.setUserDisabled(target.id, disabled);
    if (disabled) await this.meta.deleteUserSessions(target.id);
    return adminUser({ ...target, disabled });
  }

  private async userOfOrganisation(auth: AuthContext, userId: number): Promise<User> {
    const user = await this.meta.getUser(userId);
    if (!user || user.organisationId !== auth.user.organisationId) throw notFound(`user ${userId}`);
    return user;
  }
}

// Sign-in use cases: password sign-in, sessions (14 days at most, ended sooner when idle), the signed-in
// user's profile, password change and accepting an invitation; new passwords must not be common ones.
// Failed sign-ins get one message whether the email or the password was wrong, and take the same time
// either way (argon2 runs against a dummy hash when no user matches).
import {
  AUTH_URLS,
  type AcceptInvitationRequest,
  type InvitationInfo,
  type MeResponse,
} from '@contracts/auth';
import { permissionFlags } from '@core/roles';
import type { MetaStore, SessionRecord } from '@storage/meta-store';
import { commonPasswordProblem, hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { LoginThrottle } from '../auth/login-throttle';
import { SESSION_TTL_MS, type AuthContext, type NewSession, type SessionAuth } from '../auth/session';
import { hashToken, newToken } from '../auth/tokens';
import { HttpError, badRequest, conflict, forbidden } from '../http/errors';
import { operatorOrganisationId } from './market-keys';

export const WRONG_CREDENTIALS = 'email or password is wrong';

/** A session's last use is written at most this often: 1 minute in milliseconds. */
const TOUCH_EVERY_MS = 60_000;

/** 400 `common_password` naming the body field when a new password is on the common-password list. */
async function refuseCommonPassword(password: string, field: string): Promise<void> {
  const problem = await commonPasswordProblem(password);
  if (problem !== null) {
    throw new HttpError(400, 'common_password', problem, {
      issues: [{ location: 'body', field, message: problem }],
    });
  }
}

export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
    /** A session unused for this long ends (SESSION_IDLE_MINUTES), in milliseconds. */
    private readonly idleMs: number,
  ) {
    this.throttle = new LoginThrottle(() => this.now().getTime());
  }

  /**
   * Signs in from client `address` (request.ip, as TRUST_PROXY lets Fastify read it). 429 while the address
   * and email, or the address across emails, has too many recent failures (login-throttle.ts).
   */
  async login(email: string, password: string, address: string): Promise<NewSession> {
    const blocked = this.throttle.check(address, email);
    if (blocked !== null) {
      const minutes = Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60));
      throw new HttpError(
        429,
        'rate_limited',
        blocked.scope === 'email'
          ? `too many failed sign-ins for this email: try again in ${minutes} minutes`
          : `too many failed sign-ins from your address: try again in ${minutes} minutes`,
        { retryAfterSeconds: blocked.retryAfterSeconds },
      );
    }
    const user = await this.meta.findUserByEmail(email);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) {
      this.throttle.failed(address, email);
      throw new HttpError(401, 'wrong_credentials', WRONG_CREDENTIALS);
    }
    this.throttle.succeeded(address, email);
    if (user.disabled) {
      throw forbidden(
        'account_disabled',
        'this account is disabled; ask an administrator of your organisation',
      );
    }
    await this.meta.purgeExpiredSessions(this.now().toISOString());
    const { passwordHash: _secret, ...plain } = user;
    return this.startSession(plain.id, plain);
  }

  /**
   * The session of a raw cookie token, when it exists, has not expired, has been used within the idle
   * timeout and its user is enabled. An idle session is deleted; a used one is touched at most once a minute
   * (TOUCH_EVERY_MS), so a burst of requests costs no writes.
   */
  async resolve(token: string): Promise<SessionAuth | null> {
    const session = await this.meta.getSession(hashToken(token));
    const now = this.now();
    if (!session || session.expiresAt <= now.toISOString()) return null;
    const idle = now.getTime() - Date.parse(session.lastSeenAt);
    if (idle >= this.idleMs) {
      await this.meta.deleteSession(session.idHash);
      return null;
    }
    const user = await this.meta.getUser(session.userId);
    if (!user || user.disabled) return null;
    if (idle >= TOUCH_EVERY_MS) {
      const at = now.toISOString();
      await this.meta.touchSession(session.idHash, at);
      return { via: 'session', user, session: { ...session, lastSeenAt: at } };
    }
    return { via: 'session', user, session };
  }

  async logout(token: string): Promise<void> {
    await this.meta.deleteSession(hashToken(token));
  }

  async me(auth: AuthContext): Promise<MeResponse> {
    const { user } = auth;
    const organisation = await this.meta.getOrganisation(user.organisationId);
    return {
      user: {
        id: user.id,
        organisationId: user.organisationId,
        organisationName: organisation?.name ?? '',
        email: user.email,
        name: user.name,
        roles: user.roles,
        operator: (await operatorOrganisationId(this.meta)) === user.organisationId,
      },
      permissions: permissionFlags(user.roles),
      // A token request sends no cookie, so there is nothing to forge and no CSRF token to hand out.
      csrfToken: auth.via === 'session' ? auth.session.csrfToken : '',
      authUrls: { ...AUTH_URLS },
    };
  }

  /** Changes the password and ends every session of the user; the caller gets a fresh session. */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<NewSession> {
    const user = await this.meta.findUserByEmail(auth.user.email);
    if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest('the current password is wrong', {
        issues: [{ location: 'body', field: 'currentPassword', message: 'the current password is wrong' }],
      });
    }
    if (currentPassword === newPassword) {
      throw badRequest('the new password is the same as the current one', {
        issues: [
          {
            location: 'body',
            field: 'newPassword',
            message: 'choose a password different from the current one',
          },
        ],
      });
    }
    await refuseCommonPassword(newPassword, 'newPassword');
    await this.meta.setPasswordHash(user.id, await hashPassword(newPassword));
    await this.meta.deleteUserSessions(user.id);
    return this.startSession(user.id, auth.user);
  }

  async invitationInfo(token: string): Promise<InvitationInfo> {
    const invitation = await this.openInvitation(token);
    const organisation = await this.meta.getOrganisation(invitation.organisationId);
    return {
      email: invitation.email,
      organisationName: organisation?.name ?? '',
      expiresAt: invitation.expiresAt,
    };
  }

  /** Creates the invited user with the invitation's roles and signs them in. */
  async acceptInvitation(req: AcceptInvitationRequest): Promise<NewSession> {
    const invitation = await this.openInvitation(req.token);
    if (await this.meta.findUserByEmail(invitation.email)) {
      throw conflict(`${invitation.email} already has an account: sign in instead`);
    }
    await refuseCommonPassword(req.password, 'password');
    const passwordHash = await hashPassword(req.password);
    const now = this.now().toISOString();
    const user = await this.meta.transaction(async (tx) => {
      const created = await tx.createUser({
        organisationId: invitation.organisationId,
        email: invitation.email,
        name: req.name,
        passwordHash,
        roles: invitation.roles,
        now,
      });
      await tx.markInvitationAccepted(invitation.tokenHash, now);
      return created;
    });
    return this.startSession(user.id, user);
  }

  private async openInvitation(token: string) {
    const invitation = await this.meta.getInvitation(hashToken(token));
    if (!invitation) {
      throw new HttpError(
        404,
        'not_found',
        'this invitation link is not valid: ask your administrator for a new one',
      );
    }
    if (invitation.acceptedAt !== null) {
      throw new HttpError(410, 'invitation_used', 'this invitation was already accepted: sign in instead');
    }
    if (invitation.expiresAt <= this.now().toISOString()) {
      throw new HttpError(
        410,
        'invitation_expired',
        'this invitation has expired: ask your administrator for a new one',
      );
    }
    return invitation;
  }

  private async startSession(userId: number, user: NewSession['user']): Promise<NewSession> {
    const token = newToken();
    const now = this.now();
    const session: SessionRecord = {
      idHash: hashToken(token),
      userId,
      csrfToken: newToken(),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      lastSeenAt: now.toISOString(),
    };
    await this.meta.createSession(session);
    return { token, session, user };
  }
}

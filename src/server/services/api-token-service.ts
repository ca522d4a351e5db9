// Personal access tokens (issue 25 part 6): a signed-in user makes, lists and revokes their own; every request
// sent with `Authorization: Bearer <secret>` is authenticated here. A token acts as its user as the user is
// now (roles, organisation, disabled or not), so an administrator's change applies to tokens at once. A bad,
// revoked or expired token and a disabled user's token are 401 with a message saying which and what to do.
import type {
  ApiTokenBody,
  ApiTokensResponse,
  CreateApiTokenRequest,
  CreateApiTokenResponse,
} from '@contracts/api-tokens';
import type { ApiToken } from '@storage/api-token-store';
import type { MetaStore } from '@storage/meta-store';
import type { AuthContext, TokenAuth } from '../auth/session';
import { hashToken, newToken } from '../auth/tokens';
import { HttpError, notFound } from '../http/errors';

/** Marks a Sightline secret, so a leaked one is easy to recognise (and to search for in code). */
export const API_TOKEN_PREFIX = 'slt_';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Uses are stamped at most this often per token, so a busy script does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const WHERE_TO_MAKE = 'create a new one from the account menu (API tokens)';

const refused = (code: string, message: string) => new HttpError(401, code, message);

export class ApiTokenService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {}

  /** The user a bearer secret acts for; throws 401 for a secret that opens nothing. */
  async authenticate(secret: string): Promise<TokenAuth> {
    const token = await this.meta.findApiTokenByHash(hashToken(secret));
    if (token === null) {
      throw refused(
        'token_invalid',
        `this API token is not valid (check that it was copied whole), or ${WHERE_TO_MAKE}`,
      );
    }
    if (token.revokedAt !== null) {
      throw refused('token_revoked', `this API token was revoked at ${token.revokedAt}; ${WHERE_TO_MAKE}`);
    }
    const now = this.now();
    if (token.expiresAt !== null && token.expiresAt <= now.toISOString()) {
      throw refused('token_expired', `this API token expired at ${token.expiresAt}; ${WHERE_TO_MAKE}`);
    }
    const user = await this.meta.getUser(token.userId);
    if (user === null || user.disabled) {
      throw refused(
        'account_disabled',
        'the account of this API token is disabled; ask an administrator of your organisation',
      );
    }
    const last = token.lastUsedAt === null ? null : Date.parse(token.lastUsedAt);
    if (last === null || now.getTime() - last >= TOUCH_INTERVAL_MS) {
      await this.meta.touchApiToken(token.id, now.toISOString());
    }
    return { via: 'token', user, token: { id: token.id, scope: token.scope } };
  }

  async list(auth: AuthContext): Promise<ApiTokensResponse> {
    const tokens = await this.meta.listApiTokens(auth.user.id);
    return { items: tokens.map((t) => this.body(t)) };
  }

  /** Makes a token; its secret is in this answer only. */
  async create(auth: AuthContext, req: CreateApiTokenRequest): Promise<CreateApiTokenResponse> {
    const secret = `${API_TOKEN_PREFIX}${newToken()}`;
    const now = this.now();
    const days = req.expiresInDays ?? null;
    const token = await this.meta.createApiToken(
      {
        userId: auth.user.id,
        name: req.name,
        tokenHash: hashToken(secret),
        scope: req.scope,
        expiresAt: days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString(),
      },
      now.toISOString(),
    );
    return { token: this.body(token), secret };
  }

  /** Revokes one of the user's own tokens (again: no change); another user's token is 404. */
  async revoke(auth: AuthContext, id: number): Promise<void> {
    const done = await this.meta.revokeApiToken(auth.user.id, id, this.now().toISOString());
    if (!done) throw notFound(`API token ${id}`);
  }

  private body(t: ApiToken): ApiTokenBody {
    const now = this.now().toISOString();
    return {
      id: t.id,
      name: t.name,
      scope: t.scope,
      createdAt: t.createdAt,
      expiresAt: t.expiresAt,
      lastUsedAt: t.lastUsedAt,
      revokedAt: t.revokedAt,
      status:
        t.revokedAt !== null ? 'revoked' : t.expiresAt !== null && t.expiresAt <= now ? 'expired' : 'active',
    };
  }
}

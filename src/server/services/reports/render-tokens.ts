// Short-lived signed tokens with which the server's own Chromium reads a generated report's print page as
// the user who asked for it: `slr_<payload>.<HMAC-SHA256>` (base64url), the payload naming the user and the
// expiry. Sent as `Authorization: Bearer`, a token acts as that user with read-only scope (GET only) until
// it expires (RENDER_TOKEN_TTL_MS); nothing is stored, and the key is derived from the server's secret key.
import { createHmac } from 'node:crypto';
import type { MetaStore } from '@storage/meta-store';
import type { TokenAuth } from '../../auth/session';
import { safeEqual } from '../../auth/tokens';
import { HttpError } from '../../http/errors';

export const RENDER_TOKEN_PREFIX = 'slr_';
/** Long enough for one report's capture and PDF (a demo report takes seconds), short enough to be useless after. */
export const RENDER_TOKEN_TTL_MS = 5 * 60 * 1000;

const refused = (message: string) => new HttpError(401, 'token_invalid', message);

export class RenderTokens {
  private readonly key: Buffer;

  constructor(
    secretKey: Buffer,
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {
    // A key of its own, so a render token's signature never doubles as anything the secret key signs.
    this.key = createHmac('sha256', secretKey).update('sightline report render tokens').digest();
  }

  issue(userId: number): string {
    const payload = Buffer.from(
      JSON.stringify({ u: userId, exp: this.now().getTime() + RENDER_TOKEN_TTL_MS }),
    ).toString('base64url');
    return `${RENDER_TOKEN_PREFIX}${payload}.${this.sign(payload)}`;
  }

  static isRenderToken(secret: string): boolean {
    return secret.startsWith(RENDER_TOKEN_PREFIX);
  }

  async authenticate(secret: string): Promise<TokenAuth> {
    const [payload, signature] = secret.slice(RENDER_TOKEN_PREFIX.length).split('.');
    if (payload === undefined || signature === undefined || !safeEqual(signature, this.sign(payload))) {
      throw refused('this report render token is not valid');
    }
    const { u, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u: number;
      exp: number;
    };
    if (exp <= this.now().getTime()) throw refused('this report render token has expired');
    const user = await this.meta.getUser(u);
    if (user === null || user.disabled) throw refused('the account of this report render token is disabled');
    return { via: 'token', user, token: { id: 0, scope: 'read' } };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

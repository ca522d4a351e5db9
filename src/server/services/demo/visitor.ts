// Who an anonymous demo visitor is: a random id in a cookie signed with HMAC-SHA256 under a key derived from
// the server's secret key, so a visitor cannot mint ids to reset their allowance; a missing, forged or
// malformed cookie gets a fresh id. The address is the backstop (search-counter.ts counts both).
import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../auth/tokens';

export const DEMO_COOKIE = 'sightline_demo';

export interface Visitor {
  id: string;
  address: string;
  /** The cookie value to set when the visitor had none (or a bad one); null when theirs is valid. */
  newCookie: string | null;
}

export class VisitorSigner {
  private readonly key: Buffer;

  /** @param secretKey the server's 32-byte secret key; the signing key is derived from it, never reused raw. */
  constructor(secretKey: Buffer) {
    this.key = createHmac('sha256', secretKey).update('sightline demo visitor cookie v1').digest();
  }

  private sign(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  /** The visitor of a request from its cookie value (if any) and its address. */
  identify(cookie: string | undefined, address: string): Visitor {
    if (cookie !== undefined) {
      const dot = cookie.indexOf('.');
      const id = cookie.slice(0, dot);
      if (dot > 0 && /^[A-Za-z0-9_-]{22}$/u.test(id) && safeEqual(cookie.slice(dot + 1), this.sign(id))) {
        return { id, address, newCookie: null };
      }
    }
    const id = randomBytes(16).toString('base64url');
    return { id, address, newCookie: `${id}.${this.sign(id)}` };
  }
}

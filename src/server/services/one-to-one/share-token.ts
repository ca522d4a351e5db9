// Signed share tokens of one-to-one links: `v1.{linkId}.{expiresAt in Unix seconds}.{HMAC-SHA256}` in
// base64url, the MAC under a key derived with HKDF-SHA256 from the server's secret key (SIGHTLINE_SECRET_KEY
// or DATA_DIR/secret.key) for this purpose only, so it is never the raw key nor the demo cookie's key. The
// token carries the link id and expiry; the stored row (revocation, scope) is checked by share-links.ts.
// A token is deterministic for a link, so the owner's list can show the address again.
import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../../auth/tokens';

const VERSION = 'v1';
const INFO = 'sightline one-to-one share link v1';

export interface ShareClaims {
  linkId: number;
  /** Expiry as Unix seconds. */
  expiresAt: number;
}

export class ShareTokenSigner {
  private readonly key: Buffer;

  /**
   * @param secretKey the server's 32-byte secret key; the MAC key is derived from it with HKDF.
   * @param purpose the HKDF info: each kind of link (dashboard links pass their own) gets its own key, so a
   *   token of one kind never verifies as the other's link of the same id.
   */
  constructor(secretKey: Buffer, purpose: string = INFO) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), purpose, 32));
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  sign(claims: ShareClaims): string {
    const body = `${VERSION}.${claims.linkId}.${claims.expiresAt}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a token this server signed; null for anything else (tampered, malformed, other key). */
  verify(token: string): ShareClaims | null {
    const m = /^(v1\.([1-9]\d{0,14})\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/u.exec(token);
    if (m === null || !safeEqual(m[4]!, this.mac(m[1]!))) return null;
    return { linkId: Number(m[2]), expiresAt: Number(m[3]) };
  }
}

// Secret tokens (session ids, CSRF tokens, invitation tokens) and their stored form. A token is 32 random
// bytes (256 bits) in base64url; stores keep only its SHA-256, so a leaked database opens no session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token as lower-case hex: the form in which sessions and invitations are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time string comparison (for CSRF tokens); different lengths compare unequal at once. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

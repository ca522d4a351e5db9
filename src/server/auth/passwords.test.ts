// Password hashing (argon2id, OWASP parameters) and the session/invitation token helpers.
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { hashToken, newToken, safeEqual } from './tokens';

describe('passwords', () => {
  it('hash with argon2id at the OWASP parameters and verify', async () => {
    const h = await hashPassword('correct horse battery staple');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(h, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('generate distinct 24-character one-time passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('tokens', () => {
  it('are 256-bit base64url and stored as SHA-256 hex', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compare equal only when identical', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

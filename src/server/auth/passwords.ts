// Password hashing with argon2id at the OWASP Password Storage Cheat Sheet parameters (19 MiB memory,
// 2 iterations, parallelism 1). Verification against a dummy hash when no user matches keeps the time of
// a failed sign-in the same whether or not the email exists. A new password (changed, accepted with an
// invitation, or the first admin's from the environment) must not be one of the common passwords that
// attackers try first: the 49,233 of zxcvbn-ts's common list (@zxcvbn-ts/language-common), any case.
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** OWASP minimum for argon2id: m = 19 MiB (in KiB), t = 2, p = 1. The library's default algorithm is argon2id. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; a malformed hash is a mismatch, not an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same work as a real verification, for sign-ins whose email matches no user; always false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A one-time password for the first admin: 18 random bytes, 24 base64url characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

let commonPasswords: Promise<Set<string>> | null = null;

/** The common-password list, lower case, loaded once on first use (about 100 ms and 10 MB). */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/** Why `password` may not be chosen — it is on the list of common passwords — or null when it may. */
export async function commonPasswordProblem(password: string): Promise<string | null> {
  const list = await loadCommonPasswords();
  return list.has(password.toLowerCase())
    ? 'this password is on the list of common passwords that attackers try first: choose another ' +
        '(a few unrelated words make a long password that is easy to remember)'
    : null;
}

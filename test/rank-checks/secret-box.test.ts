// API keys at rest: AES-256-GCM round trip, tamper detection, a wrong key or another organisation's context
// refused with a message saying what to do, and the key file created once with mode 0600.
import { mkdtempSync, readFileSync, rmSync, statSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SECRET_KEY_FILE,
  SecretBox,
  SecretKeyError,
  loadSecretKey,
} from '@server/services/rank-checks/secret-box';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const box = new SecretBox(Buffer.alloc(32, 1));
const CONTEXT = 'org:1/provider:serpapi';

describe('SecretBox', () => {
  it('round-trips a key; each seal differs (fresh IV) and holds no plaintext', () => {
    const a = box.seal('my-api-key-0001', CONTEXT);
    const b = box.seal('my-api-key-0001', CONTEXT);
    expect(a).not.toBe(b);
    expect(a).not.toContain('my-api-key');
    expect(a.startsWith('v1.')).toBe(true);
    expect(box.open(a, CONTEXT)).toBe('my-api-key-0001');
    expect(box.open(b, CONTEXT)).toBe('my-api-key-0001');
  });

  it('detects a changed ciphertext, tag or IV', () => {
    const sealed = box.seal('my-api-key-0001', CONTEXT);
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const p = [...parts];
      const bytes = Buffer.from(p[i]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      p[i] = bytes.toString('base64url');
      expect(() => box.open(p.join('.'), CONTEXT)).toThrow(SecretKeyError);
    }
    expect(() => box.open('not sealed', CONTEXT)).toThrow(/not a value this server encrypted/);
  });

  it('refuses a wrong key and another organisation’s context, saying to enter the key again', () => {
    const sealed = box.seal('my-api-key-0001', CONTEXT);
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed, CONTEXT)).toThrow(/enter the key again/);
    expect(() => box.open(sealed, 'org:2/provider:serpapi')).toThrow(SecretKeyError);
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

describe('loadSecretKey', () => {
  it('creates DATA_DIR/secret.key once with mode 0600 and reads the same key after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-secret-'));
    dirs.push(dir);
    const data = join(dir, 'data');
    const first = await loadSecretKey(null, data);
    const file = join(data, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    const again = await loadSecretKey(null, data);
    expect(again.equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    chmodSync(file, 0o644);
    await loadSecretKey(null, data);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses SIGHTLINE_SECRET_KEY when set and refuses one of the wrong length', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-secret-'));
    dirs.push(dir);
    const key = Buffer.alloc(32, 9);
    expect((await loadSecretKey(key.toString('base64'), dir)).equals(key)).toBe(true);
    await expect(loadSecretKey(Buffer.alloc(8).toString('base64'), dir)).rejects.toThrow(
      /SIGHTLINE_SECRET_KEY must hold 32 bytes/,
    );
  });
});

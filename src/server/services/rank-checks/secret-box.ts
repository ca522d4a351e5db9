// Encryption of SERP-provider API keys at rest: AES-256-GCM (node:crypto) with a fresh 96-bit IV per value
// and the organisation and provider as additional authenticated data, so a ciphertext copied onto another
// organisation's row does not decrypt. The 32-byte key comes from SIGHTLINE_SECRET_KEY (base64) or, when that
// is unset, from DATA_DIR/secret.key, generated once with mode 0600. Keep that file (or the variable) with the
// backups of the database: without it stored API keys cannot be read and must be entered again.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

function decodeKey(base64: string, where: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES)
    throw new SecretKeyError(`${where} must hold ${KEY_BYTES} bytes in base64 (it holds ${key.length})`);
  return key;
}

/**
 * The key that encrypts API keys: SIGHTLINE_SECRET_KEY when set, else DATA_DIR/secret.key, created with a
 * random key (mode 0600) when absent. Two processes starting at once agree: the file is created exclusively.
 */
export async function loadSecretKey(secretKey: string | null, dataDir: string): Promise<Buffer> {
  if (secretKey !== null) return decodeKey(secretKey, 'SIGHTLINE_SECRET_KEY');
  const file = join(dataDir, SECRET_KEY_FILE);
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

async function readKeyFile(file: string): Promise<Buffer> {
  const key = decodeKey(await readFile(file, 'utf8'), file);
  // A key readable by others is tightened rather than refused: the server owns the file.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return key;
}

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new SecretKeyError(`the secret key must be ${KEY_BYTES} bytes`);
  }

  /** `v1.{iv}.{tag}.{ciphertext}` (base64url parts) of the text, bound to `context`. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The text sealed with `context`; throws SecretKeyError when the key or the context differ. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || data === undefined)
      throw new SecretKeyError('not a value this server encrypted');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretKeyError(
        'the stored API key cannot be decrypted with this server’s secret key (was SIGHTLINE_SECRET_KEY or DATA_DIR/secret.key changed?); enter the key again',
      );
    }
  }
}

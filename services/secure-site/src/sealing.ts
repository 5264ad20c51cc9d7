/**
 * The embedded wallet's key at rest: AES-256-GCM under the operator key (PORTICO_SECURE_SITE_KEY), with the
 * user id as additional authenticated data, so a blob opens only with that key AND for that user (a blob
 * copied to another user's row does not open). Format `v1.<iv>.<ciphertext + tag>`, base64url, a fresh
 * 96-bit IV per seal. The operator key itself is 32 bytes, hex or base64.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const OPERATOR_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
/** Where development mode keeps its generated operator key, inside the data dir. */
export const DEVELOPMENT_KEY_FILE = 'operator-key.hex';

export const KEY_REQUIRED_IN_PRODUCTION =
  'portico secure site: PORTICO_SECURE_SITE_KEY is required in production (32 bytes, hex or base64, e.g. `openssl rand -hex 32`); it encrypts every embedded wallet key';
export const SEALED_UNREADABLE = 'The embedded wallet could not be opened';

/** 64 hex digits, or base64/base64url of 32 bytes. */
export const operatorKeySchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const bytes = /^[0-9a-fA-F]{64}$/.test(text)
      ? Buffer.from(text, 'hex')
      : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)
        ? Buffer.from(text, 'base64')
        : undefined;
    if (bytes?.length !== OPERATOR_KEY_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex digits or base64' });
      return z.NEVER;
    }
    return bytes;
  });

export function parseOperatorKey(text: string): Buffer {
  const parsed = operatorKeySchema.safeParse(text);
  if (!parsed.success) throw new Error(`PORTICO_SECURE_SITE_KEY: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * The operator key: the configured one; in development without one, the key kept in `dataDir` (generated
 * on first start, file mode 0600); in production without one, an error that stops the server.
 */
export async function loadOperatorKey(options: { key?: string; development: boolean; dataDir?: string }): Promise<Buffer> {
  if (options.key) return parseOperatorKey(options.key);
  if (!options.development) throw new Error(KEY_REQUIRED_IN_PRODUCTION);
  if (!options.dataDir) throw new Error('portico secure site: development mode without PORTICO_SECURE_SITE_KEY needs a data dir to keep its generated key');
  const file = join(options.dataDir, DEVELOPMENT_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (existing !== undefined) return parseOperatorKey(existing);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const fresh = randomBytes(OPERATOR_KEY_BYTES);
  // 'wx': two servers starting at once do not overwrite each other's key; the loser reads the winner's.
  await writeFile(file, `${fresh.toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return parseOperatorKey(await readFile(file, 'utf8'));
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** Encrypts `secret` for `userId`. */
export function seal(operatorKey: Buffer, secret: Uint8Array, userId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', operatorKey, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${b64(iv)}.${b64(body)}`;
}

/** Decrypts a blob sealed for `userId`; throws SEALED_UNREADABLE for any other key, user, format or a changed byte. */
export function open(operatorKey: Buffer, sealed: string, userId: string): Buffer {
  const [version, ivText, bodyText, ...rest] = sealed.split('.');
  if (version !== VERSION || !ivText || !bodyText || rest.length > 0) throw new Error(SEALED_UNREADABLE);
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== IV_BYTES || body.length <= TAG_BYTES) throw new Error(SEALED_UNREADABLE);
  try {
    const decipher = createDecipheriv('aes-256-gcm', operatorKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Error(SEALED_UNREADABLE);
  }
}

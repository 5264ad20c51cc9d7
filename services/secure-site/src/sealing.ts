/**
 * The embedded wallet's key at rest: AES-256-GCM under the operator key (PORTICO_SECURE_SITE_KEY), with the
 * user id as additional authenticated data, so a blob opens only with that key AND for that user (a blob
 * copied to another user's row does not open). Format `v2.<key id>.<iv>.<ciphertext + tag>`, base64url, a fresh
 * 96-bit IV per seal; the key id (a digest of the operator key, never the key) names the key a blob needs, so
 * during a rotation (PORTICO_SECURE_SITE_PREVIOUS_KEY) each blob opens with its own key. Blobs from before the
 * key id (`v1.<iv>.<ciphertext + tag>`) try the current key, then the previous one. The operator key itself is
 * 32 bytes, hex or base64.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const OPERATOR_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Blobs with a key id; `v1` blobs (no key id) still open. */
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
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

/** The previous operator key during a rotation: blobs sealed under it open until its grace ends. */
export interface PreviousOperatorKey {
  key: Buffer;
  until: Date;
}

/** The key a server seals with and, during a rotation, the one before it. */
export interface OperatorKeys {
  current: Buffer;
  previous?: PreviousOperatorKey;
}

/** One key (no rotation under way) or a rotation's keys. */
export type OperatorKey = Buffer | OperatorKeys;

const keysOf = (key: OperatorKey): OperatorKeys => (Buffer.isBuffer(key) ? { current: key } : key);

/** PORTICO_SECURE_SITE_PREVIOUS_KEY: `<the previous key>@<ISO 8601 time its grace ends>`. */
export const previousOperatorKeySchema = z
  .string()
  .trim()
  .regex(/^[^@]+@[^@]+$/, 'must be <previous key>@<ISO 8601 time the grace ends>, e.g. 9f…e1@2026-12-31T00:00:00Z')
  .transform((text, ctx) => {
    const [keyText, untilText] = text.split('@') as [string, string];
    const key = operatorKeySchema.safeParse(keyText);
    const until = z.iso.datetime({ offset: true }).safeParse(untilText);
    if (!key.success) ctx.addIssue({ code: 'custom', message: `the previous key ${key.error.issues[0]?.message}` });
    if (!until.success) ctx.addIssue({ code: 'custom', message: 'the grace end must be an ISO 8601 time, e.g. 2026-12-31T00:00:00Z' });
    return key.success && until.success ? { key: key.data, until: new Date(until.data) } : z.NEVER;
  });

/** The key id blobs carry: the first 8 bytes of the key's SHA-256 with a label, base64url (11 characters). */
export function operatorKeyId(key: Buffer): string {
  return createHash('sha256').update('portico operator key id\0').update(key).digest().subarray(0, 8).toString('base64url');
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** Encrypts `secret` for `userId` under the current operator key, naming it. */
export function seal(operatorKey: OperatorKey, secret: Uint8Array, userId: string): string {
  const { current } = keysOf(operatorKey);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${operatorKeyId(current)}.${b64(iv)}.${b64(body)}`;
}

function decrypt(key: Buffer, iv: Buffer, body: Buffer, userId: string): Buffer | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/**
 * The keys a blob may open with: the one its key id names (v2), else the current then the previous (v1). The
 * previous key only until its grace ends; a blob needing it after that fails saying so.
 */
function candidateKeys(keys: OperatorKeys, keyId: string | undefined, now: Date): Buffer[] {
  const previousLive = keys.previous && keys.previous.until > now ? keys.previous.key : undefined;
  if (keyId === undefined) return previousLive ? [keys.current, previousLive] : [keys.current];
  if (keyId === operatorKeyId(keys.current)) return [keys.current];
  if (keys.previous && keyId === operatorKeyId(keys.previous.key)) {
    if (previousLive) return [previousLive];
    throw new Error(`${SEALED_UNREADABLE}: sealed under the previous operator key ${keyId}, whose grace ended at ${keys.previous.until.toISOString()}`);
  }
  throw new Error(`${SEALED_UNREADABLE}: sealed under operator key ${keyId}, which this server does not have`);
}

/**
 * Decrypts a blob sealed for `userId`; throws SEALED_UNREADABLE (with why, when the key is the reason) for any
 * other key, user, format or a changed byte.
 */
export function open(operatorKey: OperatorKey, sealed: string, userId: string, now = new Date()): Buffer {
  const parts = sealed.split('.');
  const [version] = parts;
  const legacy = version === LEGACY_VERSION && parts.length === 3;
  if (!legacy && !(version === VERSION && parts.length === 4)) throw new Error(SEALED_UNREADABLE);
  const [keyId, ivText, bodyText] = legacy ? [undefined, parts[1]!, parts[2]!] : [parts[1]!, parts[2]!, parts[3]!];
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== IV_BYTES || body.length <= TAG_BYTES) throw new Error(SEALED_UNREADABLE);
  for (const key of candidateKeys(keysOf(operatorKey), keyId, now)) {
    const opened = decrypt(key, iv, body, userId);
    if (opened) return opened;
  }
  throw new Error(SEALED_UNREADABLE);
}

/** The blob sealed again under the current key, or `undefined` when it already is (a rotation's re-seal). */
export function reseal(keys: OperatorKeys, sealed: string, userId: string, now = new Date()): string | undefined {
  if (sealed.startsWith(`${VERSION}.${operatorKeyId(keys.current)}.`)) return undefined;
  return seal(keys, open(keys, sealed, userId, now), userId);
}

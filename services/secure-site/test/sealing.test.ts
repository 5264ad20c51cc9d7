import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from '@rstest/core';
import { createCipheriv } from 'node:crypto';
import {
  DEVELOPMENT_KEY_FILE,
  KEY_REQUIRED_IN_PRODUCTION,
  loadOperatorKey,
  open,
  operatorKeyId,
  parseOperatorKey,
  previousOperatorKeySchema,
  reseal,
  seal,
  SEALED_UNREADABLE,
} from '../src/sealing';
import { startSecureSite } from '../src/server';

const key = randomBytes(32);
const secret = randomBytes(32);

describe('sealing (AES-256-GCM, user id as AAD)', () => {
  test('round trip; a fresh IV each time', () => {
    const a = seal(key, secret, 'user-1');
    const b = seal(key, secret, 'user-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2\.[\w-]{11}\.[\w-]{16}\.[\w-]+$/);
    expect(a.split('.')[1]).toBe(operatorKeyId(key));
    expect(open(key, a, 'user-1').equals(secret)).toBe(true);
  });

  test('a changed byte, another user, another key, another format: refused', () => {
    const sealed = seal(key, secret, 'user-1');
    const [v, id, iv, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(() => open(key, `${v}.${id}.${iv}.${flipped.toString('base64url')}`, 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, sealed, 'user-2')).toThrow(SEALED_UNREADABLE);
    expect(() => open(randomBytes(32), sealed, 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, sealed.replace(/^v2/, 'v3'), 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, `${v}.${operatorKeyId(randomBytes(32))}.${iv}.${body}`, 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, `${sealed}.x`, 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, 'v1.AAAA.BBBB', 'user-1')).toThrow(SEALED_UNREADABLE);
  });

  test('operator key: 64 hex digits or base64 of 32 bytes; anything else refused', () => {
    expect(parseOperatorKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseOperatorKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseOperatorKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseOperatorKey('abc')).toThrow('PORTICO_SECURE_SITE_KEY: must be 32 bytes as 64 hex digits or base64');
    expect(() => parseOperatorKey(randomBytes(16).toString('hex'))).toThrow('must be 32 bytes');
  });

  test('production without a key refuses to start; development keeps a generated key in its data dir', async () => {
    await expect(startSecureSite({ apiUrl: 'http://127.0.0.1:1', port: 0 })).rejects.toThrow(KEY_REQUIRED_IN_PRODUCTION);
    await expect(loadOperatorKey({ development: false })).rejects.toThrow(KEY_REQUIRED_IN_PRODUCTION);
    const dataDir = await mkdtemp(join(tmpdir(), 'secure-site-'));
    try {
      const first = await loadOperatorKey({ development: true, dataDir });
      const again = await loadOperatorKey({ development: true, dataDir });
      expect(first.length).toBe(32);
      expect(again.equals(first)).toBe(true);
      expect((await readFile(join(dataDir, DEVELOPMENT_KEY_FILE), 'utf8')).trim()).toBe(first.toString('hex'));
      expect((await stat(join(dataDir, DEVELOPMENT_KEY_FILE))).mode & 0o777).toBe(0o600);
      // A configured key wins over the file.
      expect((await loadOperatorKey({ development: true, dataDir, key: key.toString('hex') })).equals(key)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** A blob in the format from before key ids (`v1.<iv>.<ciphertext + tag>`), as stored wallets still hold it. */
function sealV1(operatorKey: Buffer, bytes: Buffer, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', operatorKey, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  return `v1.${iv.toString('base64url')}.${Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()]).toString('base64url')}`;
}

describe('operator key rotation (PORTICO_SECURE_SITE_PREVIOUS_KEY)', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const graceEnd = new Date('2026-12-06T00:00:00Z');
  const duringGrace = new Date('2026-12-01T00:00:00Z');
  const afterGrace = new Date('2026-12-06T00:00:01Z');
  const rotation = { current: newKey, previous: { key: oldKey, until: graceEnd } };

  test('the key id picks the key: old blobs open with the old key during the grace, new ones are sealed under the new key', () => {
    const old = seal(oldKey, secret, 'user-1');
    expect(open(rotation, old, 'user-1', duringGrace).equals(secret)).toBe(true);
    const fresh = seal(rotation, secret, 'user-1');
    expect(fresh.split('.')[1]).toBe(operatorKeyId(newKey));
    expect(open(rotation, fresh, 'user-1', duringGrace).equals(secret)).toBe(true);
    expect(() => open(oldKey, fresh, 'user-1')).toThrow(`sealed under operator key ${operatorKeyId(newKey)}, which this server does not have`);
  });

  test('after the grace a blob sealed with the old key fails, naming the key and when its grace ended', () => {
    const old = seal(oldKey, secret, 'user-1');
    expect(() => open(rotation, old, 'user-1', afterGrace)).toThrow(
      `${SEALED_UNREADABLE}: sealed under the previous operator key ${operatorKeyId(oldKey)}, whose grace ended at 2026-12-06T00:00:00.000Z`,
    );
    expect(open(rotation, seal(rotation, secret, 'user-1'), 'user-1', afterGrace).equals(secret)).toBe(true);
  });

  test('blobs without a key id try the new key, then the old one while its grace lasts', () => {
    expect(open(rotation, sealV1(newKey, secret, 'user-1'), 'user-1', duringGrace).equals(secret)).toBe(true);
    expect(open(rotation, sealV1(oldKey, secret, 'user-1'), 'user-1', duringGrace).equals(secret)).toBe(true);
    expect(() => open(rotation, sealV1(oldKey, secret, 'user-1'), 'user-1', afterGrace)).toThrow(SEALED_UNREADABLE);
    expect(() => open(rotation, sealV1(oldKey, secret, 'user-1'), 'user-2', duringGrace)).toThrow(SEALED_UNREADABLE);
  });

  test('re-sealing moves a blob under the new key (still bound to its user); one already there is left alone', () => {
    const moved = reseal(rotation, seal(oldKey, secret, 'user-1'), 'user-1', duringGrace)!;
    expect(moved.split('.')[1]).toBe(operatorKeyId(newKey));
    expect(open(newKey, moved, 'user-1').equals(secret)).toBe(true);
    expect(() => open(newKey, moved, 'user-2')).toThrow(SEALED_UNREADABLE);
    expect(reseal(rotation, moved, 'user-1', duringGrace)).toBeUndefined();
    expect(open(newKey, reseal(rotation, sealV1(oldKey, secret, 'user-1'), 'user-1', duringGrace)!, 'user-1').equals(secret)).toBe(true);
    expect(() => reseal(rotation, seal(oldKey, secret, 'user-1'), 'user-1', afterGrace)).toThrow('whose grace ended');
  });

  test('PORTICO_SECURE_SITE_PREVIOUS_KEY: <key>@<ISO time>', () => {
    const parsed = previousOperatorKeySchema.parse(`${oldKey.toString('hex')}@2026-12-06T00:00:00Z`);
    expect(parsed.key.equals(oldKey)).toBe(true);
    expect(parsed.until.toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(previousOperatorKeySchema.safeParse(oldKey.toString('hex')).error?.issues[0]?.message).toMatch(/^must be <previous key>@<ISO 8601 time/);
    expect(previousOperatorKeySchema.safeParse('abc@2026-12-06T00:00:00Z').error?.issues[0]?.message).toBe('the previous key must be 32 bytes as 64 hex digits or base64');
    expect(previousOperatorKeySchema.safeParse(`${oldKey.toString('hex')}@next week`).error?.issues[0]?.message).toMatch(/^the grace end must be an ISO 8601 time/);
  });
});

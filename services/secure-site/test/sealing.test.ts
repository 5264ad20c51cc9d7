import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from '@rstest/core';
import { DEVELOPMENT_KEY_FILE, KEY_REQUIRED_IN_PRODUCTION, loadOperatorKey, open, parseOperatorKey, seal, SEALED_UNREADABLE } from '../src/sealing';
import { startSecureSite } from '../src/server';

const key = randomBytes(32);
const secret = randomBytes(32);

describe('sealing (AES-256-GCM, user id as AAD)', () => {
  test('round trip; a fresh IV each time', () => {
    const a = seal(key, secret, 'user-1');
    const b = seal(key, secret, 'user-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(open(key, a, 'user-1').equals(secret)).toBe(true);
  });

  test('a changed byte, another user, another key, another format: refused', () => {
    const sealed = seal(key, secret, 'user-1');
    const [v, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(() => open(key, `${v}.${iv}.${flipped.toString('base64url')}`, 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, sealed, 'user-2')).toThrow(SEALED_UNREADABLE);
    expect(() => open(randomBytes(32), sealed, 'user-1')).toThrow(SEALED_UNREADABLE);
    expect(() => open(key, sealed.replace(/^v1/, 'v2'), 'user-1')).toThrow(SEALED_UNREADABLE);
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

/**
 * `portico-admin session-key rotate` (src/sessions/keys.ts, migration 021) against a running API that started before
 * the rotation, as a replica not yet restarted would be: the JWKS publishes both keys during the grace, tokens of
 * the old key (sign-in and embedded) verify until the grace ends and then not, and the new key's tokens verify at once.
 */
import { generateKeyPairSync } from 'node:crypto';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, createRemoteJWKSet, jwtVerify, type JWK } from 'jose';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { runAdmin } from '../src/admin/cli';
import { embeddedSessionId, signEmbeddedJwt } from '../src/auth/token';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import type { RunningApi } from '../src/server';
import { loadSigningKey, signSessionJwt, type SigningKey } from '../src/sessions/keys';
import { getJson, PROJECT, start, testDatabase, type TestDatabase } from './helpers';

const PAGE = 'http://127.0.0.1:3000';
const account = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');

let database: TestDatabase;
let api: RunningApi;
let dir: string;

beforeAll(async () => {
  database = await testDatabase();
  api = await start({ ...database.options, development: true });
  dir = await mkdtemp(join(tmpdir(), 'portico-admin-'));
});

afterAll(async () => {
  await api?.close();
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** The CLI on `db`: its exit code and its JSON answer (or its stderr). */
async function admin(argv: string[], db = api.db, env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = await runAdmin(argv, { env, db, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, body: out ? JSON.parse(out) : undefined, err };
}

let sessions = 0;
/** A stored sign-in session and its token signed with `key`, as POST /v1/sessions makes them. */
async function signInToken(key: SigningKey): Promise<string> {
  const id = `rotation-${sessions++}`;
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + 3_600_000);
  const nonce = `${id}nonce`.replace(/-/g, '');
  const message = createSiweMessage({ address: account.address, chainId: 31337, domain: '127.0.0.1:3000', nonce, uri: PAGE, version: '1', issuedAt });
  await api.db.query(
    `INSERT INTO siwx_sessions (id, project_id, address, chain_id, domain, uri, nonce, message, signature, issued_at, expires_at)
     VALUES ($1, $2, $3, 'eip155:31337', '127.0.0.1:3000', $4, $5, $6, $7, $8, $9)`,
    [id, PROJECT, account.address.toLowerCase(), PAGE, nonce, message, await account.signMessage({ message }), issuedAt.toISOString(), expiresAt.toISOString()],
  );
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  return signSessionJwt(key, { sub: `eip155:31337:${account.address}`, iss: api.url, aud: PAGE, iat: seconds(issuedAt), exp: seconds(expiresAt), jti: id });
}

const embeddedToken = (key: SigningKey, jti: string) =>
  signEmbeddedJwt(key, {
    sub: 'user-1',
    authProvider: 'email',
    deviceId: 'device-1',
    projectId: PROJECT,
    cnf: { jkt: 'jkt' },
    jti,
    iss: api.url,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3_600,
  });

const verify = (token: string) =>
  getJson(`${api.url}/v1/sessions/verify?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: PAGE },
    body: JSON.stringify({ token }),
  });
const jwksKids = async () => ((await getJson<{ keys: JWK[] }>(`${api.url}/.well-known/jwks.json`)).body.keys.map((k) => k.kid!)).sort();
/** The secure site's check of an embedded token (services/secure-site/src/vault.ts) against the API's JWKS. */
const secureSiteCheck = (token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL('/.well-known/jwks.json', api.url)), { algorithms: ['ES256'], audience: 'portico-embedded', typ: 'portico-embedded+jwt' });

describe('session-key rotate', () => {
  test('both keys during the grace; the old key’s tokens verify until it ends, then not', async () => {
    const old = (await loadSigningKey(api.db, { development: true }))!;
    const oldSignIn = await signInToken(old);
    const oldEmbedded = await embeddedToken(old, 'embedded-old');
    expect(await jwksKids()).toEqual([old.kid, old.embedded.kid].sort());
    expect((await verify(oldSignIn)).status).toBe(200);

    const rotated = await admin(['session-key', 'rotate', '--grace', '4s']);
    expect(rotated.code).toBe(0);
    expect(rotated.body.retiredKid).toBe(old.kid);
    const next = (await loadSigningKey(api.db, { development: true }))!;
    expect(next.kid).toBe(rotated.body.kid);
    // The key a rotation put in use wins over a configured one: every replica signs with the same key after restarting.
    const configured = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect((await loadSigningKey(api.db, { signingKey: configured, development: false }))!.kid).toBe(next.kid);

    // The running API started before the rotation: the new kid makes it read the keys again.
    const newSignIn = await signInToken(next);
    expect((await verify(newSignIn)).status).toBe(200);
    expect(await jwksKids()).toEqual([old.kid, old.embedded.kid, next.kid, next.embedded.kid].sort());
    expect((await verify(oldSignIn)).status).toBe(200);
    expect(await embeddedSessionId(next, oldEmbedded)).toBe('embedded-old');
    expect((await secureSiteCheck(oldEmbedded)).payload.jti).toBe('embedded-old');
    expect((await admin(['session-key', 'status'])).body).toEqual([
      { kid: next.kid, inUse: true },
      { kid: old.kid, inUse: false, verifyUntil: rotated.body.verifyUntil },
    ]);

    await new Promise((r) => setTimeout(r, Math.max(0, new Date(rotated.body.verifyUntil).getTime() - Date.now()) + 200));
    expect(await verify(oldSignIn)).toMatchObject({ status: 401, body: { error: 'Invalid token' } });
    expect((await verify(newSignIn)).status).toBe(200);
    expect(await jwksKids()).toEqual([next.kid, next.embedded.kid].sort());
    await expect(embeddedSessionId(next, oldEmbedded)).rejects.toThrow();
    await expect(secureSiteCheck(oldEmbedded)).rejects.toThrow();
    expect(await embeddedSessionId(next, await embeddedToken(next, 'embedded-new'))).toBe('embedded-new');
  });

  test('a given new key; the key in use again, or a bad grace, is refused', async () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const file = join(dir, 'next.pem');
    await writeFile(file, key.export({ format: 'pem', type: 'pkcs8' }));
    const rotated = await admin(['session-key', 'rotate', '--key-file', file, '--grace', '1h']);
    expect(rotated.code).toBe(0);
    expect(rotated.body.kid).toBe(await calculateJwkThumbprint(key.export({ format: 'jwk' }) as JWK));
    expect(await admin(['session-key', 'rotate', '--key-file', file])).toMatchObject({ code: 1, err: 'portico-admin: session key: the new key is the key in use\n' });
    expect((await admin(['session-key', 'rotate', '--grace', 'a week'])).err).toContain('--grace: must be a number and a unit: s, m, h or d (e.g. 7d)');
    expect((await admin(['session-key', 'rotate', '--key-file', join(dir, 'missing.pem')])).err).toContain(`--key-file: cannot read ${join(dir, 'missing.pem')} (ENOENT)`);
  });
});

describe('session-key rotate on a production database (the key in the environment)', () => {
  test('needs the key in use, then retires exactly it', async () => {
    const own = await testDatabase();
    const db = await openDb(own.options);
    try {
      await migrate(db);
      expect(await admin(['session-key', 'rotate'], db)).toMatchObject({
        code: 1,
        err: 'portico-admin: session key: no key in use to retire; pass the key the API runs with (--current-key-file or PORTICO_API_SESSION_KEY)\n',
      });
      const inUse = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const rotated = await admin(['session-key', 'rotate'], db, { PORTICO_API_SESSION_KEY: inUse.export({ format: 'pem', type: 'pkcs8' }).toString() });
      expect(rotated.code).toBe(0);
      expect(rotated.body.retiredKid).toBe(await calculateJwkThumbprint(inUse.export({ format: 'jwk' }) as JWK));
      // Only the new key's private half is stored; the retired key keeps its public halves.
      const { rows } = await db.query<{ kid: string; has_private: boolean }>(`SELECT kid, private_jwk IS NOT NULL AS has_private FROM signing_keys ORDER BY has_private`);
      expect(rows).toEqual([
        { kid: rotated.body.retiredKid, has_private: false },
        { kid: rotated.body.kid, has_private: true },
      ]);
    } finally {
      await db.close();
      await own.drop();
    }
  });
});

/**
 * portico-admin (src/admin): projects and their origins as the API then answers them, the rate-limit and mail-cap
 * state after real logins, a person's data exported and deleted (nothing of them left in any table, the others'
 * rows kept), the secure site's operator key rotated and every wallet re-sealed, and the binary itself.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from '@rstest/core';
import { open, operatorKeyId, seal } from '@portico/secure-site/src/sealing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { runAdmin } from '../src/admin/cli';
import type { Db } from '../src/db/client';
import { provenWallet, useAuthApi, type SignedIn } from './auth-helpers';
import { getJson, PROJECT, TEST_DATABASE_URL, testDatabase } from './helpers';

const t = useAuthApi();

async function admin(argv: string[], env: Record<string, string> = {}, db: Db = t.api.db) {
  let out = '';
  let err = '';
  const code = await runAdmin(argv, { env, db, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, body: out ? JSON.parse(out) : undefined, err };
}

/** A call from a page at `origin` to a project-scoped route. */
const fromPage = (projectId: string, origin: string) => getJson(`${t.api.url}/v1/wallets?projectId=${projectId}&entries=1`, { headers: { Origin: origin } });

describe('projects', () => {
  test('create with wildcard origins; the API admits exactly what the patterns say; set-origins replaces them', async () => {
    const created = await admin(['projects', 'create', 'shop', '--origin', 'https://*.shop.example', '--origin', 'http://localhost:*']);
    expect(created).toMatchObject({ code: 0, body: { projectId: 'shop', allowedOrigins: ['https://*.shop.example', 'http://localhost:*'], analyticsEnabled: false } });
    expect((await admin(['projects', 'list'])).body.map((p: { projectId: string }) => p.projectId)).toContain('shop');
    expect((await fromPage('shop', 'https://app.shop.example')).status).toBe(200);
    expect((await fromPage('shop', 'http://localhost:5173')).status).toBe(200);
    expect((await fromPage('shop', 'https://shop.example.evil.test')).status).toBe(403);
    expect((await admin(['projects', 'check-origin', 'shop', 'https://app.shop.example'])).body).toEqual({
      origin: 'https://app.shop.example',
      allowed: true,
      matchedBy: ['https://*.shop.example'],
    });
    expect((await admin(['projects', 'check-origin', 'shop', 'https://shop.example'])).body).toMatchObject({ allowed: false, matchedBy: [] });

    expect((await admin(['projects', 'set-origins', 'shop', '--origin', 'https://checkout.example'])).body.allowedOrigins).toEqual(['https://checkout.example']);
    expect((await fromPage('shop', 'https://app.shop.example')).status).toBe(403);
    expect((await fromPage('shop', 'https://checkout.example')).status).toBe(200);
    expect((await admin(['projects', 'set-origins', 'shop', '--none'])).body.allowedOrigins).toEqual([]);
    expect((await fromPage('shop', 'https://checkout.example')).status).toBe(403);
  });

  test('refusals name what is wrong', async () => {
    expect(await admin(['projects', 'create', 'shop2', '--origin', 'https://app.example/path'])).toMatchObject({
      code: 1,
      err: 'portico-admin: origin https://app.example/path: an origin such as https://app.example.com, https://*.example.com or http://localhost:*\n',
    });
    expect((await admin(['projects', 'create', 'bad id!'])).err).toBe('portico-admin: project projectId: letters, digits, - and _ (1-64), starting with a letter or digit\n');
    await admin(['projects', 'create', 'twice']);
    expect((await admin(['projects', 'create', 'twice'])).err).toBe('portico-admin: project twice already exists (projects set-origins changes its origins)\n');
    expect((await admin(['projects', 'set-origins', 'nowhere', '--none'])).err).toBe('portico-admin: project nowhere does not exist (projects list shows them)\n');
    expect(await admin(['projects', 'set-origins', 'twice'])).toMatchObject({ code: 2, err: expect.stringContaining('give the origins (--origin, repeated) or --none') });
    expect(await admin(['projects', 'create'])).toMatchObject({ code: 2, err: expect.stringContaining('expected 1 argument(s)') });
    expect(await admin(['projects', 'list', '--colour'])).toMatchObject({ code: 2, err: expect.stringContaining("Unknown option '--colour'") });
    expect(await admin(['projects', 'rename'])).toMatchObject({ code: 2, err: expect.stringContaining("unknown command 'projects rename'") });
  });
});

describe('limits show', () => {
  test('the login-mail throttle and, on PostgreSQL, the counters and mail caps of an address', async () => {
    const email = 'limits@example.com';
    await t.client.signIn(email);
    const { code, body } = await admin(['limits', 'show', '--email', email]);
    expect(code).toBe(0);
    expect(body.mailThrottle).toEqual([{ email, clientIp: expect.any(String), lastSentAt: expect.any(String) }]);
    expect(body.countersStored).toBe(Boolean(TEST_DATABASE_URL));
    if (TEST_DATABASE_URL) {
      const hash = createHash('sha256').update(email).digest('hex');
      // Two mails from this IP (the link, then the code); the code went to an approved browser, past the address's ceiling.
      expect(body.counters).toEqual([
        { limiter: 'auth-mail-email-ip', key: `${hash}:127.0.0.1`, points: 2, resetsAt: expect.any(String) },
        { limiter: 'auth-mail', key: hash, points: 1, resetsAt: expect.any(String) },
      ]);
      const all = (await admin(['limits', 'show', '--limiter', 'auth-ip'])).body.counters;
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((c: { limiter: string }) => c.limiter === 'auth-ip')).toBe(true);
    } else {
      expect(body.counters).toEqual([]);
    }
  });
});

/** Every table row whose text holds `needle` (case-insensitive), as `table: count`: what is left of a person. */
async function rowsMentioning(needle: string): Promise<Record<string, number>> {
  const { rows: tables } = await t.api.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await t.api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table_name} t WHERE strpos(lower(t::text), lower($1)) > 0`, [needle]);
    if (rows[0]!.n > 0) found[table_name] = rows[0]!.n;
  }
  return found;
}

describe('users export and delete', () => {
  const aliceKey = generatePrivateKey();
  const alice = { email: 'gdpr-alice@example.com', address: privateKeyToAccount(aliceKey).address };
  const bob = { email: 'gdpr-bob@example.com' };
  let aliceIn: SignedIn;
  let bobIn: SignedIn;

  beforeAll(async () => {
    aliceIn = await t.client.signIn(alice.email);
    bobIn = await t.client.signIn(bob.email);
    // Her embedded wallet, stored as the secure site stores it.
    const put = await getJson(`${t.api.url}/v1/auth/wallet?projectId=${PROJECT}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${aliceIn.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(await provenWallet(aliceIn.user.id, aliceKey, `v1.${'A'.repeat(16)}.${'B'.repeat(64)}`)),
    });
    expect(put.status).toBe(201);
    // What her wallet's address did elsewhere: a sign-in, a name, an on-ramp purchase, an analytics event naming it.
    const db = t.api.db;
    await db.query(
      `INSERT INTO siwx_sessions (id, project_id, address, chain_id, domain, uri, nonce, message, signature, issued_at, expires_at)
       VALUES ('gdpr-session', $1, $2, 'eip155:1', 'example.com', 'https://example.com', 'gdprnonce1', 'message', '0x', now(), now() + interval '1 day')`,
      [PROJECT, alice.address.toLowerCase()],
    );
    await db.query(`INSERT INTO names (name, address) VALUES ('gdpr-alice.portico.eth', $1)`, [alice.address]);
    await db.query(
      `INSERT INTO onramp_sessions (id, project_id, provider, partner_user_id, address, chain_id, asset, expires_at)
       VALUES ('gdpr-onramp', $1, 'demo', 'partner', $2, 'eip155:1', 'ETH', now() + interval '1 hour')`,
      [PROJECT, alice.address],
    );
    await db.query(
      `INSERT INTO analytics_events (project_id, event_id, url, domain, event_time, props) VALUES ($1, 'gdpr-event', 'https://example.com/', 'example.com', now(), $2::jsonb)`,
      [PROJECT, JSON.stringify({ event: 'CONNECT_SUCCESS', address: alice.address })],
    );
  });

  test('export: every table holding her rows, as JSON; delete: one transaction, after which nothing of her remains', async () => {
    const exported = await admin(['users', 'export', '--email', alice.email]);
    expect(exported.code).toBe(0);
    expect(Object.keys(exported.body.tables).sort()).toEqual(
      ['analytics_events', 'auth_codes', 'auth_device_tokens', 'auth_devices', 'auth_email_throttle', 'auth_sessions', 'auth_users', 'embedded_wallets', 'names', 'onramp_sessions', 'siwx_sessions', ...(TEST_DATABASE_URL ? ['rate_limits'] : [])].sort(),
    );
    expect(exported.body.tables.auth_users).toEqual([expect.objectContaining({ id: aliceIn.user.id, email: alice.email })]);
    // Named by her wallet's address or her user id, she is the same person.
    expect((await admin(['users', 'export', '--address', alice.address])).body.tables).toEqual(exported.body.tables);
    expect((await admin(['users', 'export', '--user', aliceIn.user.id])).body.tables).toEqual(exported.body.tables);

    expect(await admin(['users', 'delete', '--email', alice.email])).toMatchObject({ code: 2, err: expect.stringContaining('add --yes') });
    expect(Object.keys(await rowsMentioning(alice.email)).length).toBeGreaterThan(0);

    const deleted = await admin(['users', 'delete', '--email', alice.email, '--yes']);
    expect(deleted.code).toBe(0);
    expect(Object.keys(deleted.body.deleted).sort()).toEqual(Object.keys(exported.body.tables).sort());
    for (const needle of [alice.email, aliceIn.user.id, alice.address, aliceIn.deviceId, createHash('sha256').update(alice.email).digest('hex')]) {
      expect({ needle, rows: await rowsMentioning(needle) }).toEqual({ needle, rows: {} });
    }
    // Her session token is dead, bob's lives on with all his rows.
    expect((await t.client.session(aliceIn.token)).status).toBe(401);
    expect((await t.client.session(bobIn.token)).status).toBe(200);
    expect(Object.keys(await rowsMentioning(bobIn.user.id))).toEqual(expect.arrayContaining(['auth_users', 'auth_sessions']));
    expect(await admin(['users', 'export', '--email', alice.email])).toMatchObject({ code: 1, err: `portico-admin: no data held for email ${alice.email}\n` });
  });

  test('the person is named once, and well', async () => {
    expect(await admin(['users', 'export'])).toMatchObject({ code: 2, err: expect.stringContaining('exactly one of --user <id>, --email <address>, --address <0x…>') });
    expect(await admin(['users', 'export', '--email', bob.email, '--user', bobIn.user.id])).toMatchObject({ code: 2 });
    expect(await admin(['users', 'export', '--address', '0x12'])).toMatchObject({ code: 2, err: expect.stringMatching(/^portico-admin: --address: must be a 0x address of 40 hex digits\n/) });
  });
});

describe('secure-site-key rotate and reseal', () => {
  const oldKey = randomBytes(32);

  test('rotate: the new key and the previous one with its grace, for the secure site', async () => {
    const { code, body } = await admin(['secure-site-key', 'rotate', '--grace', '2d'], { PORTICO_SECURE_SITE_KEY: oldKey.toString('hex') });
    expect(code).toBe(0);
    expect(body.previousKeyId).toBe(operatorKeyId(oldKey));
    expect(body.keyId).toBe(operatorKeyId(Buffer.from(body.env.PORTICO_SECURE_SITE_KEY, 'hex')));
    expect(body.env.PORTICO_SECURE_SITE_PREVIOUS_KEY).toBe(`${oldKey.toString('hex')}@${body.previousUntil}`);
    expect(new Date(body.previousUntil).getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(await admin(['secure-site-key', 'rotate'])).toMatchObject({ code: 2, err: expect.stringContaining('PORTICO_SECURE_SITE_KEY') });
  });

  test('reseal: every wallet under the new key in one transaction; a blob no key opens stops it, changing nothing', async () => {
    const newKey = randomBytes(32);
    const users = await Promise.all(['reseal-1@example.com', 'reseal-2@example.com'].map((e) => t.client.signIn(e)));
    const secrets = users.map(() => randomBytes(32));
    const store = (i: number, sealed: string) =>
      t.api.db.query(`INSERT INTO embedded_wallets (user_id, address, sealed) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET sealed = $3`, [
        users[i]!.user.id,
        privateKeyToAccount(`0x${secrets[i]!.toString('hex')}`).address,
        sealed,
      ]);
    await store(0, seal(oldKey, secrets[0]!, users[0]!.user.id));
    const sealedBefore = seal(oldKey, secrets[1]!, users[1]!.user.id);
    await store(1, sealedBefore);
    const env = { PORTICO_SECURE_SITE_KEY: newKey.toString('hex'), PORTICO_SECURE_SITE_PREVIOUS_KEY: `${oldKey.toString('hex')}@${new Date(Date.now() + 3_600_000).toISOString()}` };

    // One blob under a key neither is: nothing moves.
    const stranger = randomBytes(32);
    await store(0, seal(stranger, secrets[0]!, users[0]!.user.id));
    const refused = await admin(['secure-site-key', 'reseal'], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`the wallet of user ${users[0]!.user.id}: The embedded wallet could not be opened: sealed under operator key ${operatorKeyId(stranger)}`);
    const row = async (i: number) =>
      (await t.api.db.query<{ sealed: string }>('SELECT sealed FROM embedded_wallets WHERE user_id = $1', [users[i]!.user.id])).rows[0]!.sealed;
    expect(await row(1)).toBe(sealedBefore);

    await store(0, seal(oldKey, secrets[0]!, users[0]!.user.id));
    const done = await admin(['secure-site-key', 'reseal'], env);
    expect(done.code).toBe(0);
    expect(done.body.keyId).toBe(operatorKeyId(newKey));
    expect(done.body.resealed).toBeGreaterThanOrEqual(2);
    for (const i of [0, 1]) {
      // The new key alone opens them now: the old one can go.
      expect(open(newKey, await row(i), users[i]!.user.id).equals(secrets[i]!)).toBe(true);
    }
    expect((await admin(['secure-site-key', 'reseal'], env)).body).toMatchObject({ resealed: 0 });
    // After the grace the previous key opens nothing, so a wallet left under it stops the re-seal saying so.
    await store(1, sealedBefore);
    const late = await admin(['secure-site-key', 'reseal'], { ...env, PORTICO_SECURE_SITE_PREVIOUS_KEY: `${oldKey.toString('hex')}@2020-01-01T00:00:00Z` });
    expect(late).toMatchObject({ code: 1, err: expect.stringContaining(`sealed under the previous operator key ${operatorKeyId(oldKey)}, whose grace ended at 2020-01-01T00:00:00.000Z`) });
  });
});

describe('the portico-admin binary', () => {
  const bin = fileURLToPath(new URL('../bin/portico-admin.mjs', import.meta.url));
  const run = (args: string[], env: Record<string, string | undefined>) =>
    promisify(execFile)(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, ...env } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  test('--database-url / DATABASE_URL (or a PGlite data dir); JSON out; exit 2 with the usage on a mistake', async () => {
    const database = await testDatabase();
    try {
      const where = database.options.databaseUrl ? ['--database-url', database.options.databaseUrl] : ['--data-dir', database.options.dataDir!];
      const created = await run(['projects', 'create', 'cli-shop', '--origin', 'https://*.cli.example', ...where], {});
      expect(created).toMatchObject({ code: 0, stderr: '' });
      const env = database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : { PORTICO_API_DATA_DIR: database.options.dataDir };
      const listed = await run(['projects', 'list'], env);
      expect(JSON.parse(listed.stdout)).toContainEqual(expect.objectContaining({ projectId: 'cli-shop', allowedOrigins: ['https://*.cli.example'] }));
      expect(await run(['projects', 'list'], {})).toMatchObject({ code: 2, stderr: expect.stringContaining('no database: --database-url <url> or DATABASE_URL') });
    } finally {
      await database.drop();
    }
  });
});

// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_SECURE_SITE_* variables.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli } from '@portico/service-kit/testing';
import { calculateJwkThumbprint } from 'jose';
import { privateKeyToAccount } from 'viem/accounts';
import { deviceProof, loadDeviceKey, publicJwk } from '../src/page/device-key';
import { seal } from '../src/sealing';
import { startApiDouble } from './api-double';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('development mode: prints where it listens, stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-secure-site-cli-'));
    try {
      const p = runServiceCli(PACKAGE, { PORT: '0', PORTICO_SECURE_SITE_MODE: 'development', PORTICO_SECURE_SITE_DATA_DIR: dataDir });
      await p.waitForStdout(/^portico secure site listening on http:\/\/127\.0\.0\.1:\d+ \(api http:\/\/127\.0\.0\.1:8788, development\)$/m);
      expect(await p.stop()).toBe(0);
      expect(p.stderr()).toContain('portico secure site: SIGTERM, stopping');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('PORTICO_SECURE_SITE_PREVIOUS_KEY reaches the server: a wallet sealed under the previous key opens during its grace', async () => {
    const api = await startApiDouble();
    const [oldKey, newKey, secret] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const { address } = privateKeyToAccount(`0x${secret.toString('hex')}`);
    api.wallets.set('user-cli-rotation', { address, sealed: seal(oldKey, secret, 'user-cli-rotation') });
    const graceEnd = new Date(Date.now() + 60 * 60_000).toISOString();
    const p = runServiceCli(PACKAGE, {
      PORT: '0',
      PORTICO_API_URL: api.url,
      PORTICO_SECURE_SITE_KEY: newKey.toString('hex'),
      PORTICO_SECURE_SITE_PREVIOUS_KEY: `${oldKey.toString('hex')}@${graceEnd}`,
    });
    try {
      const [, siteUrl] = await p.waitForStdout(/^portico secure site listening on (http:\/\/\S+) /m);
      const keyPair = await loadDeviceKey({ get: async () => undefined, put: async () => {} });
      const token = await api.sign({ sub: 'user-cli-rotation', jkt: await calculateJwkThumbprint(await publicJwk(keyPair), 'sha256') });
      const url = `${siteUrl}/wallet/account`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { Origin: siteUrl!, Authorization: `DPoP ${token}`, DPoP: await deviceProof(keyPair, { method: 'POST', url, accessToken: token, body: '' }) },
      });
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { address } });
    } finally {
      await p.stop();
      await api.close();
    }
  });

  it("exits 2 with the reason for a bad environment (the smart-account pair: both or neither, the form of the chain list; a rotation's previous key)", async () => {
    const both = 'portico secure site: bad environment: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: set both or neither of PORTICO_SECURE_SITE_BUNDLER_URL and PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS';
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORTICO_SECURE_SITE_MODE: 'dev' }, 'portico secure site: bad environment: PORTICO_SECURE_SITE_MODE: Invalid option: expected one of "production"|"development"'],
      [{ PORTICO_SECURE_SITE_BUNDLER_URL: 'https://bundler.example/rpc' }, both],
      [{ PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: '1', PORTICO_SECURE_SITE_BUNDLER_URL: '' }, both],
      [
        { PORTICO_SECURE_SITE_BUNDLER_URL: 'https://bundler.example/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: 'mainnet' },
        'portico secure site: bad environment: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: must be a comma list of eip155 chain ids, e.g. 31337',
      ],
      [
        { PORTICO_SECURE_SITE_PREVIOUS_KEY: '00'.repeat(32) },
        'portico secure site: bad environment: PORTICO_SECURE_SITE_PREVIOUS_KEY: must be <previous key>@<ISO 8601 time the grace ends>, e.g. 9f…e1@2026-12-31T00:00:00Z',
      ],
    ]);
    expect(actual).toEqual(expected);
  });
});

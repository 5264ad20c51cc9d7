/**
 * Sign In With Farcaster settings and failures: the zod-checked options (https outside development, the
 * lifetime's bounds, production without settings), the chain or the relay unreachable (503), and the
 * starts per client IP (429).
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { FARCASTER_TEST_ACCOUNTS } from '@portico/devchain';
import { farcasterRuntime, FARCASTER_NOT_CONFIGURED } from '../src/auth/farcaster-config';
import { FARCASTER_REGISTRY_UNREACHABLE, FARCASTER_RELAY_UNREACHABLE } from '../src/routes/farcaster';
import type { RunningApi } from '../src/server';
import { DEVICE_KEY, newDevice } from './auth-helpers';
import { freePort } from './chain-helpers';
import { approveInFarcasterApp, startRelayProcess, type RelayProcess } from './farcaster-helpers';
import { getJson, PROJECT, start } from './helpers';

const startBody = (deviceId = newDevice()) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ projectId: PROJECT, deviceId, deviceKey: DEVICE_KEY }),
});

describe('settings', () => {
  test('development defaults: the local relay, the devchain, the secure site as uri and domain', () => {
    const runtime = farcasterRuntime({}, true);
    expect(runtime).toMatchObject({ missing: [], siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010', channelTtlS: 600 });
    expect(runtime.client?.config.relay).toBe('http://127.0.0.1:8791');
  });

  test('production: no defaults (each missing setting named), https only for the relay and the uri, lifetime 60–3600 s', () => {
    const runtime = farcasterRuntime({}, false);
    expect(runtime.missing).toEqual(['relayUrl (PORTICO_API_FARCASTER_RELAY_URL)', 'rpcUrl (PORTICO_API_FARCASTER_RPC_URL)', 'siweUri (PORTICO_API_FARCASTER_SIWE_URI)']);
    expect(runtime.client).toBeUndefined();
    expect(() => farcasterRuntime({ relayUrl: 'http://relay.example' }, false)).toThrow('farcaster: relayUrl: must be an https:// URL (http:// only in development mode)');
    expect(() => farcasterRuntime({ siweUri: 'http://wallet.example' }, false)).toThrow('farcaster: siweUri: must be an https:// URL (http:// only in development mode)');
    expect(() => farcasterRuntime({ rpcUrl: 'ws://node:8546' }, false)).toThrow('farcaster: rpcUrl: must be an http(s) URL');
    expect(() => farcasterRuntime({ channelTtlS: 59 }, true)).toThrow(/^farcaster: channelTtlS: /);
    const configured = farcasterRuntime({ relayUrl: 'https://relay.farcaster.xyz/', rpcUrl: 'http://op-node:8545', siweUri: 'https://wallet.example/' }, false);
    expect(configured).toMatchObject({ missing: [], domain: 'wallet.example', siweUri: 'https://wallet.example/' });
    expect(configured.client?.config.relay).toBe('https://relay.farcaster.xyz');
  });

  test('a production API without the settings answers 503 with the reason', async () => {
    const api = await start({});
    try {
      expect(await getJson(`${api.url}/v1/auth/farcaster/start`, startBody())).toMatchObject({ status: 503, body: { error: FARCASTER_NOT_CONFIGURED } });
    } finally {
      await api.close();
    }
  });
});

describe('failures and limits', () => {
  let api: RunningApi;
  let relay: RelayProcess;
  beforeAll(async () => {
    relay = await startRelayProcess();
    // Nothing listens at the RPC: the registry cannot be read.
    const deadRpc = `http://127.0.0.1:${await freePort()}`;
    api = await start({ development: true, farcaster: { relayUrl: relay.url, rpcUrl: deadRpc, startsPerIp: { points: 3, durationS: 600 } } });
  });
  afterAll(async () => {
    await api?.close();
    await relay?.stop();
  });

  test('the chain unreachable: 503; the relay unreachable: 503; the fourth start from one IP in 10 min: 429 with Retry-After', async () => {
    const deviceId = newDevice();
    const first = await getJson(`${api.url}/v1/auth/farcaster/start`, startBody(deviceId));
    expect(first.status).toBe(200);
    const alice = FARCASTER_TEST_ACCOUNTS[0]!;
    await approveInFarcasterApp(relay.url, first.body.url, { fid: alice.fid, signerKey: alice.custodyKey });
    const result = await getJson(`${api.url}/v1/auth/farcaster/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: PROJECT, channelToken: first.body.channelToken, deviceId, deviceKey: DEVICE_KEY }),
    });
    expect(result).toMatchObject({ status: 503, body: { error: FARCASTER_REGISTRY_UNREACHABLE } });

    await relay.stop();
    for (let i = 0; i < 2; i++) expect(await getJson(`${api.url}/v1/auth/farcaster/start`, startBody())).toMatchObject({ status: 503, body: { error: FARCASTER_RELAY_UNREACHABLE } });
    const limited = await getJson(`${api.url}/v1/auth/farcaster/start`, startBody());
    expect(limited.status).toBe(429);
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

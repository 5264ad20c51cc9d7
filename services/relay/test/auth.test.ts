// Who may connect: the relay-auth JWT of every socket, attacked from every side (auth.ts, transport.ts).
import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { JWT_CLOCK_SKEW_SECONDS, MAX_AUTH_TOKEN_CHARS } from '../src/auth';
import { startRelay, type RelayHandle } from '../src/relay';
import { UNAUTHORIZED_CLOSE_CODE } from '../src/transport';
import { clientToken, rawClient, socketOutcome, testClientId, upgradeStatus, waitFor } from './helpers';

const topic = (name: string) => createHash('sha256').update(name + Math.random()).digest('hex');
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const isDelivery = (t: string) => (m: any) => m?.method === 'irn_subscription' && m.params?.data?.topic === t;

/** `token` with its header or claims changed and its signature kept (what an attacker without the key can send). */
function tampered(token: string, change: { header?: object; claims?: object }): string {
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return [b64({ ...json(header), ...change.header }), b64({ ...json(claims), ...change.claims }), signature].join('.');
}

const refusedWith = (reason: string) => ({ code: UNAUTHORIZED_CLOSE_CODE, reason: `unauthorized: ${reason}` });

let relay: RelayHandle;
beforeAll(async () => {
  relay = await startRelay({ port: 0, logLevel: 'silent' });
});
afterAll(async () => {
  await relay?.close();
});

describe('relay auth', () => {
  it('a socket without a valid token is opened, then closed 1008 with the reason; no client id is admitted', async () => {
    const good = await clientToken('Mallory', relay.url);
    const cases: Array<[auth: string | null, reason: string]> = [
      [null, 'no auth token (the auth query parameter)'],
      ['not-a-jwt', 'auth token is not a JWT'],
      [`${good}.${'A'.repeat(MAX_AUTH_TOKEN_CHARS)}`, `auth token is longer than ${MAX_AUTH_TOKEN_CHARS} characters`],
      [tampered(good, { header: { alg: 'HS256' } }), 'auth token must be an EdDSA JWT'],
      [tampered(good, { claims: { iss: 'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme' } }), "auth token's iss must be an ed25519 did:key"],
      [tampered(good, { claims: { exp: '9999999999' } }), "auth token's exp must be a whole number of seconds"],
      [await clientToken('Mallory', 'wss://relay.walletconnect.org'), 'auth token is for another relay (aud)'],
      [await clientToken('Mallory', relay.url.replace(/:\d+$/, ':1')), 'auth token is for another relay (aud)'],
    ];
    for (const [auth, reason] of cases) expect({ auth, outcome: await socketOutcome(relay.url, auth) }).toEqual({ auth, outcome: refusedWith(reason) });
    expect(relay.stats()).toMatchObject({ connections: 0, clients: 0 });
  });

  it('a stranger cannot take over another client id: a token naming its did:key without its key is refused, and its mail waits for it', async () => {
    const t = topic('victim');
    const victim = await rawClient(relay.url, 'Victim');
    await victim.call('irn_subscribe', { topic: t });
    victim.close();
    await waitFor(() => relay.stats().connections === 0, 2000, 'the victim offline');
    // Mallory signs her own token, then names the victim as its issuer.
    const forged = tampered(await clientToken('Mallory', relay.url), { claims: { iss: testClientId('Victim') } });
    expect(await socketOutcome(relay.url, forged)).toEqual(refusedWith('auth token signature does not match its iss'));
    const publisher = await rawClient(relay.url, 'Publisher');
    expect((await publisher.call('irn_publish', { topic: t, message: 'for the victim only', ttl: 60 })).result).toBe(true);
    const back = await rawClient(relay.url, 'Victim');
    await back.call('irn_batchSubscribe', { topics: [t] });
    expect((await back.next(isDelivery(t))).params.data.message).toBe('for the victim only');
    publisher.close();
    back.close();
  });

  it(`iat and exp are allowed ${JWT_CLOCK_SKEW_SECONDS} s of clock difference, not more`, async () => {
    const margin = 10; // seconds, for the time the test itself takes
    const outcome = async (iat: number, ttlSeconds = 3600) => socketOutcome(relay.url, await clientToken('Skewed', relay.url, { iat, ttlSeconds }));
    expect(await outcome(now() + JWT_CLOCK_SKEW_SECONDS - margin)).toBe('open');
    expect(await outcome(now() + JWT_CLOCK_SKEW_SECONDS + margin)).toEqual(refusedWith('auth token issued in the future'));
    expect(await outcome(now() - 3600 - JWT_CLOCK_SKEW_SECONDS + margin)).toBe('open'); // exp just inside the skew
    expect(await outcome(now() - 3600 - JWT_CLOCK_SKEW_SECONDS - margin)).toEqual(refusedWith('auth token expired'));
  });

  it('aud: the relay URL in any loopback name, with or without a slash; the public URLs when configured', async () => {
    const port = new URL(relay.url).port;
    for (const aud of [`ws://127.0.0.1:${port}`, `ws://127.0.0.1:${port}/`, `ws://localhost:${port}`, `ws://[::1]:${port}/?projectId=x`]) {
      expect({ aud, outcome: await socketOutcome(relay.url, await clientToken('Aud', aud)) }).toEqual({ aud, outcome: 'open' });
    }
    const proxied = await startRelay({ port: 0, logLevel: 'silent', publicUrls: ['wss://relay.example.test/walletconnect'] });
    try {
      expect(await socketOutcome(proxied.url, await clientToken('Aud', 'wss://relay.example.test/walletconnect/'))).toBe('open');
      expect(await socketOutcome(proxied.url, await clientToken('Aud', proxied.url))).toBe('open');
      expect(await socketOutcome(proxied.url, await clientToken('Aud', 'wss://relay.example.test'))).toEqual(refusedWith('auth token is for another relay (aud)'));
    } finally {
      await proxied.close();
    }
    await expect(startRelay({ port: 0, logLevel: 'silent', publicUrls: ['https://relay.example.test'] })).rejects.toThrow('startRelay: publicUrls.0: must be a ws:// or wss:// URL');
  });

  it('a refused socket holds its place in maxConnectionsPerIp until it is closed, then frees it', async () => {
    const r = await startRelay({ port: 0, logLevel: 'silent', limits: { maxConnectionsPerIp: 1 } });
    try {
      // A socket that never answers the relay's close frame (a plain TCP client speaking the upgrade by hand).
      const stubborn = connect(Number(new URL(r.url).port), '127.0.0.1');
      stubborn.write(`GET /?auth=not-a-jwt HTTP/1.1\r\nHost: relay\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
      let answer = '';
      stubborn.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      await waitFor(() => answer.includes('unauthorized: auth token is not a JWT'), 2000, 'the close frame');
      expect(answer).toMatch(/^HTTP\/1\.1 101 /);
      expect(await upgradeStatus(r.url, 'Waiting')).toBe(429);
      stubborn.destroy();
      await waitFor(async () => (await upgradeStatus(r.url, 'Waiting')) === 101, 2000, 'the place freed');
    } finally {
      await r.close();
    }
  });
});

// The relay driven by @farcaster/auth-client's own app and wallet clients over HTTP: the proof that
// Farcaster's published clients speak to it as to relay.farcaster.xyz.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { createAppClient, createWalletClient, viemConnector, type StatusAPIResponse } from '@farcaster/auth-client';
import { privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_AUTH_KEY, MAX_BODY_BYTES, startFarcasterRelay, type RunningFarcasterRelay, type StartFarcasterRelayOptions } from '../src/server';

// The chain is never asked in these tests (the API's tests verify custody on anvil).
const ethereum = viemConnector({ rpcUrl: 'http://127.0.0.1:9' });
const custody = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const FID = 7;

const relays: RunningFarcasterRelay[] = [];
async function relayWith(options: StartFarcasterRelayOptions = {}) {
  const relay = await startFarcasterRelay({ port: 0, ...options });
  relays.push(relay);
  return {
    relay,
    app: createAppClient({ relay: relay.url, ethereum }),
    wallet: createWalletClient({ relay: relay.url, ethereum }),
  };
}
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});

/** What a Farcaster app does with the sign-in URI: build the SIWF message from its fields, sign it with the custody key. */
async function signIn(wallet: ReturnType<typeof createWalletClient>, uri: string, fid = FID) {
  const { channelToken } = wallet.parseSignInURI({ uri });
  const q = new URL(uri).searchParams;
  const built = wallet.buildSignInMessage({
    address: custody.address,
    fid,
    uri: q.get('siweUri')!,
    domain: q.get('domain')!,
    nonce: q.get('nonce')!,
    ...(q.get('expirationTime') ? { expirationTime: new Date(q.get('expirationTime')!) } : {}),
    ...(q.get('requestId') ? { requestId: q.get('requestId')! } : {}),
  });
  if (built.isError) throw built.error;
  const signature = await custody.signMessage({ message: built.message });
  return { channelToken: channelToken!, message: built.message, signature };
}

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('the auth relay API with @farcaster/auth-client', () => {
  it('create → pending → the Farcaster app authenticates → completed once with the profile → closed', async () => {
    const { app, wallet } = await relayWith();
    const expirationTime = new Date(Date.now() + 600_000).toISOString();
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010', nonce: 'abcDEF123456', expirationTime, requestId: 'req-1' });
    if (created.isError) throw created.error;
    expect(created.response.status).toBe(201);
    expect(created.data.nonce).toBe('abcDEF123456');
    expect(created.data.channelToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const url = new URL(created.data.url);
    expect(`${url.protocol}//${url.host}`).toBe('farcaster://connect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      channelToken: created.data.channelToken, nonce: 'abcDEF123456', siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010', expirationTime, requestId: 'req-1',
    });
    expect((created.data as { connectUri?: string }).connectUri).toBe(created.data.url);

    const pending = await app.status({ channelToken: created.data.channelToken });
    if (pending.isError) throw pending.error;
    expect(pending.response.status).toBe(202);
    expect(pending.data).toMatchObject({ state: 'pending', nonce: 'abcDEF123456', acceptAuthAddress: true });
    expect(pending.data.signatureParams).toEqual({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010', nonce: 'abcDEF123456', expirationTime, requestId: 'req-1' });

    const signed = await signIn(wallet, created.data.url);
    const auth = await wallet.authenticate({
      authKey: DEFAULT_AUTH_KEY, ...signed, fid: FID, username: 'alice', displayName: 'Alice', bio: 'gm', pfpUrl: 'https://example.com/a.png',
    });
    if (auth.isError) throw auth.error;
    expect(auth.response.status).toBe(201);
    expect(auth.data.state).toBe('completed');

    const updates: number[] = [];
    const done = await app.watchStatus({ channelToken: created.data.channelToken, interval: 50, timeout: 5_000, onResponse: ({ response }) => updates.push(response.status) });
    if (done.isError) throw done.error;
    expect(updates).toEqual([200]);
    const status: StatusAPIResponse = done.data;
    expect(status).toMatchObject({
      state: 'completed', nonce: 'abcDEF123456', message: signed.message, signature: signed.signature, authMethod: 'custody',
      fid: FID, username: 'alice', displayName: 'Alice', bio: 'gm', pfpUrl: 'https://example.com/a.png', verifications: [],
    });
    expect(status.message).toContain('127.0.0.1:3010 wants you to sign in with your Ethereum account:');
    expect(status.message).toContain(`farcaster://fid/${FID}`);
    // The answer is read once: then the channel is gone (401, as the real relay answers an unknown channel).
    const again = await app.status({ channelToken: created.data.channelToken });
    expect(again.isError ? 0 : again.response.status).toBe(401);
  });

  it('makes the nonce when the app sends none', async () => {
    const { app } = await relayWith();
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    if (created.isError) throw created.error;
    expect(created.data.nonce).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new URL(created.data.url).searchParams.get('nonce')).toBe(created.data.nonce);
  });

  it('authenticate needs the Farcaster app key and a live channel; a completed channel keeps its first answer', async () => {
    const { app, wallet, relay } = await relayWith();
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    if (created.isError) throw created.error;
    const signed = await signIn(wallet, created.data.url);
    for (const authKey of ['wrong-key-wrong-key-wrong', '']) {
      const res = await wallet.authenticate({ authKey, ...signed, fid: FID });
      expect(res.isError ? 0 : [res.response.status, res.data]).toEqual([401, { error: 'Unauthorized' }]);
    }
    const unknown = await wallet.authenticate({ authKey: DEFAULT_AUTH_KEY, ...signed, channelToken: 'x'.repeat(32), fid: FID });
    expect(unknown.isError ? 0 : unknown.response.status).toBe(401);
    const noBearer = await post(`${relay.url}/v1/channel/authenticate`, JSON.stringify({ ...signed, fid: FID }), { 'x-farcaster-auth-relay-key': DEFAULT_AUTH_KEY });
    expect(noBearer.status).toBe(401);

    const first = await wallet.authenticate({ authKey: DEFAULT_AUTH_KEY, ...signed, fid: FID, username: 'alice' });
    expect(first.isError ? 0 : first.response.status).toBe(201);
    const second = await wallet.authenticate({ authKey: DEFAULT_AUTH_KEY, ...signed, fid: 8, username: 'mallory' });
    expect(second.isError ? 0 : [second.response.status, second.data]).toEqual([409, { error: 'Channel already completed' }]);
    const status = await app.status({ channelToken: created.data.channelToken });
    expect(status.isError ? 0 : [status.data.fid, status.data.username]).toEqual([FID, 'alice']);
  });

  it('refuses bad bodies with the field (as the real relay: Validation error) and the restricted domain', async () => {
    const { relay } = await relayWith();
    const cases: [unknown, string][] = [
      [{ domain: 'example.com' }, 'siweUri: must be a URI'],
      [{ siweUri: 'https://example.com' }, 'domain: Invalid input: expected string, received undefined'],
      [{ siweUri: 'https://example.com', domain: 'example.com/path' }, 'domain: must be a host name, optionally with :port'],
      [{ siweUri: 'https://example.com', domain: 'example.com', nonce: 'short' }, 'nonce: must be 8 to 128 letters and digits'],
      [{ siweUri: 'https://example.com', domain: 'example.com', expirationTime: 'tomorrow' }, 'expirationTime: must be an ISO 8601 date-time'],
      [{ siweUri: 'https://example.com', domain: 'example.com', extra: 1 }, 'body: Unrecognized key: "extra"'],
      ['not an object', 'body: Invalid input: expected object, received string'],
    ];
    for (const [body, message] of cases) {
      const res = await post(`${relay.url}/v1/channel`, JSON.stringify(body));
      expect([res.status, await res.json()]).toEqual([400, { error: 'Validation error', message }]);
    }
    const notJson = await post(`${relay.url}/v1/channel`, '{');
    expect(notJson.status).toBe(400);
    const restricted = await post(`${relay.url}/v1/channel`, JSON.stringify({ siweUri: 'https://farcaster.xyz', domain: 'farcaster.xyz' }));
    expect([restricted.status, await restricted.json()]).toEqual([400, { error: 'Domain not allowed' }]);

    const created = (await (await post(`${relay.url}/v1/channel`, JSON.stringify({ siweUri: 'https://example.com', domain: 'example.com' }))).json()) as { channelToken: string };
    const auth = (body: unknown) =>
      post(`${relay.url}/v1/channel/authenticate`, JSON.stringify(body), { authorization: `Bearer ${created.channelToken}`, 'x-farcaster-auth-relay-key': DEFAULT_AUTH_KEY });
    const good = { message: 'm', signature: `0x${'ab'.repeat(65)}`, fid: 1 };
    const authCases: [unknown, string][] = [
      [{ ...good, signature: '0x1234' }, 'signature: must be a 65-byte hex signature'],
      [{ ...good, fid: 0 }, 'fid: Too small: expected number to be >=1'],
      [{ ...good, username: 'Not A Name' }, 'username: must be a Farcaster username'],
      [{ ...good, message: undefined }, 'message: Invalid input: expected string, received undefined'],
      [{ ...good, custody: '0x0' }, 'body: Unrecognized key: "custody"'],
    ];
    for (const [body, message] of authCases) {
      const res = await auth(body);
      expect([res.status, await res.json()]).toEqual([400, { error: 'Validation error', message }]);
    }
  });
});

describe('limits', () => {
  it('a channel lives channelTtlS: then status and authenticate answer 401', async () => {
    const { app, wallet } = await relayWith({ channelTtlS: 1 });
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    if (created.isError) throw created.error;
    const signed = await signIn(wallet, created.data.url);
    await new Promise((r) => setTimeout(r, 1_100));
    const status = await app.status({ channelToken: created.data.channelToken });
    expect(status.isError ? 0 : status.response.status).toBe(401);
    const auth = await wallet.authenticate({ authKey: DEFAULT_AUTH_KEY, ...signed, fid: FID });
    expect(auth.isError ? 0 : auth.response.status).toBe(401);
  });

  it('at most maxChannels live channels (503), channelsPerIp creations per window (429 + Retry-After), bodies of MAX_BODY_BYTES (413)', async () => {
    const full = await relayWith({ maxChannels: 2 });
    const create = (url: string) => post(`${url}/v1/channel`, JSON.stringify({ siweUri: 'https://example.com', domain: 'example.com' }));
    expect((await create(full.relay.url)).status).toBe(201);
    expect((await create(full.relay.url)).status).toBe(201);
    const refused = await create(full.relay.url);
    expect([refused.status, await refused.json()]).toEqual([503, { error: 'Too many open channels, try again later' }]);
    expect(full.relay.channelCount()).toBe(2);

    const limited = await relayWith({ channelsPerIp: { points: 3, durationS: 60 } });
    for (let i = 0; i < 3; i++) expect((await create(limited.relay.url)).status).toBe(201);
    const tooMany = await create(limited.relay.url);
    expect([tooMany.status, await tooMany.json()]).toEqual([429, { error: 'Too many channels, try again later' }]);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);

    const big = await post(`${limited.relay.url}/v1/channel`, JSON.stringify({ siweUri: 'https://example.com', domain: 'example.com', requestId: 'x'.repeat(MAX_BODY_BYTES) }));
    expect([big.status, await big.json()]).toEqual([413, { error: `Body must be at most ${MAX_BODY_BYTES} bytes` }]);
  });
});

describe('custody lookup (rpcUrl)', () => {
  let rpc: Server;
  let rpcUrl = '';
  const calls: unknown[] = [];
  beforeAll(async () => {
    // A JSON-RPC double that answers custodyOf(7) with the custody address.
    rpc = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const call = JSON.parse(body) as { id: number; params: [{ to: string; data: string }] };
        calls.push(call);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: `0x${custody.address.slice(2).toLowerCase().padStart(64, '0')}` }));
      });
    });
    await new Promise<void>((r) => rpc.listen(0, '127.0.0.1', r));
    rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => rpc.close(() => r())));

  it("adds the fid's custody from the IdRegistry to the completed channel; a chain that cannot be reached is 503", async () => {
    const { app, wallet } = await relayWith({ rpcUrl });
    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    if (created.isError) throw created.error;
    const auth = await wallet.authenticate({ authKey: DEFAULT_AUTH_KEY, ...(await signIn(wallet, created.data.url)), fid: FID });
    expect(auth.isError ? 0 : auth.response.status).toBe(201);
    expect(calls).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b', data: `0x65269e47${'7'.padStart(64, '0')}` }, 'latest'] },
    ]);
    const status = await app.status({ channelToken: created.data.channelToken });
    expect(status.isError ? 0 : status.data.custody).toBe(custody.address.toLowerCase());

    const down = await relayWith({ rpcUrl: 'http://127.0.0.1:9' });
    const second = await down.app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    if (second.isError) throw second.error;
    const refused = await down.wallet.authenticate({ authKey: DEFAULT_AUTH_KEY, ...(await signIn(down.wallet, second.data.url)), fid: FID });
    expect(refused.isError ? 0 : [refused.response.status, refused.data]).toEqual([503, { error: 'The chain could not be reached to look up the custody address' }]);
    const still = await down.app.status({ channelToken: second.data.channelToken });
    expect(still.isError ? 0 : still.response.status).toBe(202);
  });
});

describe('server', () => {
  it('answers loopback Host names only, sends CORS for any origin, and has a health check', async () => {
    const { relay } = await relayWith();
    const { port } = new URL(relay.url);
    // fetch cannot set Host: a DNS-rebinding page's request, as node:http sends it.
    const rebinding = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${relay.url}/healthcheck`, { headers: { host: `evil.example:${port}` } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect([rebinding.status, JSON.parse(rebinding.body)]).toEqual([403, { error: 'Host not allowed' }]);
    const health = await fetch(`http://localhost:${port}/healthcheck`, { headers: { origin: 'https://app.example' } });
    expect([health.status, await health.json(), health.headers.get('access-control-allow-origin')]).toEqual([200, { status: 'OK' }, '*']);
    expect((await fetch(`${relay.url}/v2/nothing`)).status).toBe(404);
  });

  it('refuses a host that is not loopback unless allowRemote, and bad options by name', async () => {
    await expect(startFarcasterRelay({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/refusing to listen on 0\.0\.0\.0/);
    await expect(startFarcasterRelay({ port: 0, authKey: 'short' })).rejects.toThrow('bad option authKey: authKey must have at least 16 characters');
    await expect(startFarcasterRelay({ port: 0, rpcUrl: 'ftp://x' })).rejects.toThrow('bad option rpcUrl: rpcUrl must be an http(s) URL');
    await expect(startFarcasterRelay({ port: 0, connectUriBase: 'farcaster://connect?x=1' })).rejects.toThrow('bad option connectUriBase: connectUriBase has no query or fragment');
    await expect(startFarcasterRelay({ port: 0, channelTtlS: 0 })).rejects.toThrow(/bad option channelTtlS/);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { ACCOUNT, CHAIN, FakeAdapter, apiStub, fakeWalletConnector, resetTestKit, type ApiStub } from '@portico/test-kit';
import { randomUUID } from 'node:crypto';
import { verifyMessage, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { SDK_TYPE, SDK_VERSION } from '../src/constants';
import { createMemoryStorage, type KeyValueStorage } from '../src/storage';
import { createServerSiwx, revokeMessage, SiwxApiError, type SIWXSession } from '../src/siwx';

const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
const wallet = new FakeAdapter();
const sign = (address: string, text: string) => wallet.signMessage(fakeWalletConnector.id, address, text);

/** The API's sessions (services/api routes/sessions.ts), in memory: verifies EOA signatures like the server. */
const sessions = new Map<string, { session: Record<string, unknown>; revoked: boolean }>();
let nonces = 0;
let api: ApiStub;

beforeAll(async () => {
  api = await apiStub({
    'POST /v1/sessions/nonce': () => ({ status: 201, json: { nonce: `n0nce${++nonces}abcdef`, expiresAt: new Date(Date.now() + 600_000).toISOString() } }),
    'POST /v1/sessions': async (request) => {
      const { message, signature } = JSON.parse(request.body) as { message: string; signature: Hex };
      const parsed = parseSiweMessage(message);
      if (!(await verifyMessage({ address: parsed.address!, message, signature }))) return { status: 401, json: { error: 'Invalid signature' } };
      const id = randomUUID();
      const session = {
        id,
        account: `eip155:${parsed.chainId}:${parsed.address}`,
        data: {
          accountAddress: parsed.address,
          chainId: `eip155:${parsed.chainId}`,
          domain: parsed.domain,
          uri: parsed.uri,
          nonce: parsed.nonce,
          version: '1',
          issuedAt: parsed.issuedAt!.toISOString(),
          expirationTime: parsed.expirationTime?.toISOString(),
          statement: parsed.statement,
        },
        message,
        signature,
        createdAt: new Date().toISOString(),
        expiresAt: (parsed.expirationTime ?? new Date(Date.now() + 86_400_000)).toISOString(),
      };
      sessions.set(id, { session, revoked: false });
      return { status: 201, json: { session, token: JWT } };
    },
    'GET /v1/sessions/:address': (request) => ({
      json: {
        sessions: [...sessions.values()]
          .filter(({ session, revoked }) => !revoked && (session.account as string).toLowerCase().endsWith(request.pathParams.address!.toLowerCase()))
          .filter(({ session }) => !request.params.get('chainId') || (session.data as { chainId: string }).chainId === request.params.get('chainId'))
          .map(({ session }) => session),
      },
    }),
    'POST /v1/sessions/:address/revoke': async (request) => {
      const { pci, signature } = JSON.parse(request.body) as { pci: string; signature: Hex };
      const held = sessions.get(pci);
      if (!held) return { status: 404, json: { error: 'Session not found' } };
      if (!(await verifyMessage({ address: request.pathParams.address as Hex, message: revokeMessage(pci), signature }))) {
        return { status: 401, json: { error: 'Invalid signature' } };
      }
      held.revoked = true;
      return { json: { id: pci, revokedAt: new Date().toISOString() } };
    },
  });
});
afterEach(() => {
  sessions.clear();
  resetTestKit();
});
afterAll(() => api.close());

function serverSiwx(storage: KeyValueStorage = createMemoryStorage()) {
  return createServerSiwx({ apiUrl: api.url, projectId: 'test-project', storage, domain: 'dapp.example', uri: 'https://dapp.example', signMessage: sign });
}

async function signIn(siwx: ReturnType<typeof serverSiwx>): Promise<SIWXSession> {
  const message = await siwx.createMessage({ chainId: CHAIN, accountAddress: ACCOUNT });
  const session = { data: message, message: message.toString(), signature: await sign(ACCOUNT, message.toString()) };
  await siwx.addSession(session);
  return session;
}

describe('createServerSiwx', () => {
  it('signs in with the server’s nonce, holds the JWT, and finds the session again after a reload', async () => {
    const storage = createMemoryStorage();
    const siwx = serverSiwx(storage);
    const session = await signIn(siwx);

    const [nonceRequest] = api.requestsTo('/v1/sessions/nonce');
    expect(nonceRequest?.method).toBe('POST');
    expect(Object.fromEntries(nonceRequest!.params)).toMatchObject({ projectId: 'test-project', st: SDK_TYPE, sv: SDK_VERSION });
    expect(session.data.nonce).toBe('n0nce1abcdef');
    expect(JSON.parse(api.requestsTo('/v1/sessions')[0]!.body)).toEqual({ message: session.message, signature: session.signature });
    expect(siwx.getToken(CHAIN, ACCOUNT)).toBe(JWT);

    const afterReload = serverSiwx(storage);
    const [found] = await afterReload.getSessions(CHAIN, ACCOUNT);
    expect(found).toMatchObject({ message: session.message, signature: session.signature, data: { chainId: CHAIN, accountAddress: ACCOUNT } });
    expect(api.requestsTo(`/v1/sessions/${ACCOUNT}`).at(-1)?.params.get('chainId')).toBe(CHAIN);
    expect(afterReload.getToken(CHAIN, ACCOUNT)).toBe(JWT);
  });

  it('counts only sessions this browser holds a JWT for: signing out forgets it, without asking the server', async () => {
    const siwx = serverSiwx();
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);
    await signIn(siwx);
    await siwx.setSessions([]);
    const asked = api.requests.length;
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);
    expect(api.requests).toHaveLength(asked);
    expect(siwx.getToken(CHAIN, ACCOUNT)).toBeUndefined();
  });

  it('revokes with a signature over “Revoke Portico session <id>”; a session revoked elsewhere is forgotten too', async () => {
    const siwx = serverSiwx();
    await signIn(siwx);
    const [id] = sessions.keys();

    await siwx.revokeSession(CHAIN, ACCOUNT);

    const revoke = api.requestsTo(`/v1/sessions/${ACCOUNT}/revoke`)[0]!;
    const body = JSON.parse(revoke.body) as { pci: string; signature: Hex };
    expect(body.pci).toBe(id);
    expect(await verifyMessage({ address: ACCOUNT, message: `Revoke Portico session ${id}`, signature: body.signature })).toBe(true);
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);

    await signIn(siwx);
    for (const held of sessions.values()) held.revoked = true;
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);
    expect(siwx.getToken(CHAIN, ACCOUNT)).toBeUndefined();

    const unsigned = createServerSiwx({ apiUrl: api.url, projectId: 'test-project', storage: createMemoryStorage(), uri: 'https://dapp.example' });
    await expect(unsigned.revokeSession(CHAIN, ACCOUNT)).rejects.toThrow('Revoking a session needs a wallet signature');
  });

  it('surfaces the server’s own message when it refuses', async () => {
    api.override({ 'POST /v1/sessions': { status: 401, json: { error: 'Nonce expired or already used' } } });
    const error = await signIn(serverSiwx()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiwxApiError);
    expect(error).toMatchObject({ shortMessage: 'Nonce expired or already used', status: 401 });

    api.override({ 'POST /v1/sessions/nonce': { status: 503, json: { error: 'Sign-in is unavailable: the API has no session signing key' } } });
    await expect(serverSiwx().createMessage({ chainId: CHAIN, accountAddress: ACCOUNT })).rejects.toThrow('Sign-in is unavailable');
  });

  it('refuses a malformed reply (zod) and keeps no token from it', async () => {
    const siwx = serverSiwx();
    api.override({ 'POST /v1/sessions': { status: 201, json: { session: { id: 'x' }, token: 'not a jwt' } } });
    await expect(signIn(siwx)).rejects.toThrow('The service sent a reply Portico could not read.');
    expect(siwx.getToken(CHAIN, ACCOUNT)).toBeUndefined();

    api.override({ 'POST /v1/sessions/nonce': { status: 201, json: { nonce: 'short', expiresAt: 'soon' } } });
    await expect(siwx.createMessage({ chainId: CHAIN, accountAddress: ACCOUNT })).rejects.toThrow('could not read');
  });
});

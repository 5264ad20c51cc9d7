import { describe, expect, it } from '@rstest/core';
import { ACCOUNT, CHAIN, FakeAdapter, fakeWalletConnector } from '@portico/test-kit';
import { createClient, custom, type Client } from 'viem';
import { createMemoryStorage, type KeyValueStorage } from '../src/storage';
import { createDefaultSiwx, SIWX_SESSIONS_KEY, type SIWXConfig, type SIWXSession } from '../src/siwx';

const NOW = Date.parse('2026-11-24T09:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const SITE = { domain: 'dapp.example', uri: 'https://dapp.example' };

/** A session signed by the FakeAdapter's wallet (anvil's dev key #0), as the sign-in flow makes it. */
async function signedSession(siwx: SIWXConfig, accountAddress = ACCOUNT, wallet = new FakeAdapter()): Promise<SIWXSession> {
  const message = await siwx.createMessage({ chainId: CHAIN, accountAddress });
  const text = message.toString();
  return { data: message, message: text, signature: await wallet.signMessage(fakeWalletConnector.id, accountAddress, text) };
}

function defaultSiwx(storage: KeyValueStorage, clock: { now: number }, extra: Partial<Parameters<typeof createDefaultSiwx>[0]> = {}) {
  return createDefaultSiwx({ storage, ...SITE, expiresInMs: HOUR, now: () => clock.now, ...extra });
}

describe('createDefaultSiwx', () => {
  it('verifies a real signature and keeps the session in storage, for a new instance too (a reload)', async () => {
    const storage = createMemoryStorage();
    const clock = { now: NOW };
    const siwx = defaultSiwx(storage, clock);
    const session = await signedSession(siwx);

    await siwx.addSession(session);

    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([expect.objectContaining({ message: session.message, signature: session.signature })]);
    const afterReload = defaultSiwx(storage, clock);
    const [kept] = await afterReload.getSessions(CHAIN, ACCOUNT.toLowerCase());
    expect(kept?.data).toMatchObject({ accountAddress: ACCOUNT, chainId: CHAIN, domain: 'dapp.example' });
    expect(Object.keys(JSON.parse(storage.getItem(SIWX_SESSIONS_KEY)!))).toEqual([`${CHAIN}:${ACCOUNT.toLowerCase()}`]);
    expect(await afterReload.getSessions('eip155:1', ACCOUNT)).toEqual([]);
  });

  it('refuses a tampered signature, a tampered message and another site’s message', async () => {
    const siwx = defaultSiwx(createMemoryStorage(), { now: NOW });
    const session = await signedSession(siwx);
    const flipped = `${session.signature.slice(0, 10)}${session.signature[10] === 'a' ? 'b' : 'a'}${session.signature.slice(11)}`;

    await expect(siwx.addSession({ ...session, signature: flipped })).rejects.toThrow('Invalid signature');
    await expect(siwx.addSession({ ...session, message: session.message.replace('Please sign', 'Please sing') })).rejects.toThrow('Invalid signature');
    const elsewhere = defaultSiwx(createMemoryStorage(), { now: NOW }, { domain: 'evil.example', uri: 'https://evil.example' });
    await expect(elsewhere.addSession(session)).rejects.toThrow('Message domain does not match this site');
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);
  });

  it('refuses an expired message', async () => {
    const clock = { now: NOW };
    const siwx = defaultSiwx(createMemoryStorage(), clock);
    const session = await signedSession(siwx);
    clock.now = NOW + HOUR;
    await expect(siwx.addSession(session)).rejects.toThrow('Message expired');
  });

  it('drops a session once it expires (from storage too)', async () => {
    const storage = createMemoryStorage();
    const clock = { now: NOW };
    const siwx = defaultSiwx(storage, clock);
    await siwx.addSession(await signedSession(siwx));

    clock.now = NOW + HOUR - 1;
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toHaveLength(1);
    clock.now = NOW + HOUR;
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);
    expect(JSON.parse(storage.getItem(SIWX_SESSIONS_KEY)!)).toEqual({});
  });

  it('revokeSession and setSessions([]) sign out', async () => {
    const clock = { now: NOW };
    const siwx = defaultSiwx(createMemoryStorage(), clock);
    await siwx.addSession(await signedSession(siwx));
    await siwx.revokeSession(CHAIN, ACCOUNT);
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);

    await siwx.setSessions([await signedSession(siwx)]);
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toHaveLength(1);
    await siwx.setSessions([]);
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]);
    expect(siwx.signOutOnDisconnect).toBe(true);
    expect(siwx.getRequired?.()).toBe(false);
  });

  it('accepts a contract account through the chain’s node (ERC-1271 / ERC-6492), and refuses what the node refuses', async () => {
    const SMART_ACCOUNT = '0x000000000000000000000000000000000000C0dE';
    const calls: unknown[] = [];
    let valid = true;
    let down = false;
    const client: Client = createClient({
      transport: custom({
        async request({ method, params }) {
          if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:8545');
          if (method === 'eth_getCode') return '0x6080';
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
          calls.push(params);
          return `0x${(valid ? '1' : '0').padStart(64, '0')}`;
        },
      }, { retryCount: 0 }),
    });
    const chains: string[] = [];
    const siwx = defaultSiwx(createMemoryStorage(), { now: NOW }, { getPublicClient: (chainId) => (chains.push(chainId), client) });
    // Not the account's key: only the contract can say this signature is good.
    const session = await signedSession(siwx, SMART_ACCOUNT);

    await siwx.addSession(session);
    expect(calls).toHaveLength(1);
    expect(chains).toEqual([CHAIN]);

    down = true; // a node that does not answer is no refusal: the session stays stored, unconfirmed
    expect(await siwx.getSessions(CHAIN, SMART_ACCOUNT)).toEqual([]);
    await expect(siwx.addSession(await signedSession(siwx, SMART_ACCOUNT))).rejects.toThrow('The signature could not be checked');
    down = false;
    expect(await siwx.getSessions(CHAIN, SMART_ACCOUNT)).toHaveLength(1);

    valid = false;
    await expect(siwx.addSession(await signedSession(siwx, SMART_ACCOUNT))).rejects.toThrow('Invalid signature');
    // Stored sessions are verified again when read: the node now refuses the first one too.
    expect(await siwx.getSessions(CHAIN, SMART_ACCOUNT)).toEqual([]);
    down = true;
    valid = true;
    expect(await siwx.getSessions(CHAIN, SMART_ACCOUNT)).toEqual([]); // and it is gone from storage
    down = false;
    expect(await siwx.getSessions(CHAIN, SMART_ACCOUNT)).toEqual([]);
  });
});

import { accountsAtom, connectorsAtom, createMemoryStorage, createPorticoCore, type CaipNetworkId, type PorticoCore } from '@portico/shared-state';
import {
  ACCOUNT,
  BitcoinTestWallet,
  FakeAdapter,
  SolanaTestWallet,
  apiStub,
  bitcoinMainnet,
  eventually,
  fakeWalletConnector,
  minimalOptions,
  RECEIVER,
  registerSolanaWallet,
  solanaLocalnet,
  stopTestCores,
  testCore,
  verifyBitcoinSignature,
} from '@portico/test-kit';
import { afterEach, describe, expect, it } from '@rstest/core';
import { setCurrentInstance } from '../src/current-instance';
import { createInstance } from '../src/instance';
import { createDefaultSiwx, createServerSiwx } from '../src/siwx';

type Wallet = Parameters<typeof registerSolanaWallet>[1];
/** An ed25519 signature as the API takes it (services/api: base58 of 64 bytes). */
const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

afterEach(() => localStorage.clear());

describe('the sign-in factories hosts pass as `siwx`', () => {
  it('answer getRequired and signOutOnDisconnect at once, before any sign-in code loads', () => {
    const server = createServerSiwx({ apiUrl: 'http://127.0.0.1:1', projectId: 'p', required: true, signOutOnDisconnect: false });
    expect(server.getRequired!()).toBe(true);
    expect(server.signOutOnDisconnect).toBe(false);
    expect(createDefaultSiwx().getRequired!()).toBe(false);
  });

  it('default: a message for this page’s domain, signed and kept in localStorage, found again by a new instance', async () => {
    const siwx = createDefaultSiwx({ statement: 'Sign in to the test page' });
    const message = await siwx.createMessage({ chainId: 'eip155:31337', accountAddress: ACCOUNT });
    expect(message.domain).toBe(location.host);
    expect(message.toString()).toContain('Sign in to the test page');
    const signature = await new FakeAdapter().signMessage(fakeWalletConnector.id, ACCOUNT, message.toString());
    await siwx.addSession({ data: message, message: message.toString(), signature });
    const [session] = await createDefaultSiwx().getSessions('eip155:31337', ACCOUNT);
    expect(session?.data.accountAddress).toBe(ACCOUNT);
  });

  it('server: the message carries the API’s nonce; a refusal is the API’s own words', async () => {
    const api = await apiStub({
      'POST /v1/sessions/nonce': () => ({ status: 201, json: { nonce: 'apiNonce12345678', expiresAt: new Date(Date.now() + 600_000).toISOString() } }),
      'POST /v1/sessions': () => ({ status: 401, json: { error: 'Nonce expired or already used' } }),
    });
    try {
      const siwx = createServerSiwx({ apiUrl: api.url, projectId: 'p' });
      const message = await siwx.createMessage({ chainId: 'eip155:31337', accountAddress: ACCOUNT });
      expect(message.nonce).toBe('apiNonce12345678');
      await expect(siwx.addSession({ data: message, message: message.toString(), signature: '0x01' })).rejects.toThrow('Nonce expired or already used');
      expect(await siwx.getToken('eip155:31337', ACCOUNT)).toBeUndefined();
    } finally {
      await api.close();
    }
  });
});

describe('revoking from the browser signs with the wallet of the address’s namespace', () => {
  const SESSION_ID = '6f1c9a52-1d2b-4f7e-9c1a-2b3c4d5e6f70';
  const LIST_NONCE = 'listNonce12345678';
  const revokeText = `Revoke Portico session ${SESSION_ID}`;
  const cleanups: Array<() => void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    await stopTestCores();
  });

  /** The current Portico over `core`, as createPortico leaves it for `portico_shell/siwx`. */
  function useCore(core: PorticoCore) {
    setCurrentInstance(createInstance(core, () => undefined));
    cleanups.push(() => core.connection.stop());
  }

  /** A page whose only networks are `networks`, with the built-in adapters, connected through the registered `wallet`. */
  async function connectedThrough(wallet: Wallet, networks: unknown[]) {
    cleanups.push(registerSolanaWallet(window, wallet));
    const core = createPorticoCore(minimalOptions({ networks }), { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false });
    useCore(core);
    await core.connection.start();
    await eventually(() => expect(core.store.get(connectorsAtom).some((connector) => connector.id === wallet.name)).toBe(true));
    expect(await core.connection.connect(wallet.name)).toBe(true);
    return core;
  }

  /** Revokes the account's one session on the stub API (no token held: the list is signed too); what the API got. */
  async function revoke(chainId: CaipNetworkId, address: string) {
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const api = await apiStub({
      'POST /v1/sessions/nonce': { status: 201, json: { nonce: LIST_NONCE, expiresAt: later } },
      'GET /v1/sessions/:address': {
        json: {
          sessions: [
            {
              id: SESSION_ID,
              account: `${chainId}:${address}`,
              data: { accountAddress: address, chainId, domain: location.host, uri: location.href, nonce: 'signInNonce1234', version: '1', issuedAt: now },
              message: 'the signed sign-in text',
              signature: 'c2lnbmF0dXJl',
              createdAt: now,
              expiresAt: later,
            },
          ],
        },
      },
      'POST /v1/sessions/:address/revoke': { json: { id: SESSION_ID, revokedAt: now } },
    });
    try {
      await createServerSiwx({ apiUrl: api.url, projectId: 'p' }).revokeSession(chainId, address);
      const authorization = String(api.requestsTo(`/v1/sessions/${address}`)[0]?.headers.authorization);
      const revoked = JSON.parse(api.requestsTo(`/v1/sessions/${address}/revoke`)[0]!.body) as { pci: string; signature: string };
      expect(revoked.pci).toBe(SESSION_ID);
      return { listText: `List Portico sessions of ${address}\nNonce: ${LIST_NONCE}`, listSignature: /signature=(\S+)$/.exec(authorization)?.[1], revokeSignature: revoked.signature };
    } finally {
      await api.close();
    }
  }

  it('an address no connected wallet holds: refused before anything is revoked', async () => {
    const { core, adapter } = await testCore({ connect: true });
    useCore(core);
    const api = await apiStub({ 'POST /v1/sessions/nonce': { status: 201, json: { nonce: LIST_NONCE, expiresAt: new Date(Date.now() + 600_000).toISOString() } } });
    try {
      await expect(createServerSiwx({ apiUrl: api.url, projectId: 'p' }).revokeSession('eip155:31337', RECEIVER)).rejects.toThrow('No ConnectionController client found');
      expect(api.requestsTo(/revoke$/)).toHaveLength(0);
      expect(adapter.walletRequests.filter((request) => request.method === 'signMessage')).toHaveLength(0);
    } finally {
      await api.close();
    }
  });

  it('eip155: personal_sign by the account', async () => {
    const { core, adapter } = await testCore({ connect: true });
    useCore(core);
    const sent = await revoke('eip155:31337', ACCOUNT);
    const signer = new FakeAdapter();
    expect(sent.listSignature).toBe(await signer.signMessage(fakeWalletConnector.id, ACCOUNT, sent.listText));
    expect(sent.revokeSignature).toBe(await signer.signMessage(fakeWalletConnector.id, ACCOUNT, revokeText));
    expect(adapter.walletRequests.filter((request) => request.method === 'signMessage').map((request) => request.address)).toEqual([ACCOUNT, ACCOUNT]);
  });

  it('solana: the wallet signs the texts with solana:signMessage, the API gets base58 signatures', async () => {
    // happy-dom says no secure context, where a real page (https, localhost) is one: @solana/kit's keys need it.
    const secure = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');
    Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
    cleanups.push(() => (secure ? Object.defineProperty(globalThis, 'isSecureContext', secure) : delete (globalThis as { isSecureContext?: boolean }).isSecureContext));
    const wallet = await SolanaTestWallet.create();
    await connectedThrough(wallet, [solanaLocalnet]);
    const sent = await revoke(solanaLocalnet.caipNetworkId as CaipNetworkId, wallet.address);
    const signed = wallet.calls.filter((call) => call.feature === 'solana:signMessage');
    expect(signed.map((call) => new TextDecoder().decode((call.input as [{ message: Uint8Array }])[0].message))).toEqual([sent.listText, revokeText]);
    expect(sent.listSignature).toMatch(BASE58_SIGNATURE);
    expect(sent.revokeSignature).toMatch(BASE58_SIGNATURE);
  });

  it('bitcoin: BIP-322 signatures by the payment address', async () => {
    const wallet = await BitcoinTestWallet.create();
    const core = await connectedThrough(wallet, [bitcoinMainnet]);
    const address = core.store.get(accountsAtom).bip122!.address!;
    const sent = await revoke(bitcoinMainnet.caipNetworkId as CaipNetworkId, address);
    expect(await verifyBitcoinSignature(address, sent.listText, sent.listSignature!)).toBe(true);
    expect(await verifyBitcoinSignature(address, revokeText, sent.revokeSignature)).toBe(true);
    expect(wallet.calls.filter((call) => call.feature === 'bitcoin:signMessage')).toHaveLength(2);
  });
});

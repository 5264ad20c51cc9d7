import { EventEmitter } from 'node:events';
import { ACCOUNT, anvil } from '@portico/test-kit';
import { describe, expect, it, rs } from '@rstest/core';
import { isUserRejection } from '../src/errors';
import { toCaipNetwork, type NetworkInput } from '../src/network';
import type { Cacao, SIWXConfig, SIWXMessage, SIWXSession } from '../src/siwx';
import { createUniversalSource } from '../src/walletconnect/universal';

/**
 * A UniversalProvider stand-in: `connect` approves a session on both chains; `authenticate`
 * answers what the test set in `authAnswer` (CACAOs, none as after the fallback proposal, or the
 * bare message the SDK rejects with when the wallet refuses).
 */
class FakeUniversalProvider extends EventEmitter {
  static last: FakeUniversalProvider;
  static async init() {
    return (FakeUniversalProvider.last = new FakeUniversalProvider());
  }
  session: { namespaces: { eip155: { accounts: string[] } } } | undefined;
  connectCalls: unknown[] = [];
  authenticateCalls: Array<Record<string, unknown>> = [];
  persisted: Array<[string, unknown]> = [];
  authAnswer: { auths?: Cacao[] } | string = {};
  client = {
    core: { verify: { register: async () => 'hosted' }, relayer: new EventEmitter() },
    formatAuthMessage: ({ request, iss }: { request: Cacao['p']; iss: string }) => `${request.domain} signed by ${iss} (nonce ${request.nonce})`,
  };
  private settle() {
    this.session = { namespaces: { eip155: { accounts: [`eip155:31337:${ACCOUNT}`, `eip155:31338:${ACCOUNT}`] } } };
    this.emit('display_uri', 'wc:pairing@2');
  }
  async connect(params: unknown) {
    this.connectCalls.push(params);
    this.settle();
  }
  async authenticate(params: Record<string, unknown>) {
    this.authenticateCalls.push(params);
    this.settle();
    if (typeof this.authAnswer === 'string') throw this.authAnswer;
    return { session: this.session, ...this.authAnswer };
  }
  async persist(key: string, value: unknown) {
    this.persisted.push([key, value]);
  }
}
// The factory runs when universal.ts is imported, before this module's classes exist: it defers to the class.
rs.mock('@walletconnect/universal-provider', () => ({ default: { init: () => FakeUniversalProvider.init() } }));

const second = { ...anvil, id: 31338, name: 'Anvil Second', rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } };
const NONCE = 'n0nce1234';

/** A host SIWX that records what reaches it; `addSession` waits for `release` when given one. */
function hostSiwx(options: { release?: Promise<void>; refuse?: boolean; noMessage?: boolean } = {}) {
  const added: SIWXSession[] = [];
  const inputs: SIWXMessage.Input[] = [];
  const siwx: SIWXConfig = {
    async createMessage(input) {
      inputs.push(input);
      if (options.noMessage) throw new Error('The API is down');
      const data = { ...input, domain: 'dapp.example', uri: 'https://dapp.example', version: '1', nonce: NONCE, issuedAt: '2026-11-24T09:00:00.000Z' };
      return { ...data, toString: () => 'text' };
    },
    async addSession(session) {
      await options.release;
      if (options.refuse) throw new Error('Nonce expired or already used');
      added.push(session);
    },
    revokeSession: async () => {},
    setSessions: async () => {},
    getSessions: async () => [],
  };
  return { siwx, added, inputs };
}

function cacao(chain: string): Cacao {
  return {
    h: { t: 'caip122' },
    p: { domain: 'dapp.example', aud: 'https://dapp.example', nonce: NONCE, iss: `did:pkh:${chain}:${ACCOUNT}`, version: '1', iat: '2026-11-24T09:00:00.000Z' },
    s: { t: 'eip191', s: `0x${chain === 'eip155:31337' ? 'aa' : 'bb'}` },
  };
}

async function source(siwx: SIWXConfig | undefined, networks: NetworkInput[] = [anvil, second]) {
  const created = await createUniversalSource({
    projectId: 'p',
    relayUrl: 'ws://relay.test',
    metadata: { name: 'App', description: '', url: 'https://dapp.example', icons: [] },
    networks: networks.map(toCaipNetwork),
    verify: false,
    telemetry: false,
    siwx: siwx && (async () => siwx),
  });
  return { created, provider: FakeUniversalProvider.last };
}

describe('WalletConnect pairing with sign-in on (one-click auth, spec sections 5 and 7)', () => {
  it('asks the wallet to sign the host message; the session-chain CACAO is kept before connect resolves', async () => {
    const host = hostSiwx();
    const { created, provider } = await source(host.siwx);
    provider.authAnswer = { auths: [cacao('eip155:31338'), cacao('eip155:31337')] };
    const uris: Array<string | undefined> = [];

    const account = await created.connect((uri) => uris.push(uri));

    expect(account).toMatchObject({ address: ACCOUNT, chainReference: '31337' });
    expect(uris).toEqual(['wc:pairing@2']);
    expect(host.inputs).toEqual([{ chainId: 'eip155:31337', accountAddress: '0x0000000000000000000000000000000000000000' }]);
    expect(provider.connectCalls).toEqual([]);
    expect(provider.authenticateCalls).toEqual([
      expect.objectContaining({
        chains: ['eip155:31337', 'eip155:31338'],
        chainId: 'eip155:31337',
        nonce: NONCE,
        domain: 'dapp.example',
        uri: 'https://dapp.example',
        iat: '2026-11-24T09:00:00.000Z',
        methods: expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
        optionalNamespaces: {
          eip155: expect.objectContaining({ rpcMap: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' } }),
        },
      }),
    ]);
    // One session, from the CACAO of the chain the wallet connected on.
    expect(host.added).toEqual([
      expect.objectContaining({
        message: `dapp.example signed by did:pkh:eip155:31337:${ACCOUNT} (nonce ${NONCE})`,
        signature: '0xaa',
        data: expect.objectContaining({ chainId: 'eip155:31337', accountAddress: ACCOUNT }),
      }),
    ]);
    // Offline, the hosted verify iframe is skipped (wc_sessionAuthenticate is a verified method).
    expect(await provider.client.core.verify.register()).toBe('');
    // Kept with the session as connect() keeps them, so a restored session still reads through the rpcMap.
    expect(provider.persisted).toEqual([['optionalNamespaces', provider.authenticateCalls[0]!.optionalNamespaces]]);
  });

  it('connect waits for the host to keep the session (the sign-in check after connecting must find it)', async () => {
    let release = () => {};
    const host = hostSiwx({ release: new Promise<void>((resolve) => (release = resolve)) });
    const { created, provider } = await source(host.siwx);
    provider.authAnswer = { auths: [cacao('eip155:31337')] };
    let connected = false;
    const connecting = created.connect(() => undefined).then(() => (connected = true));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connected).toBe(false);
    release();
    await connecting;
    expect(host.added).toHaveLength(1);
  });

  it('a wallet that answered the fallback proposal (no CACAOs) connects without a session: the sign view asks later', async () => {
    const host = hostSiwx();
    const { created, provider } = await source(host.siwx);
    provider.authAnswer = {};
    await expect(created.connect(() => undefined)).resolves.toMatchObject({ address: ACCOUNT });
    expect(host.added).toEqual([]);
  });

  it('a session the host refuses still connects (the sign view asks again)', async () => {
    const host = hostSiwx({ refuse: true });
    const { created, provider } = await source(host.siwx);
    provider.authAnswer = { auths: [cacao('eip155:31337')] };
    await expect(created.connect(() => undefined)).resolves.toMatchObject({ address: ACCOUNT });
    expect(host.added).toEqual([]);
  });

  it('the wallet refusing the sign-in request is the person declining', async () => {
    const { created, provider } = await source(hostSiwx().siwx);
    provider.authAnswer = 'User rejected.';
    const failure = await created.connect(() => undefined).catch((error: unknown) => error);
    expect(isUserRejection(failure)).toBe(true);
  });

  it('plain connect without sign-in, with a network outside eip155, or when the host has no message to sign', async () => {
    const solana = { ...anvil, id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', chainNamespace: 'solana' as const };
    const noMessage = hostSiwx({ noMessage: true });
    const cases: Array<[SIWXConfig | undefined, NetworkInput[]]> = [
      [undefined, [anvil]],
      [hostSiwx().siwx, [anvil, solana]],
      [noMessage.siwx, [anvil]],
    ];
    for (const [siwx, networks] of cases) {
      const { created, provider } = await source(siwx, networks);
      await created.connect(() => undefined);
      expect(provider.authenticateCalls).toEqual([]);
      expect(provider.connectCalls).toHaveLength(1);
    }
    expect(noMessage.inputs).toHaveLength(1);
  });
});

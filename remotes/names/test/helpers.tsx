import { configure } from '@testing-library/react';
import {
  createMemoryStorage,
  createPorticoCore,
  UserRejectedRequestError,
  type ChainAdapter,
  type ConnectedAccount,
  type Connector,
  type PorticoCore,
  type TransactionOutcome,
} from '@portico/shared-state';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ComponentType } from 'react';

// Views load their controllers lazily (dynamic import): on a busy 2-core CI machine that can take
// longer than Testing Library's default 1 s for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });


export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const API_URL = 'http://api.test';
export const SIGNATURE = `0x${'12'.repeat(65)}`;
export const COIN_TYPE = 2147514985; // 0x80000000 | 31337

export const anvil = {
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
};

const connector: Connector = { id: 'io.fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: true };

/** An eip155 test double that connects at once and signs (or declines) messages. */
export class FakeAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const;
  signed: string[] = [];
  decline = false;

  watchConnectors(onChange: (connectors: Connector[]) => void) {
    onChange([connector]);
    return () => {};
  }
  async connect(): Promise<ConnectedAccount> {
    return { address: ACCOUNT, chainReference: '31337' };
  }
  async reconnect() {
    return undefined;
  }
  async disconnect() {}
  async switchNetwork() {}
  watchWallet() {
    return () => {};
  }
  async normalizeAddress(address: string) {
    return address;
  }
  async getNativeBalance() {
    return { decimalText: '10', symbol: 'ETH' };
  }
  async estimateTransferFee() {
    return '0';
  }
  async sendTransfer(): Promise<string> {
    throw new Error('not used');
  }
  async waitForTransaction(hash: string): Promise<TransactionOutcome> {
    return { hash, status: 'success' };
  }
  getProvider() {
    return undefined;
  }
  async signMessage(_connectorId: string, _address: string, message: string) {
    this.signed.push(message);
    if (this.decline) throw new UserRejectedRequestError();
    return SIGNATURE;
  }
}

/**
 * Replaces fetch with the profile calls (spec section 7) over an in-memory name table;
 * `restore()` puts it back.
 */
export function stubProfileApi(taken: string[] = []) {
  const original = globalThis.fetch;
  const names = new Map(taken.map((name) => [name, '0x0000000000000000000000000000000000000001']));
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const stub = {
    names,
    requests: [] as Array<{ method: string; url: URL; body?: string }>,
    restore: () => {
      globalThis.fetch = original;
    },
  };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    stub.requests.push({ method, url, body: init?.body as string | undefined });
    const lookup = /^\/v1\/profile\/account\/(.+)$/.exec(url.pathname);
    if (method === 'GET' && lookup) {
      const name = decodeURIComponent(lookup[1]!);
      const owner = names.get(name);
      return owner ? json({ name, addresses: { [COIN_TYPE]: { address: owner } } }) : json({ error: 'Name not found' }, 404);
    }
    const suggest = /^\/v1\/profile\/suggestions\/(.+)$/.exec(url.pathname);
    if (suggest) {
      const label = decodeURIComponent(suggest[1]!).replace(/[^a-z0-9-]/gi, '-').toLowerCase();
      const all = [label, `${label}-eth`, `${label}1`].filter((l) => l.length >= 4).map((l) => `${l}.portico.eth`);
      return json({ suggestions: all.filter((n) => !names.has(n)).map((name) => ({ name, registered: false })) });
    }
    if (method === 'POST' && url.pathname === '/v1/profile/account') {
      const body = JSON.parse(String(init?.body)) as { message: string; address: string };
      const { name } = JSON.parse(body.message) as { name: string };
      if (names.has(name)) return json({ error: 'Name is taken' }, 409);
      names.set(name, body.address);
      return json({ name, addresses: { [COIN_TYPE]: { address: body.address } }, attributes: {}, registeredAt: new Date().toISOString() }, 201);
    }
    if (url.pathname.startsWith('/v1/identity/')) return json({ name: null, avatar: null });
    return json({ error: 'not found' }, 404);
  }) as typeof fetch;
  return stub;
}

/** A real core over the fake adapter, connected to ACCOUNT on anvil, with RegisterAccountName opened from Account. */
export async function testCore(): Promise<{ core: PorticoCore; adapter: FakeAdapter }> {
  const adapter = new FakeAdapter();
  const core = createPorticoCore(
    {
      projectId: 'test-project',
      metadata: { name: 'Test dapp', description: 'A test', url: 'https://dapp.example', icons: [] },
      networks: [anvil],
      apiUrl: API_URL,
    },
    { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false, adapters: { eip155: adapter } },
  );
  await core.connection.start();
  await core.connection.connect(connector.id);
  core.router.reset('Account');
  core.router.push('RegisterAccountName');
  return { core, adapter };
}

export function renderView(View: ComponentType<{ portico: PorticoCore }>, core: PorticoCore) {
  return render(
    <Provider store={core.store}>
      <View portico={core} />
    </Provider>,
  );
}

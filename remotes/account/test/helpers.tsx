import { configure } from '@testing-library/react';
import {
  createMemoryStorage,
  createPorticoCore,
  type BalanceItem,
  type ChainAdapter,
  type ConnectedAccount,
  type Connector,
  type Nft,
  type PorticoCore,
  type Transaction,
} from '@portico/shared-state';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ComponentType } from 'react';

// Views load their controllers lazily (dynamic import): on a busy 2-core CI machine that can take
// longer than Testing Library's default 1 s for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });


export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const API_URL = 'http://api.test';

export const anvil = {
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.test' } },
};
export const anvil2 = { ...anvil, id: 31338, name: 'Anvil Two', rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } };
export const solanaDevnet = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  chainNamespace: 'solana',
  testnet: true,
};

const connector: Connector = { id: 'io.fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: true };

/** An eip155 adapter whose wallet approves at once, on anvil, with 10,000 ETH. */
export const fakeAdapter: ChainAdapter = {
  namespace: 'eip155',
  watchConnectors(onChange) {
    onChange([connector]);
    return () => {};
  },
  async connect(): Promise<ConnectedAccount> {
    return { address: ADDRESS, chainReference: '31337' };
  },
  async reconnect() {
    return undefined;
  },
  async disconnect() {},
  async switchNetwork() {},
  watchWallet: () => () => {},
  async normalizeAddress(address) {
    return address;
  },
  async getNativeBalance() {
    return { decimalText: '10000.0', symbol: 'ETH' };
  },
  async estimateTransferFee() {
    return '0.0001';
  },
  async sendTransfer() {
    return `0x${'1'.repeat(64)}`;
  },
  async waitForTransaction(hash) {
    return { hash, status: 'success' };
  },
  getProvider: () => undefined,
};

export const ethBalance: BalanceItem = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 30_000_000,
  price: 3000,
  quantity: { decimals: '18', numeric: '10000' },
  iconUrl: 'http://api.test/icons/eth.png',
};
export const usdcBalance: BalanceItem = {
  name: 'Portico USD',
  symbol: 'PUSD',
  chainId: 'eip155:31337',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 1234.57,
  price: 1,
  quantity: { decimals: '6', numeric: '1234.5678' },
};

export function transaction(index: number, overrides: Partial<Transaction['metadata']> = {}, transfers?: Transaction['transfers']): Transaction {
  return {
    id: `tx-${index}`,
    metadata: {
      operationType: 'send',
      hash: `0x${index.toString(16).padStart(64, '0')}`,
      minedAt: new Date(Date.now() - (index + 5) * 60_000).toISOString(),
      sentFrom: ADDRESS,
      sentTo: OTHER,
      status: 'confirmed',
      chain: 'eip155:31337',
      ...overrides,
    },
    transfers: transfers ?? [
      { direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { name: 'Ether', symbol: 'ETH' }, value: 4500 },
    ],
  };
}

/** What the fake blockchain API answers; tests change it before (or while) rendering. */
type ApiCall = 'balance' | 'nfts' | 'history' | 'identity';

export interface FakeApi {
  balances: BalanceItem[];
  nfts: Nft[];
  /** Pages of history by cursor ('' is the first page). */
  history: Record<string, { data: Transaction[]; next?: string | null }>;
  identity: { name?: string | null; avatar?: string | null };
  /** Paths that answer 500. */
  failing: Set<ApiCall>;
  /** When set, balance requests wait for this promise. */
  balanceGate?: Promise<void>;
  requests: URL[];
}

/** Replaces fetch with the blockchain API of spec section 7, answering from `api`. */
export function stubApi(initial: Partial<FakeApi> = {}) {
  const original = globalThis.fetch;
  const api: FakeApi = {
    balances: [],
    nfts: [],
    history: { '': { data: [] } },
    identity: {},
    failing: new Set(),
    requests: [],
    ...initial,
  };
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    api.requests.push(url);
    const account = url.pathname.match(/^\/v1\/account\/([^/]+)\/(balance|nfts|history)$/);
    const identity = url.pathname.match(/^\/v1\/identity\/([^/]+)$/);
    const kind = (account?.[2] ?? (identity ? 'identity' : undefined)) as ApiCall | undefined;
    if (!kind) return new Response('not found', { status: 404 });
    if (api.failing.has(kind)) return new Response('upstream down', { status: 500 });
    if (kind === 'balance') {
      if (api.balanceGate) await api.balanceGate;
      return json({ balances: api.balances });
    }
    if (kind === 'nfts') return json({ data: api.nfts });
    if (kind === 'identity') return json(api.identity);
    const page = api.history[url.searchParams.get('cursor') ?? ''] ?? { data: [] };
    return json({ data: page.data, next: page.next ?? null });
  }) as typeof fetch;
  return { api, restore: () => void (globalThis.fetch = original) };
}

/** A real core over the fake adapter, connected to ADDRESS on Anvil Local. */
export async function connectedCore(options: Record<string, unknown> = {}): Promise<PorticoCore> {
  const core = createPorticoCore(
    {
      projectId: 'test-project',
      metadata: { name: 'Test dapp', description: 'A test', url: 'https://dapp.example', icons: [] },
      networks: [anvil, anvil2],
      apiUrl: API_URL,
      ...options,
    },
    { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false, adapters: { eip155: fakeAdapter } },
  );
  await core.connection.start();
  await core.connection.connect('io.fake');
  return core;
}

export function renderView(View: ComponentType<{ portico: PorticoCore }>, core: PorticoCore) {
  return render(
    <Provider store={core.store}>
      <View portico={core} />
    </Provider>,
  );
}

/** IntersectionObserver that reports only when the test says the element is in view. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  elements: Element[] = [];
  constructor(private callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.elements = [];
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((instance) => instance !== this);
  }
  takeRecords() {
    return [];
  }
  /** Scrolls every observed element into view. */
  static scrollIntoView() {
    for (const instance of [...FakeIntersectionObserver.instances]) {
      const entries = instance.elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      if (entries.length) instance.callback(entries, instance as unknown as IntersectionObserver);
    }
  }
}

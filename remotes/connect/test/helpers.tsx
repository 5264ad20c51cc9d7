import { configure } from '@testing-library/react';
import {
  createMemoryStorage,
  createPorticoCore,
  type ChainAdapter,
  type ConnectedAccount,
  type Connector,
  type PorticoCore,
  type RegistryWallet,
} from '@portico/shared-state';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ComponentType } from 'react';

// Views load their controllers lazily (dynamic import): on a busy 2-core CI machine that can take
// longer than Testing Library's default 1 s for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });


export const anvil = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};

export const API_URL = 'http://registry.test';
export const ANVIL_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export const walletConnectConnector: Connector = {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
  installed: false,
};
export const fakeWalletConnector: Connector = {
  id: 'io.fake',
  name: 'Fake Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  info: { rdns: 'io.fake' },
  installed: true,
};

/** An eip155 adapter whose wallet answers when the test says so. */
export class FakeAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const;
  connectCalls: string[] = [];
  private pending: Array<{ resolve(account: ConnectedAccount): void; reject(error: unknown): void }> = [];
  constructor(private connectors: Connector[]) {}

  watchConnectors(onChange: (connectors: Connector[]) => void) {
    onChange(this.connectors);
    return () => {};
  }
  connect(connectorId: string) {
    this.connectCalls.push(connectorId);
    return new Promise<ConnectedAccount>((resolve, reject) => this.pending.push({ resolve, reject }));
  }
  approve() {
    this.pending.shift()?.resolve({ address: ANVIL_ADDRESS, chainReference: '31337' });
  }
  reject() {
    this.pending.shift()?.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
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
    return { decimalText: '1', symbol: 'ETH' };
  }
  // The connect views never send: these parts of the adapter stay unused here.
  async estimateTransferFee(): Promise<string> {
    throw new Error('not used by the connect views');
  }
  async sendTransfer(): Promise<string> {
    throw new Error('not used by the connect views');
  }
  async waitForTransaction(): Promise<never> {
    throw new Error('not used by the connect views');
  }
  getProvider() {
    return undefined;
  }
}

export interface TestCoreOptions {
  options?: Record<string, unknown>;
  connectors?: Connector[];
  isMobile?: boolean;
}

/** A real core over a fake wallet adapter, with discovery started. */
export async function testCore({ options = {}, connectors, isMobile = false }: TestCoreOptions = {}) {
  const adapter = new FakeAdapter(connectors ?? [walletConnectConnector, fakeWalletConnector]);
  const core = createPorticoCore(
    {
      projectId: 'test-project',
      metadata: { name: 'Test dapp', description: 'A test', url: 'https://dapp.example', icons: [] },
      networks: [anvil],
      apiUrl: API_URL,
      ...options,
    },
    { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile, adapters: { eip155: adapter } },
  );
  await core.connection.start();
  return { core, adapter };
}

export function renderView(View: ComponentType<{ portico: PorticoCore }>, core: PorticoCore) {
  return render(
    <Provider store={core.store}>
      <View portico={core} />
    </Provider>,
  );
}

/** `count` registry wallets: "Wallet 0001"…, plus one that is the installed Fake Wallet. */
export function registryWallets(count: number): RegistryWallet[] {
  const wallets: RegistryWallet[] = [
    { id: 'fake', name: 'Fake Wallet', rdns: 'io.fake', image_url: `${API_URL}/v1/images/fake` },
  ];
  for (let index = 1; wallets.length < count; index++) {
    const id = `w${String(index).padStart(4, '0')}`;
    wallets.push({
      id,
      name: `Wallet ${String(index).padStart(4, '0')}`,
      rdns: `com.example.${id}`,
      image_url: `${API_URL}/v1/images/${id}`,
      mobile_link: index % 2 ? `wallet${index}://` : `https://wallet${index}.example/app`,
    });
  }
  return wallets;
}

/**
 * Replaces fetch with the wallet-service list call (spec section 7) over `wallets`: page, entries,
 * include, exclude, search. `failing` makes every call answer 500.
 */
export function stubRegistry(wallets: RegistryWallet[]) {
  const original = globalThis.fetch;
  const stub = {
    requests: [] as URL[],
    failing: false,
    restore: () => {
      globalThis.fetch = original;
    },
  };
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    stub.requests.push(url);
    if (stub.failing) return new Response('down for maintenance', { status: 500 });
    if (url.pathname !== '/v1/wallets') return new Response('not found', { status: 404 });
    const params = url.searchParams;
    const page = Number(params.get('page') ?? 1);
    const entries = Number(params.get('entries') ?? 40);
    const include = params.get('include')?.split(',');
    const exclude = params.get('exclude')?.split(',') ?? [];
    const search = params.get('search')?.toLowerCase();
    const matching = wallets.filter(
      (wallet) =>
        (!include || include.includes(wallet.id)) &&
        !exclude.includes(wallet.id) &&
        (!search || wallet.name.toLowerCase().includes(search)),
    );
    const data = matching.slice((page - 1) * entries, page * entries);
    return new Response(JSON.stringify({ count: matching.length, data }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return stub;
}

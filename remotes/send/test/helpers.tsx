import { configure } from '@testing-library/react';
import {
  createMemoryStorage,
  createPorticoCore,
  type BalanceItem,
  type ChainAdapter,
  type ConnectedAccount,
  type Connector,
  type PorticoCore,
  type TokenTransfer,
  type TransactionOutcome,
} from '@portico/shared-state';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ComponentType } from 'react';

// Views load their controllers lazily (dynamic import): on a busy 2-core CI machine that can take
// longer than Testing Library's default 1 s for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });


export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const API_URL = 'http://api.test';
export const EXPLORER = 'https://explorer.test';
export const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const TX_HASH = `0x${'ab'.repeat(32)}`;

export const anvil = {
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: EXPLORER } },
};

export const BALANCES: BalanceItem[] = [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '10' }, price: 3000, value: 30000 },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:31337',
    address: `eip155:31337:${USDC_CONTRACT}`,
    quantity: { decimals: '6', numeric: '250.5' },
    price: 1,
    value: 250.5,
  },
];

const connector: Connector = { id: 'io.fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: true };

type Deferred<T> = { resolve(value: T): void; reject(error: unknown): void };

/** An eip155 test double: connects at once; each transfer waits until the test approves or rejects it. */
export class FakeAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const;
  transfers: TokenTransfer[] = [];
  estimates: TokenTransfer[] = [];
  fee = '0.000021';
  private signatures: Deferred<string>[] = [];

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
  async estimateTransferFee(transfer: TokenTransfer) {
    this.estimates.push(transfer);
    return this.fee;
  }
  sendTransfer(_connectorId: string, transfer: TokenTransfer) {
    this.transfers.push(transfer);
    return new Promise<string>((resolve, reject) => this.signatures.push({ resolve, reject }));
  }
  /** Thrown by waitForTransaction (a receipt that cannot be read), when set. */
  receiptError: Error | undefined;
  async waitForTransaction(hash: string): Promise<TransactionOutcome> {
    if (this.receiptError) throw this.receiptError;
    return { hash, status: 'success' };
  }
  getProvider() {
    return undefined;
  }
  /** The wallet signs the oldest transfer it was asked for. */
  approve(hash = TX_HASH) {
    this.signatures.shift()?.resolve(hash);
  }
  /** The person declines in the wallet (EIP-1193 4001). */
  decline() {
    this.signatures.shift()?.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
  }
  fail(message: string) {
    this.signatures.shift()?.reject(new Error(message));
  }
}

/** Replaces fetch with the blockchain API's balance call (spec section 7); `restore()` puts it back. */
export function stubBalances(balances: BalanceItem[] = BALANCES) {
  const original = globalThis.fetch;
  const stub = {
    requests: [] as URL[],
    restore: () => {
      globalThis.fetch = original;
    },
  };
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    stub.requests.push(url);
    if (!/^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify({ balances }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return stub;
}

/** A real core over the fake adapter, connected to ACCOUNT on anvil, with Send opened from Account. */
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
  core.router.push('WalletSend');
  return { core, adapter };
}

export function renderView(View: ComponentType<{ portico: PorticoCore }>, core: PorticoCore) {
  return render(
    <Provider store={core.store}>
      <View portico={core} />
    </Provider>,
  );
}

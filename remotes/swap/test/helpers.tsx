import { configure } from '@testing-library/react';
import {
  createMemoryStorage,
  createPorticoCore,
  type BalanceItem,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectedAccount,
  type Connector,
  type PorticoCore,
  type PreparedCall,
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
export const EXPLORER = 'https://explorer.test';
export const CHAIN = 'eip155:31337';
export const PUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const PTK = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;

export const anvil = {
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: EXPLORER } },
};

export const BALANCES: BalanceItem[] = [
  { name: 'Ether', symbol: 'ETH', chainId: CHAIN, quantity: { decimals: '18', numeric: '10' } },
  { name: 'Portico USD', symbol: 'PUSD', chainId: CHAIN, address: `${CHAIN}:${PUSD}`, quantity: { decimals: '6', numeric: '25000' } },
];

export const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: 'data:image/svg+xml;base64,PHN2Zy8+' },
  { name: 'Portico USD', symbol: 'PUSD', address: `${CHAIN}:${PUSD}`, decimals: 6 },
  { name: 'Portico Token', symbol: 'PTK', address: `${CHAIN}:${PTK}`, decimals: 18 },
];

const connector: Connector = { id: 'io.fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: true };
type Deferred<T> = { resolve(value: T): void; reject(error: unknown): void };

/** An eip155 test double: connects at once; each prepared call waits until the test signs or declines it. */
export class FakeAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const;
  calls: PreparedCall[] = [];
  outcome: TransactionOutcome['status'] = 'success';
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
  async estimateTransferFee() {
    return '0.000021';
  }
  async sendTransfer(): Promise<string> {
    throw new Error('not used');
  }
  sendTransaction(_connectorId: string, call: PreparedCall, _network: CaipNetwork) {
    this.calls.push(call);
    return new Promise<string>((resolve, reject) => this.signatures.push({ resolve, reject }));
  }
  /** Thrown by waitForTransaction (a receipt that cannot be read), when set. */
  receiptError: Error | undefined;
  async waitForTransaction(hash: string): Promise<TransactionOutcome> {
    if (this.receiptError) throw this.receiptError;
    return { hash, status: this.outcome };
  }
  getProvider() {
    return undefined;
  }
  /** The wallet signs the oldest call it was asked for. */
  sign(hash = `0x${String(this.calls.length).padStart(64, '0')}`) {
    this.signatures.shift()?.resolve(hash);
  }
  /** The person declines in the wallet (EIP-1193 4001). */
  decline() {
    this.signatures.shift()?.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
  }
}

/** The API's state the stub answers from. */
export interface StubState {
  allowance: bigint;
  toAmount: bigint;
  tokensError?: string;
  /** Whom the built swap pays (the connected account unless a test says otherwise). */
  swapRecipient?: string;
}

/** ABI words (32 bytes each) of uints and addresses: enough to build the API's two calls here. */
const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');
export const MAX_UINT256 = 2n ** 256n - 1n;

/** approve(spender, amount) calldata. */
export const approveData = (spender: string, amount: bigint) => `0x095ea7b3${word(spender)}${word(amount)}`;

/** swapExactTokensForTokens(amountIn, amountOutMin, [from, to], recipient, deadline) calldata. */
export function swapData(amountIn: bigint, amountOutMin: bigint, path: string[], recipient: string, deadline: number) {
  const head = [word(amountIn), word(amountOutMin), word(5n * 32n), word(recipient), word(BigInt(deadline))];
  return `0x38ed1739${head.join('')}${word(BigInt(path.length))}${path.map(word).join('')}`;
}

/** Replaces fetch with the balance and convert calls (spec section 7); `restore()` puts it back. */
export function stubApi(state: StubState = { allowance: 0n, toAmount: 39_960_000_000_000_000_000n }) {
  const original = globalThis.fetch;
  const stub = {
    state,
    requests: [] as { url: URL; body?: unknown }[],
    restore: () => {
      globalThis.fetch = original;
    },
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    stub.requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const p = url.searchParams;
    if (/^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) return json({ balances: BALANCES });
    switch (url.pathname) {
      case '/v1/convert/tokens':
        return state.tokensError ? json({ error: state.tokensError }, 400) : json({ router: ROUTER, tokens: TOKENS });
      case '/v1/convert/quotes':
        return json({ quotes: [{ fromAmount: p.get('amount'), toAmount: state.toAmount.toString(), priceImpact: 0.00999, fee: ((BigInt(p.get('amount')!) * 3n) / 1000n).toString() }] });
      case '/v1/convert/allowance':
        return json({ allowance: state.allowance.toString() });
      case '/v1/convert/build-approve': {
        // Like the API: without an amount, an unlimited approval.
        const amount = p.get('amount');
        return json({ tx: { from: ACCOUNT, to: PUSD, data: approveData(ROUTER, amount ? BigInt(amount) : MAX_UINT256), value: '0' } });
      }
      case '/v1/convert/build-transaction': {
        const body = JSON.parse(String(init!.body)) as { amount: string; eip155: { slippage: string }; from: string; to: string };
        const address = (caip: string) => caip.slice(caip.lastIndexOf(':') + 1);
        const amountOutMin = (state.toAmount * (10_000n - BigInt(Math.round(Number(body.eip155.slippage) * 100)))) / 10_000n;
        const deadline = Math.floor(Date.now() / 1000) + 1200;
        const data = swapData(BigInt(body.amount), amountOutMin, [address(body.from), address(body.to)], state.swapRecipient ?? ACCOUNT, deadline);
        return json({ tx: { from: ACCOUNT, to: ROUTER, data, value: '0', gas: '150000' } });
      }
      default:
        return new Response('not found', { status: 404 });
    }
  }) as typeof fetch;
  return stub;
}

/** A real core over the fake adapter, connected to ACCOUNT on anvil, with Swap opened from Account. */
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
  core.router.push('Swap');
  return { core, adapter };
}

export function renderView(View: ComponentType<{ portico: PorticoCore }>, core: PorticoCore) {
  return render(
    <Provider store={core.store}>
      <View portico={core} />
    </Provider>,
  );
}

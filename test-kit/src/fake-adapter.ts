import {
  UserRejectedRequestError,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectedAccount,
  type Connector,
  type PreparedCall,
  type TokenTransfer,
  type TransactionOutcome,
  type WalletEventHandlers,
} from '@portico/shared-state';
import { ACCOUNT, ACCOUNT_PRIVATE_KEY, ICON, TX_HASH } from './fixtures';

/** The WalletConnect connector, as the eip155 adapter lists it. @example new FakeAdapter({ connectors: [walletConnectConnector] }) */
export const walletConnectConnector: Connector = {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
  installed: false,
};

/**
 * An installed EIP-6963 wallet, "Fake Wallet" (id and rdns 'io.fake'): the one FakeAdapter connects
 * by default. It is exactly what the real eip155 adapter lists for an installed `FakeWallet`
 * (shared-state's eip155-adapter test checks it).
 * @example await core.connection.connect(fakeWalletConnector.id);
 */
export const fakeWalletConnector: Connector = {
  id: 'io.fake',
  name: 'Fake Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: ICON,
  info: { rdns: 'io.fake' },
  installed: true,
};

/**
 * The person declining in the wallet, as the eip155 adapter reports it (EIP-1193 4001 wrapped).
 * @example adapter.sendError = userRejection();
 */
export const userRejection = () =>
  new UserRejectedRequestError(Object.assign(new Error('User rejected the request.'), { code: 4001 }));

/** A connect the wallet has not answered yet. @example adapter.pendingConnects[0]!.reject(new Error('Relay unreachable')); */
export interface PendingConnect {
  connectorId: string;
  /** The wallet approves (with the adapter's `account` unless given). */
  resolve(account?: ConnectedAccount): void;
  reject(error: unknown): void;
  settled: boolean;
}

/**
 * Something the wallet was asked to do, in order: which connector, on which network.
 * @example expect(adapter.walletRequests.at(-1)).toMatchObject({ method: 'sendTransfer', connectorId: 'io.fake' });
 */
export interface WalletRequest {
  method: 'switchNetwork' | 'sendTransfer' | 'sendTransaction' | 'signMessage';
  connectorId: string;
  network?: CaipNetwork;
  /** signMessage: the signing address. */
  address?: string;
}

/** How a new FakeAdapter behaves (each is also a public field to change later). @example new FakeAdapter({ walletWaits: true, nativeBalance: '10000.0' }) */
export interface FakeAdapterOptions {
  /** Connectors discovered (default: WalletConnect and the installed Fake Wallet). */
  connectors?: Connector[];
  /** What a wallet connects with (default: ACCOUNT on chain 31337). */
  account?: ConnectedAccount;
  /**
   * Every connect waits until the test calls approveConnect()/rejectConnect() (default false:
   * wallets other than WalletConnect connect at once; a WalletConnect pairing always waits).
   */
  connectWaits?: boolean;
  /**
   * Every transfer, prepared call and signature waits until the test calls approve(), decline() or
   * fail() (default false: the wallet answers at once).
   */
  walletWaits?: boolean;
  /** Native balance as decimal text (default '10'). */
  nativeBalance?: string;
  /** Fee estimateTransferFee answers (default '0.000021'). */
  fee?: string;
  /** A fixed signature for signMessage (default: a real personal_sign by ACCOUNT's dev key). */
  signature?: string;
}

type Prompt = { resolve(value: string): void; reject(error: unknown): void; answer(): Promise<string> };

/**
 * One configurable eip155 ChainAdapter for tests: discovers `connectors`, connects to `account`,
 * answers balances and fees, and plays the wallet for transfers, prepared calls (swaps) and
 * message signing, at once or when the test says so. Everything asked is recorded.
 * @example
 * // Wallet answers at once; a send fails with a decline:
 * const adapter = new FakeAdapter();
 * adapter.sendError = userRejection();
 * @example
 * // A view test clicks, then plays the person in the wallet:
 * const { core, adapter } = await testCore({ adapter: { walletWaits: true }, connect: true });
 * fireEvent.click(screen.getByRole('button', { name: 'Send' }));
 * await waitFor(() => expect(adapter.transfers).toHaveLength(1));
 * act(() => adapter.decline());
 */
export class FakeAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const;
  connectors: Connector[];
  account: ConnectedAccount;
  connectWaits: boolean;
  walletWaits: boolean;
  nativeBalance: string;
  fee: string;
  signature: string | undefined;
  /** The hash a transfer answers with when the wallet answers at once. */
  hash = TX_HASH;
  /** Thrown by sendTransfer and sendTransaction when set (the wallet answers at once). */
  sendError: unknown;
  /** The person declines every prompt from now on (signatures, transfers, calls). */
  declining = false;
  /** Receipt status of each transaction; `outcomes` (consumed in order) wins over it. */
  outcome: TransactionOutcome['status'] = 'success';
  outcomes: Array<TransactionOutcome['status']> = [];
  /** Thrown by waitForTransaction (a receipt that cannot be read), when set. */
  receiptError: Error | undefined;
  /**
   * The connection's handlers for the connected wallet's events (until it stops watching): a test plays the
   * wallet, e.g. `adapter.walletEvents?.accountsChanged([OTHER])`.
   */
  walletEvents: WalletEventHandlers | undefined;

  /** Connector ids asked to connect, in order. */
  readonly connectCalls: string[] = [];
  /** Connects waiting for the wallet (WalletConnect pairings, or every connect with `connectWaits`), oldest first. */
  readonly pendingConnects: PendingConnect[] = [];
  readonly estimates: TokenTransfer[] = [];
  readonly transfers: TokenTransfer[] = [];
  /** Prepared calls (approvals, swaps) sent through sendTransaction. */
  readonly calls: PreparedCall[] = [];
  /** Messages asked to sign (also when declined). */
  readonly signed: string[] = [];
  readonly walletRequests: WalletRequest[] = [];
  /** Hashes whose receipt was asked for, in order. */
  readonly receiptChecks: string[] = [];
  private prompts: Prompt[] = [];

  constructor(options: FakeAdapterOptions = {}) {
    this.connectors = options.connectors ?? [walletConnectConnector, fakeWalletConnector];
    this.account = options.account ?? { address: ACCOUNT, chainReference: '31337' };
    this.connectWaits = options.connectWaits ?? false;
    this.walletWaits = options.walletWaits ?? false;
    this.nativeBalance = options.nativeBalance ?? '10';
    this.fee = options.fee ?? '0.000021';
    this.signature = options.signature;
  }

  watchConnectors(onChange: (connectors: Connector[]) => void) {
    onChange([...this.connectors]);
    return () => undefined;
  }

  connect(connectorId: string): Promise<ConnectedAccount> {
    this.connectCalls.push(connectorId);
    if (!this.connectWaits && connectorId !== walletConnectConnector.id) return Promise.resolve({ ...this.account });
    return new Promise((resolve, reject) => {
      const pending: PendingConnect = {
        connectorId,
        settled: false,
        resolve: (account = this.account) => {
          pending.settled = true;
          resolve({ ...account });
        },
        reject: (error) => {
          pending.settled = true;
          reject(error);
        },
      };
      this.pendingConnects.push(pending);
    });
  }

  /** The wallet approves the oldest waiting connect. @example act(() => adapter.approveConnect()) */
  approveConnect(account?: ConnectedAccount) {
    this.pendingConnects.find((pending) => !pending.settled)?.resolve(account);
  }

  /** The wallet refuses the oldest waiting connect (default: the person declined). */
  rejectConnect(error: unknown = userRejection()) {
    this.pendingConnects.find((pending) => !pending.settled)?.reject(error);
  }

  async reconnect() {
    return undefined;
  }
  async disconnect() {}
  async switchNetwork(connectorId: string, network: CaipNetwork) {
    this.walletRequests.push({ method: 'switchNetwork', connectorId, network });
  }
  watchWallet(_connectorId: string, handlers: WalletEventHandlers) {
    this.walletEvents = handlers;
    return () => {
      if (this.walletEvents === handlers) this.walletEvents = undefined;
    };
  }
  async normalizeAddress(address: string) {
    return address;
  }
  async getNativeBalance(_address: string, network: CaipNetwork) {
    return { decimalText: this.nativeBalance, symbol: network.nativeCurrency.symbol };
  }
  async estimateTransferFee(transfer: TokenTransfer) {
    this.estimates.push(transfer);
    return this.fee;
  }

  sendTransfer(connectorId: string, transfer: TokenTransfer, network: CaipNetwork) {
    this.transfers.push(transfer);
    this.walletRequests.push({ method: 'sendTransfer', connectorId, network });
    return this.prompt(async () => {
      if (this.sendError) throw this.sendError;
      return this.hash;
    });
  }

  /** Answers with hash 0x…01 for the first call, 0x…02 for the second, … */
  sendTransaction(connectorId: string, call: PreparedCall, network: CaipNetwork) {
    this.calls.push(call);
    this.walletRequests.push({ method: 'sendTransaction', connectorId, network });
    const hash = `0x${String(this.calls.length).padStart(64, '0')}`;
    return this.prompt(async () => {
      if (this.sendError) throw this.sendError;
      return hash;
    });
  }

  signMessage(connectorId: string, address: string, message: string) {
    this.signed.push(message);
    this.walletRequests.push({ method: 'signMessage', connectorId, address });
    return this.prompt(async () => {
      if (this.signature) return this.signature;
      const { privateKeyToAccount } = await import('viem/accounts');
      return privateKeyToAccount(ACCOUNT_PRIVATE_KEY).signMessage({ message });
    });
  }

  async waitForTransaction(hash: string): Promise<TransactionOutcome> {
    this.receiptChecks.push(hash);
    if (this.receiptError) throw this.receiptError;
    return { hash, status: this.outcomes.shift() ?? this.outcome };
  }

  getProvider() {
    return undefined;
  }

  /**
   * The wallet signs the oldest waiting prompt (`walletWaits`): with `result` (a hash or a
   * signature) or what it would answer at once.
   */
  approve(result?: string) {
    const prompt = this.prompts.shift();
    if (!prompt) return;
    if (result !== undefined) prompt.resolve(result);
    else prompt.answer().then(prompt.resolve, prompt.reject);
  }

  /** The person declines the oldest waiting prompt (EIP-1193 4001). */
  decline() {
    this.prompts.shift()?.reject(userRejection());
  }

  /** The oldest waiting prompt fails with `message` (not a decline). */
  fail(message: string) {
    this.prompts.shift()?.reject(new Error(message));
  }

  private prompt(answer: () => Promise<string>): Promise<string> {
    if (this.declining) return Promise.reject(userRejection());
    if (!this.walletWaits) return answer();
    return new Promise((resolve, reject) => this.prompts.push({ resolve, reject, answer }));
  }
}

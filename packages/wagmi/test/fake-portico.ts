/**
 * Test doubles for this package's tests only: a Portico instance that does what the real one does at
 * its edges (modal open/close, eip155 account and network, subscriptions, switch, disconnect,
 * restore after a reload) over test-kit's FakeWallet, which here also signs.
 */
import { ACCOUNT_PRIVATE_KEY, FakeWallet, anvil as anvilFixture, mainnet as mainnetFixture } from '@portico/test-kit';
import { hexToNumber, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { PorticoLike, PorticoLikeAccount, PorticoLikeNetwork, PorticoLikeNetworkInput, PorticoLikeState } from '../src/index.js';

type Network = PorticoLikeNetwork & PorticoLikeNetworkInput;

/** AppKit-style networks (test-kit's fixtures plus namespace and CAIP-2 id). */
export const anvil: Network = { ...anvilFixture, chainNamespace: 'eip155', caipNetworkId: 'eip155:31337', testnet: true };
export const mainnet: Network = { ...mainnetFixture, chainNamespace: 'eip155', caipNetworkId: 'eip155:1', testnet: false };
/** Configured in wagmi but not in Portico. */
export const optimism: Network = {
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://optimism.example'] } },
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:10',
  testnet: false,
};
export const solana = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://solana.example'] } },
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  testnet: false,
};

/** test-kit's FakeWallet that also answers personal_sign with anvil's dev key #0 (its first account). */
export class SigningWallet extends FakeWallet {
  private readonly signer = privateKeyToAccount(ACCOUNT_PRIVATE_KEY);

  override async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (method !== 'personal_sign') return super.request({ method, params });
    this.calls.push({ method, params });
    const [data] = params as [Hex, string];
    return this.signer.signMessage({ message: { raw: data } });
  }
}

const DISCONNECTED: PorticoLikeAccount = { allAccounts: [], isConnected: false, status: 'disconnected' };

const connectedAccount = (addresses: string[]): PorticoLikeAccount => ({
  address: addresses[0],
  allAccounts: addresses.map((address) => ({ address })),
  isConnected: true,
  status: 'connected',
});

/** An error shaped as Portico's (name, shortMessage, cause). */
const porticoError = (name: string, message: string, cause?: unknown) => Object.assign(new Error(message, { cause }), { name, shortMessage: message });

/**
 * A Portico instance for tests. The test plays the person: `connectWallet()` is picking the wallet in
 * the modal, `closeModal()` the close button, `selectNetwork()` the Networks view.
 */
export class FakePortico implements PorticoLike {
  readonly wallet: SigningWallet;
  readonly networks: Network[];
  /** Every `open` call's options. */
  readonly opens: Array<{ namespace?: string } | undefined> = [];
  /** Every `switchNetwork` call's CAIP-2 id. */
  readonly switches: string[] = [];
  /** Every `disconnect` call's namespace. */
  readonly disconnects: Array<string | undefined> = [];
  private state: PorticoLikeState;
  private account: PorticoLikeAccount = DISCONNECTED;
  private network: Network | undefined;
  private readonly stateListeners = new Set<(state: PorticoLikeState) => void>();
  private readonly accountListeners = new Set<(account: PorticoLikeAccount) => void>();
  private readonly networkListeners = new Set<(network: PorticoLikeNetwork | undefined) => void>();

  /** Each new subscriber is told the current value at once, as `@portico/js`'s handle does once the shell is there. */
  private readonly tellsNewSubscribers: boolean;

  constructor({ networks = [anvil, mainnet], wallet = new SigningWallet(), initialized = true, tellsNewSubscribers = false } = {}) {
    this.networks = networks;
    this.tellsNewSubscribers = tellsNewSubscribers;
    this.wallet = wallet;
    this.network = networks[0];
    this.state = { open: false, initialized, loading: false, selectedNetworkId: this.network?.caipNetworkId, activeChain: 'eip155' };
  }

  // --- PorticoLike ---
  async open(options?: { namespace?: 'eip155' }) {
    this.opens.push(options);
    this.setState({ open: true });
  }
  getState = () => this.state;
  subscribeState = (callback: (state: PorticoLikeState) => void) => this.listen(this.stateListeners, callback, this.state);
  getAccount = (_namespace: 'eip155') => this.account;
  subscribeAccount = (callback: (account: PorticoLikeAccount) => void, _namespace: 'eip155') =>
    this.listen(this.accountListeners, callback, this.account);
  getCaipNetwork = () => this.network;
  subscribeNetwork = (callback: (network: PorticoLikeNetwork | undefined) => void) => this.listen(this.networkListeners, callback, this.network);

  async switchNetwork(input: PorticoLikeNetworkInput) {
    this.switches.push(input.caipNetworkId);
    const network = this.networks.find((candidate) => candidate.caipNetworkId === input.caipNetworkId);
    if (!network) throw porticoError('NetworkNotFoundError', 'Network not found');
    if (this.account.isConnected) {
      try {
        await this.wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(Number(network.id)) }] });
      } catch (error) {
        throw porticoError('SwitchChainError', `Failed to switch to chain ${network.id}.`, error);
      }
    }
    this.setNetwork(network);
  }

  async disconnect(namespace?: 'eip155') {
    this.disconnects.push(namespace);
    await this.wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    this.setAccount(DISCONNECTED);
  }

  getProvider = (_namespace: 'eip155') => (this.account.isConnected ? this.wallet : undefined);

  // --- what the person (or Portico itself) does ---
  /**
   * Picks the wallet in the modal (or Portico restores it): asks it for accounts, takes its chain, closes
   * the modal. `closeFirst`: the account is set, but its subscribers hear of it only after the close.
   */
  async connectWallet({ closeFirst = false } = {}) {
    const accounts = (await this.wallet.request({ method: 'eth_requestAccounts' })) as string[];
    const chainId = hexToNumber((await this.wallet.request({ method: 'eth_chainId' })) as Hex);
    const network = this.networks.find((candidate) => candidate.id === chainId);
    if (network) this.setNetwork(network);
    if (closeFirst) {
      this.account = connectedAccount(accounts);
      this.closeModal();
      this.setAccount(this.account);
      return;
    }
    this.setAccounts(accounts);
    if (this.state.open) this.closeModal();
  }
  /** The wallet (or Portico's account switcher) selected other accounts. */
  setAccounts(addresses: string[]) {
    this.setAccount(connectedAccount(addresses));
  }
  closeModal() {
    this.setState({ open: false });
  }
  /** The Networks view: switch the wallet and make the network active. */
  async selectNetwork(network: Network) {
    await this.switchNetwork(network);
  }
  /** The stored session has been restored (or found gone). */
  finishRestore() {
    this.setState({ initialized: true });
  }
  listenerCount() {
    return this.stateListeners.size + this.accountListeners.size + this.networkListeners.size;
  }

  private setState(patch: Partial<PorticoLikeState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.stateListeners]) listener(this.state);
  }
  private setAccount(account: PorticoLikeAccount) {
    this.account = account;
    for (const listener of [...this.accountListeners]) listener(account);
  }
  private setNetwork(network: Network) {
    this.network = network;
    this.setState({ selectedNetworkId: network.caipNetworkId });
    for (const listener of [...this.networkListeners]) listener(network);
  }
  private listen<T>(listeners: Set<(value: T) => void>, callback: (value: T) => void, current: T) {
    listeners.add(callback);
    if (this.tellsNewSubscribers) callback(current);
    return () => void listeners.delete(callback);
  }
}

/** Lets pending promise callbacks and timers of this turn run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** wagmi's Storage over a Map that outlives a config (a page's localStorage across a reload). */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

import type { Eip1193Provider } from '@portico/shared-state';
import { ANVIL_ADDRESS, ICON } from './fixtures';

type Listener = (...args: any[]) => void;

/**
 * A scriptable EIP-1193 wallet for the real eip155 adapter: answers like MetaMask on anvil
 * (chain 0x7a69), records every call; `failures` makes a method throw.
 * @example
 * const wallet = new FakeWallet();
 * wallet.failures.set('eth_requestAccounts', { code: 4001, message: 'User rejected the request.' });
 * installWallet(target, wallet);
 * wallet.emit('accountsChanged', [RECEIVER]);
 */
export class FakeWallet implements Eip1193Provider {
  accounts = [ANVIL_ADDRESS];
  chainIdHex = '0x7a69'; // 31337
  authorized = false;
  calls: Array<{ method: string; params?: unknown }> = [];
  /** Per-method error to throw instead of answering. */
  failures = new Map<string, unknown>();
  private listeners = new Map<string, Set<Listener>>();

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.calls.push({ method, params });
    const failure = this.failures.get(method);
    if (failure) throw failure;
    switch (method) {
      case 'eth_requestAccounts':
        this.authorized = true;
        return [...this.accounts];
      case 'eth_accounts':
        return this.authorized ? [...this.accounts] : [];
      case 'eth_chainId':
        return this.chainIdHex;
      case 'wallet_switchEthereumChain':
        this.chainIdHex = (params as Array<{ chainId: string }>)[0]!.chainId;
        return null;
      case 'wallet_addEthereumChain':
        this.chainIdHex = (params as Array<{ chainId: string }>)[0]!.chainId;
        // Once added, the chain is known: switching to it no longer answers 4902.
        if ((this.failures.get('wallet_switchEthereumChain') as { code?: number } | undefined)?.code === 4902) {
          this.failures.delete('wallet_switchEthereumChain');
        }
        return null;
      case 'wallet_revokePermissions':
        this.authorized = false;
        return null;
      default:
        throw Object.assign(new Error(`method ${method} not supported`), { code: 4200 });
    }
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** Fires a wallet event (accountsChanged, chainChanged, disconnect) at the listeners. */
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The methods asked, in order. @example expect(wallet.methods()).toContain('eth_requestAccounts') */
  methods(): string[] {
    return this.calls.map((call) => call.method);
  }
}

/** EIP-6963 provider info. @example const info: WalletInfo = walletInfo({ name: 'Trust Wallet' }); */
export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/**
 * EIP-6963 info of "Fake Wallet" (rdns io.fake), with `overrides`.
 * @example installWallet(target, new FakeWallet(), walletInfo({ rdns: 'io.other', name: 'Other' }))
 */
export const walletInfo = (overrides: Partial<WalletInfo> = {}): WalletInfo => ({
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Fake Wallet',
  icon: ICON,
  rdns: 'io.fake',
  ...overrides,
});

/**
 * Dispatches one eip6963:announceProvider with `detail` (which may be malformed on purpose).
 * @example announce(target, { info: walletInfo(), provider: new FakeWallet() })
 */
export function announce(target: EventTarget, detail: unknown) {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
}

/**
 * Installs a wallet as an extension does: it announces now and on every requestProvider.
 * Returns the uninstall function.
 * @example const uninstall = installWallet(target, new FakeWallet());
 */
export function installWallet(target: EventTarget, provider: unknown, info: WalletInfo = walletInfo()): () => void {
  const onRequest = () => announce(target, Object.freeze({ info, provider }));
  target.addEventListener('eip6963:requestProvider', onRequest);
  onRequest();
  return () => target.removeEventListener('eip6963:requestProvider', onRequest);
}

import type { Eip1193Provider } from '../../src/adapters/eip155/discovery';

/** Anvil's first account, as wallets report it (lower case) and checksummed. */
export const ANVIL_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const ANVIL_ADDRESS_CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

type Listener = (...args: any[]) => void;

/** A scriptable EIP-1193 wallet: answers like MetaMask on anvil, records every call. */
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

  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  methods(): string[] {
    return this.calls.map((call) => call.method);
  }
}

export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export const fakeInfo = (overrides: Partial<WalletInfo> = {}): WalletInfo => ({
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Fake Wallet',
  icon: ICON,
  rdns: 'io.fake',
  ...overrides,
});

export function announce(target: EventTarget, detail: unknown) {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
}

/** Installs a wallet as an extension does: it announces now and on every requestProvider. */
export function installWallet(target: EventTarget, provider: unknown, info: WalletInfo = fakeInfo()): () => void {
  const onRequest = () => announce(target, Object.freeze({ info, provider }));
  target.addEventListener('eip6963:requestProvider', onRequest);
  onRequest();
  return () => target.removeEventListener('eip6963:requestProvider', onRequest);
}

/** Polls until `check` stops throwing; counts polls, not Date (Date may be faked). */
export async function eventually<T>(check: () => T, tries = 300): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      return check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  throw lastError;
}

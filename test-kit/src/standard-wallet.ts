import type { IdentifierArray, Wallet, WalletAccount } from '@wallet-standard/base';
import { ICON } from './fixtures';

export type ChangeListener = (properties: { accounts?: readonly WalletAccount[]; chains?: IdentifierArray }) => void;

/** What a wallet throws when the person declines (Phantom, Xverse and others use EIP-1193's 4001). */
export const walletUserRejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });

/**
 * What every Wallet Standard test wallet shares, whatever its chain: name and icon, the person's controls
 * (`declining`, `authorized`), the record of feature calls, and standard:connect (silent too), standard:disconnect
 * and standard:events. Subclasses give their accounts and their chain's features (`chainFeatures`).
 */
export abstract class StandardTestWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name: string;
  readonly icon: Wallet['icon'];
  chains: IdentifierArray;
  /** True: every prompt (connect, sign, send) is declined with code 4001. */
  declining = false;
  /** The site may use the accounts (after a connect, until a disconnect). */
  authorized = false;
  /** Feature calls in order, e.g. 'standard:connect', 'solana:signAndSendTransaction'. */
  calls: Array<{ feature: string; input?: unknown }> = [];
  private readonly listeners = new Set<ChangeListener>();
  private builtFeatures: Wallet['features'] | undefined;

  protected constructor(options: { name: string; icon?: string; chains: readonly string[] }) {
    this.name = options.name;
    this.icon = (options.icon ?? ICON) as Wallet['icon'];
    this.chains = options.chains as IdentifierArray;
  }

  abstract get accounts(): readonly WalletAccount[];

  /** The chain's own features (e.g. solana:signMessage), beside the standard ones. */
  protected abstract chainFeatures(): Wallet['features'];

  get features(): Wallet['features'] {
    // Built on first read: the subclass's feature functions exist only after its constructor ran.
    return (this.builtFeatures ??= {
      'standard:connect': { version: '1.0.0', connect: this.standardConnect },
      'standard:disconnect': { version: '1.0.0', disconnect: this.disconnect },
      'standard:events': { version: '1.0.0', on: this.on },
      ...this.chainFeatures(),
    });
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  protected emit(properties: Parameters<ChangeListener>[0]) {
    for (const listener of this.listeners) listener(properties);
  }

  /** Records the call and plays the person: a decline throws 4001. */
  protected prompt(feature: string, input?: unknown) {
    this.calls.push({ feature, input });
    if (this.declining) throw walletUserRejection();
  }

  private readonly standardConnect = async (input?: { silent?: boolean }) => {
    if (input?.silent) this.calls.push({ feature: 'standard:connect', input });
    else {
      this.prompt('standard:connect', input);
      this.authorized = true;
    }
    return { accounts: this.accounts };
  };

  private readonly disconnect = async () => {
    this.calls.push({ feature: 'standard:disconnect' });
    this.authorized = false;
    this.emit({ accounts: [] });
  };

  private readonly on = (event: string, listener: ChangeListener) => {
    if (event !== 'change') return () => undefined;
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

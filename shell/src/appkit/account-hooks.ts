import type { CaipNetwork, ChainNamespace, ListedAccount } from '@portico/shared-state';
import { useMemo } from 'react';
import { getCurrentInstance } from '../react/current';
import { usePorticoAccount, usePorticoNetwork, usePorticoState } from '../react/hooks';
import { fetchAppKitBalance, type AppKitBalanceResult } from './balance';

// Reads the instance when called: rendering needs none (also on a server).
const balanceControls: { fetchBalance(): Promise<AppKitBalanceResult> } = {
  fetchBalance: async () => fetchAppKitBalance(getCurrentInstance()),
};

/**
 * `{ fetchBalance }` (AppKit's `useAppKitBalance`): the connected account's native balance on the
 * active network, `{ data: { balance, symbol }, error, isSuccess, isError }`. It never re-renders by itself;
 * call `fetchBalance` again after the account or network changes (see fetchAppKitBalance).
 *
 * @returns `fetchBalance()`, which rejects with 'Portico is not created yet…' before createAppKit and
 *   resolves `{ isError: true, error: 'Not able to retrieve balance' }` while no wallet is connected.
 *
 * @example
 * const { fetchBalance } = useAppKitBalance();
 * const { isConnected } = useAppKitAccount();
 * useEffect(() => { if (isConnected) fetchBalance().then(({ data }) => setBalance(data)); }, [isConnected]);
 */
export function useAppKitBalance(): typeof balanceControls {
  return balanceControls;
}

/** One connection as AppKit's `useAppKitConnection` describes it. */
export interface AppKitConnection {
  /** The wallet's name and icon. */
  name?: string;
  icon?: string;
  /** Every account the wallet granted in the namespace, the active one first. */
  accounts: { type?: ListedAccount['type']; address: string; publicKey?: string }[];
  /** The active network; undefined for a namespace that is not the active one (the instance reports only that network). */
  caipNetwork?: CaipNetwork;
}

/** What `useAppKitConnection` returns. */
export interface UseAppKitConnectionReturn {
  connection: AppKitConnection | undefined;
  isPending: boolean;
  switchConnection(params: { connection: AppKitConnection; address?: string }): Promise<void>;
  deleteConnection(params: { address: string; connectorId: string }): void;
}

// Portico keeps one wallet per namespace: as AppKit does without its multi-wallet feature, these change nothing.
const singleConnection = { isPending: false, switchConnection: async () => undefined, deleteConnection: () => undefined };

/**
 * The active connection of a namespace (AppKit's `useAppKitConnection`), as far as Portico knows it:
 * the wallet's name and icon, the accounts it granted and the active network. Re-renders when the
 * account or the active network changes.
 *
 * Gaps from AppKit: Portico holds one wallet per namespace (no multi-wallet), so `switchConnection` and
 * `deleteConnection` change nothing and `isPending` stays false; `onSuccess` / `onError` are accepted and
 * never called; a connection has no `connectorId` or `auth` (the instance does not report Portico's
 * connector ids; social sign-in details stay in the embedded wallet) and no `networkIcon`.
 *
 * @param options.namespace - Chain namespace; the active one when absent.
 * @returns `{ connection, isPending, switchConnection, deleteConnection }`; `connection` is undefined while
 *   no wallet is connected there (so also before createAppKit and on a server).
 *
 * @example
 * const { connection } = useAppKitConnection({ namespace: 'eip155' });
 * <p>{connection ? `${connection.name}: ${connection.accounts.length} accounts` : 'Not connected'}</p>
 */
export function useAppKitConnection(
  options: { namespace?: ChainNamespace; onSuccess?: (result: unknown) => void; onError?: (error: Error) => void } = {},
): UseAppKitConnectionReturn {
  const { namespace } = options;
  const { isConnected, walletInfo, allAccounts } = usePorticoAccount({ namespace });
  const { caipNetwork } = usePorticoNetwork();
  const { activeChain } = usePorticoState();
  const isActiveNamespace = (namespace ?? activeChain) === activeChain;
  return useMemo(() => {
    const connection: AppKitConnection | undefined = isConnected
      ? {
          name: walletInfo?.name,
          icon: walletInfo?.icon,
          accounts: allAccounts.map(({ type, address, publicKey }) => ({ type, address, publicKey })),
          caipNetwork: isActiveNamespace ? caipNetwork : undefined,
        }
      : undefined;
    return { connection, ...singleConnection };
  }, [isConnected, walletInfo, allAccounts, isActiveNamespace, caipNetwork]);
}

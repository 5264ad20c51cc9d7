import type { CaipNetwork, ChainNamespace, ConnectorType, NetworkInput, SIWXSession } from '@portico/shared-state';
import { useCallback, useSyncExternalStore } from 'react';
import type { PorticoAccount, PorticoInstance, PorticoState } from '../instance';
import { getCurrentInstance, readNothing, useCurrentInstance } from './current';

// Every hook talks to the instance createPortico made last. Before the first one, on a server and in
// the render that hydrates server HTML, they return what a fresh instance starts with (not connected,
// closed, not initialized, no network), so server and client render the same; they update once
// createPortico runs.

const INITIAL_ACCOUNT: PorticoAccount = { allAccounts: [], isConnected: false, status: 'disconnected' };
const INITIAL_STATE: PorticoState = { open: false, loading: false, activeChain: 'eip155', initialized: false };
const readInitialAccount = () => INITIAL_ACCOUNT;
const readInitialState = () => INITIAL_STATE;
const subscribeNothing = () => () => undefined;

// Read the instance when called, not when rendered: rendering needs no instance.
const controls: Pick<PorticoInstance, 'open' | 'close'> = {
  open: async (options) => getCurrentInstance().open(options),
  close: async (force) => getCurrentInstance().close(force),
};
const switchNetwork = async (network: NetworkInput) => getCurrentInstance().switchNetwork(network);

/**
 * Opens and closes the modal (AppKit's `useAppKit`). Never re-renders by itself.
 *
 * @returns `open(options?)` and `close(force?)` of the current instance: see `PorticoInstance.open` for
 *   its options and the NamespaceNotConfiguredError it rejects with. Both reject with
 *   'Portico is not created yet: call createPortico(options) before using its hooks.' when called
 *   before createPortico(options) has run (rendering before then is fine, also on a server).
 *
 * @example
 * function ConnectButton() {
 *   const { open } = usePortico();
 *   return <button onClick={() => open()}>Connect Wallet</button>;
 * }
 */
export function usePortico(): Pick<PorticoInstance, 'open' | 'close'> {
  return controls;
}

/**
 * The account of a namespace (AppKit's `useAppKitAccount`). Re-renders when the address, status
 * or granted accounts change, not when the balance refreshes.
 *
 * @param options.namespace - Chain namespace; the active one when absent (follows a namespace switch).
 * @returns `{ address, caipAddress, isConnected, status, allAccounts }`, the same object until one of them changes;
 *   `{ isConnected: false, status: 'disconnected', allAccounts: [] }` before createPortico and on a server.
 *
 * @example
 * function Account() {
 *   const { isConnected, address } = usePorticoAccount();
 *   return <output>{isConnected ? address : 'Not connected'}</output>;
 * }
 */
export function usePorticoAccount(options: { namespace?: ChainNamespace } = {}): PorticoAccount {
  const instance = useCurrentInstance();
  const { namespace } = options;
  const subscribe = useCallback((onChange: () => void) => instance?.subscribeAccount(onChange, namespace) ?? subscribeNothing(), [instance, namespace]);
  const read = useCallback(() => instance?.getAccount(namespace) ?? INITIAL_ACCOUNT, [instance, namespace]);
  return useSyncExternalStore(subscribe, read, readInitialAccount);
}

/**
 * The active network and a way to switch it (AppKit's `useAppKitNetwork`). Re-renders when the
 * active network changes.
 *
 * @returns `caipNetwork` (undefined before the first one is set, before createPortico and on a server),
 *   its `caipNetworkId` and `chainId`, and `switchNetwork(network)`, which rejects with NetworkNotFoundError
 *   for a network not configured, SwitchChainError when the wallet declines or cannot switch, and
 *   'Portico is not created yet…' before createPortico.
 *
 * @example
 * function NetworkName() {
 *   const { caipNetwork, switchNetwork } = usePorticoNetwork();
 *   return <button onClick={() => switchNetwork(sepolia)}>{caipNetwork?.name}</button>;
 * }
 */
export function usePorticoNetwork(): {
  caipNetwork: CaipNetwork | undefined;
  caipNetworkId: string | undefined;
  chainId: number | string | undefined;
  switchNetwork(network: NetworkInput): Promise<void>;
} {
  const instance = useCurrentInstance();
  const caipNetwork = useSyncExternalStore(instance?.subscribeNetwork ?? subscribeNothing, instance?.getCaipNetwork ?? readNothing, readNothing);
  return { caipNetwork, caipNetworkId: caipNetwork?.caipNetworkId, chainId: caipNetwork?.id, switchNetwork };
}

/**
 * The modal's state (AppKit's `useAppKitState`). Re-renders when it opens, closes, loads, switches
 * network or namespace, and once when the stored session has been restored (`initialized`).
 *
 * @returns `{ open, loading, selectedNetworkId, activeChain, initialized }`; before createPortico and on a
 *   server `{ open: false, loading: false, activeChain: 'eip155', initialized: false }`.
 *
 * @example
 * function Status() {
 *   const { open, initialized } = usePorticoState();
 *   return initialized ? <p>{open ? 'Modal open' : 'Modal closed'}</p> : <p>Restoring your session…</p>;
 * }
 */
export function usePorticoState(): PorticoState {
  const instance = useCurrentInstance();
  return useSyncExternalStore(instance?.subscribeState ?? subscribeNothing, instance?.getState ?? readInitialState, readInitialState);
}

/**
 * The connected wallet's provider (AppKit's `useAppKitProvider`). Re-renders when the account changes.
 *
 * @param namespace - Chain namespace; the active one when absent.
 * @returns `walletProvider` (EIP-1193 on eip155) and `walletProviderType`: `'WALLET_CONNECT'`,
 *   `'ANNOUNCED'` (EIP-6963) or `'INJECTED'` (`window.ethereum`); both undefined while no wallet is connected
 *   (so also before createPortico and on a server).
 *
 * @example
 * function SignButton() {
 *   const { walletProvider } = usePorticoProvider<EIP1193Provider>('eip155');
 *   const { address } = usePorticoAccount();
 *   const sign = () => createWalletClient({ transport: custom(walletProvider!) }).signMessage({ account: address as Address, message: 'hi' });
 *   return <button disabled={!walletProvider} onClick={sign}>Sign</button>;
 * }
 */
export function usePorticoProvider<T = unknown>(namespace?: ChainNamespace): {
  walletProvider: T | undefined;
  walletProviderType: ConnectorType | undefined;
} {
  const { isConnected } = usePorticoAccount({ namespace });
  const instance = useCurrentInstance();
  return isConnected && instance
    ? { walletProvider: instance.getProvider(namespace) as T | undefined, walletProviderType: instance.getProviderType(namespace) }
    : { walletProvider: undefined, walletProviderType: undefined };
}

/**
 * The sign-in session of the connected account (sign-in with the wallet, host option `siwx`).
 * Re-renders when it signs in, out, or the account changes.
 *
 * @returns The session (`data.accountAddress`, `data.chainId`, `data.expirationTime`, `message`, `signature`), or
 *   undefined (also before createPortico and on a server).
 *
 * @example
 * function SignedIn() {
 *   const session = usePorticoSession();
 *   return <output>{session ? `Signed in as ${session.data.accountAddress}` : 'Not signed in'}</output>;
 * }
 */
export function usePorticoSession(): SIWXSession | undefined {
  const instance = useCurrentInstance();
  return useSyncExternalStore(instance?.subscribeSession ?? subscribeNothing, instance?.getSession ?? readNothing, readNothing);
}

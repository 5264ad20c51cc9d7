/**
 * AppKit's React hooks, components and `<AppKitProvider>` over whichever instance was made last: what
 * `portico_shell/appkit/react` and `@portico/react` share. Nothing here creates the modal (no import of
 * createPortico): each entry passes its own `createAppKit` to `appKitProvider`.
 */
import type { ChainNamespace, ThemeMode, ThemeVariables } from '@portico/shared-state';
import { useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { PorticoAccount, PorticoInstance } from '../instance';
import { getCurrentInstance, useCurrentInstance } from '../react/current';
import { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoProvider, usePorticoState } from '../react/hooks';
import { eventStore, themeStore, type AppKitEvent, type AppKitThemeSnapshot, type Store } from './instance-stores';
import { toPorticoThemeVariables } from './theme-variables';
// AppKit's elements in JSX (`<appkit-button />`); @portico/react publishes the same file with its types.
import type {} from './jsx';

export { useAppKitBalance, useAppKitConnection, type AppKitConnection, type UseAppKitConnectionReturn } from './account-hooks';
export type { AppKitBalanceResult } from './balance';
export { AppKitAccountButton, AppKitButton, AppKitNetworkButton, type AppKitButtonProps } from './components';
export type { AppKitNetwork } from './networks';
export type { AppKitEvent, AppKitThemeSnapshot } from './instance-stores';
export type { PorticoHostOptions } from './options';
export type { PorticoAccount as UseAppKitAccountReturn, PorticoState as UseAppKitStateReturn } from '../instance';
/** What `createAppKit` returns (AppKit's method names: open, close, getState, subscribeAccount, …). */
export type AppKit = PorticoInstance;
/** `useAppKitProvider<Provider>('eip155')`: an EIP-1193 provider on eip155. */
export type { Eip1193Provider as Provider } from '@portico/shared-state';

const noSubscription = () => () => undefined;

/** AppKitProvider's props: createAppKit's options, and the page under it. */
export type AppKitProviderProps = Record<string, unknown> & { children?: ReactNode };

/**
 * Makes AppKit's `<AppKitProvider>` over `createAppKit`: it renders its children and calls createAppKit with its props (all but
 * `children`) once per page (later renders and other providers keep that instance, as AppKit's does).
 * It does so in a layout effect, after its first render in the browser and before the page paints: creating
 * the modal renders it, which may not happen inside another render. So the children's first render (and a
 * server's, where it never runs) shows a fresh instance's values, and they re-render with the instance
 * before anything is painted.
 *
 * @throws {InvalidOptionsError} From that effect, when an option is missing or malformed.
 *
 * @example
 * <AppKitProvider adapters={[new EthersAdapter()]} networks={[mainnet]} projectId={projectId} metadata={metadata}>
 *   <App />
 * </AppKitProvider>
 */
export function appKitProvider(createAppKit: (options: Record<string, unknown>) => AppKit) {
  let providedAppKit: AppKit | undefined;
  return function AppKitProvider({ children, ...options }: AppKitProviderProps): ReactNode {
    useLayoutEffect(() => {
      providedAppKit ??= createAppKit(options);
      // Once per page: later options are not applied (as in AppKit), so the effect runs on mount only.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return children;
  };
}

/** `{ open, close }`: `open({ view: 'Networks' })`, `open({ namespace: 'solana' })`, … (see PorticoInstance.open). */
export const useAppKit = usePortico;
/** `{ address, caipAddress, isConnected, status, allAccounts }` of the active namespace, or of `{ namespace }`. */
export const useAppKitAccount = usePorticoAccount;
/** `{ caipNetwork, caipNetworkId, chainId, switchNetwork }`. */
export const useAppKitNetwork = usePorticoNetwork;
/** `{ open, selectedNetworkId, loading, activeChain, initialized }`. */
export const useAppKitState = usePorticoState;
/** `{ walletProvider, walletProviderType }` of a namespace (the active one when absent). */
export const useAppKitProvider = usePorticoProvider;

/**
 * The active network's `{ caipNetworkId, chainId }` (AppKit's `useAppKitNetworkCore`).
 *
 * @example
 * const { chainId } = useAppKitNetworkCore();
 */
export function useAppKitNetworkCore(): { caipNetworkId: string | undefined; chainId: number | string | undefined } {
  const { caipNetworkId, chainId } = usePorticoNetwork();
  return useMemo(() => ({ caipNetworkId, chainId }), [caipNetworkId, chainId]);
}

/**
 * The connected wallet's `{ walletInfo: { name, icon } }` (undefined while none is connected).
 *
 * @example
 * const { walletInfo } = useWalletInfo();
 * <p>{walletInfo ? `Connected with ${walletInfo.name}` : 'No wallet'}</p>
 */
export function useWalletInfo(namespace?: ChainNamespace): { walletInfo: PorticoAccount['walletInfo'] } {
  const { walletInfo } = usePorticoAccount({ namespace });
  return useMemo(() => ({ walletInfo }), [walletInfo]);
}

// Before createAppKit, on a server and while hydrating: what a fresh instance starts with.
const MODAL_CREATED: AppKitEvent = { timestamp: 0, data: { type: 'track', event: 'MODAL_CREATED' } };
const beforeCreated: Store<AppKitEvent> = { get: () => MODAL_CREATED, subscribe: noSubscription };

/**
 * The modal's last event, AppKit's envelope: `{ timestamp, data: { type: 'track', event, properties } }`
 * (`MODAL_CREATED` before the first). Re-renders on every event.
 *
 * @example
 * const { data } = useAppKitEvents();
 * useEffect(() => { if (data.event === 'CONNECT_SUCCESS') track(data.properties); }, [data]);
 */
export function useAppKitEvents(): AppKitEvent {
  const instance = useCurrentInstance();
  const store = instance ? eventStore(instance) : beforeCreated;
  return useSyncExternalStore(store.subscribe, store.get, beforeCreated.get);
}

const DEFAULT_THEME: AppKitThemeSnapshot = { themeMode: 'light', themeVariables: {} };
const themeBeforeCreated = () => DEFAULT_THEME;

/**
 * The theme and its setters. Variables are under AppKit's names (`--w3m-accent`) where AppKit has one;
 * the setters take AppKit's or Portico's names. Re-renders when it is set through this hook. Before
 * createAppKit (and on a server) it reports the light theme with no variables.
 *
 * @throws {Error} From a setter called before createAppKit(options); a zod error for an unknown mode or variable.
 *
 * @example
 * const { themeMode, setThemeMode } = useAppKitTheme();
 * <button onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>Toggle theme</button>
 */
export function useAppKitTheme(): AppKitThemeSnapshot & {
  setThemeMode(mode: ThemeMode): void;
  setThemeVariables(variables: Record<string, string | number | undefined>): void;
} {
  const instance = useCurrentInstance();
  const store = instance && themeStore(instance);
  const theme = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? themeBeforeCreated, themeBeforeCreated);
  return useMemo(() => {
    const current = () => store ?? themeStore(getCurrentInstance());
    return {
      ...theme,
      setThemeMode: (mode) => current().setThemeMode(mode),
      setThemeVariables: (variables) => current().setThemeVariables(toPorticoThemeVariables(variables) as ThemeVariables),
    };
  }, [theme, store]);
}

// Reads the instance when called, so a component may render before createAppKit.
const disconnectControls = {
  disconnect: (options: { namespace?: ChainNamespace } = {}) => getCurrentInstance().disconnect(options.namespace),
};

/**
 * `{ disconnect({ namespace? }) }`: every connected namespace when none is given.
 *
 * @example
 * const { disconnect } = useDisconnect();
 * <button onClick={() => disconnect()}>Disconnect</button>
 */
export function useDisconnect(): typeof disconnectControls {
  return disconnectControls;
}

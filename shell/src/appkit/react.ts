/**
 * AppKit's React entry point with Portico underneath: `portico_shell/appkit/react` stands in for
 * `@reown/appkit/react`, so a site ports by changing imports (see the shell's README, "AppKit drop-in").
 * The hooks are Portico's (`./react/hooks`) under AppKit's names and return shapes; this module is its
 * own exposed module, so none of it is in the `./portico` module every page loads.
 */
import type { ChainNamespace, ThemeMode, ThemeVariables } from '@portico/shared-state';
import { useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createPortico } from '../create-portico';
import type { PorticoAccount, PorticoInstance } from '../instance';
import { getCurrentInstance, useCurrentInstance } from '../react/current';
import { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoProvider, usePorticoState } from '../react/hooks';
import { defineAppKitElements } from './elements';
import { eventStore, themeStore, type AppKitEvent, type AppKitThemeSnapshot, type Store } from './instance-stores';
import { toPorticoOptions, toPorticoThemeVariables, type PorticoHostOptions } from './options';

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

let hostOptions: PorticoHostOptions = {};
const noSubscription = () => () => undefined;

/**
 * Portico options this page adds to every later `createAppKit`, for what AppKit's options have no
 * words for: where the site's Portico services run (`remotes` or `cdnBase`, `apiUrl`,
 * `walletConnect.relayUrl`, `embeddedWallet`) and networks of its own (added after the app's).
 * The app's own options win over them. Call it before the code that calls `createAppKit`.
 *
 * @example
 * setPorticoHostOptions({ cdnBase: 'https://cdn.example/portico', apiUrl: 'https://portico-api.example' });
 * await import('./app'); // calls createAppKit({ projectId, networks: [mainnet], adapters: [new EthersAdapter()] })
 */
export function setPorticoHostOptions(options: PorticoHostOptions) {
  hostOptions = options;
}

/**
 * AppKit's `createAppKit`: maps AppKit's options to Portico's (`adapters` and the other options in
 * the README's ignored list are accepted and dropped; `--w3m-*` theme variables become `--portico-*`),
 * creates the modal with createPortico, and defines `<appkit-button>`, `<appkit-network-button>`,
 * `<appkit-account-button>` (and `<portico-button>`, …). The hooks below use the instance made last.
 *
 * @returns The Portico instance (open, close, getState, getAccount, switchNetwork, disconnect, subscribeEvents, …).
 * @throws {InvalidOptionsError} An option is missing or malformed; `field` names the first one.
 *
 * @example
 * createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet, arbitrum], projectId, metadata });
 */
export function createAppKit(options: unknown): AppKit {
  const instance = createPortico(toPorticoOptions(options, hostOptions, { title: document.title, origin: location.origin }));
  eventStore(instance);
  defineAppKitElements();
  return instance;
}

/** AppKitProvider's props: createAppKit's options, and the page under it. */
export type AppKitProviderProps = Record<string, unknown> & { children?: ReactNode };

let providedAppKit: AppKit | undefined;

/**
 * AppKit's `<AppKitProvider>`: renders its children and calls createAppKit with its props (all but
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
export function AppKitProvider({ children, ...options }: AppKitProviderProps): ReactNode {
  useLayoutEffect(() => {
    providedAppKit ??= createAppKit(options);
    // Once per page: later options are not applied (as in AppKit), so the effect runs on mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return children;
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

/** AppKit's elements in JSX (`<appkit-button />`), as `@reown/appkit/react` declares them. */
type AppKitElementProps = import('react').DetailedHTMLProps<import('react').HTMLAttributes<HTMLElement>, HTMLElement> & { label?: string };
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': AppKitElementProps;
      'appkit-account-button': AppKitElementProps;
      'appkit-network-button': AppKitElementProps;
      'portico-button': AppKitElementProps;
      'portico-account-button': AppKitElementProps;
      'portico-network-button': AppKitElementProps;
    }
  }
}

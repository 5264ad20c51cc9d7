/**
 * AppKit's React entry point with Portico underneath: `portico_shell/appkit/react` stands in for
 * `@reown/appkit/react`, so a site ports by changing imports (see the shell's README, "AppKit drop-in").
 * The hooks are Portico's (`./react/hooks`) under AppKit's names and return shapes (./hooks); this module is its
 * own exposed module, so none of it is in the `./portico` module every page loads.
 */
import { createPortico } from '../create-portico';
import { defineAppKitElements } from './elements';
import { appKitProvider, type AppKit } from './hooks';
import { eventStore } from './instance-stores';
import { toPorticoOptions, type PorticoHostOptions } from './options';

export * from './hooks';

let hostOptions: PorticoHostOptions = {};

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
  // An adapter that wants the instance (@portico/wagmi's WagmiAdapter: its wagmi connector is this connection).
  for (const adapter of (options as { adapters?: unknown[] } | null)?.adapters ?? []) {
    (adapter as { attachPortico?: (made: AppKit) => void } | null)?.attachPortico?.(instance);
  }
  return instance;
}

/** AppKit's `<AppKitProvider>`: calls createAppKit with its props once per page (see appKitProvider). */
export const AppKitProvider = appKitProvider(createAppKit);

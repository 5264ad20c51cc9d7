import { checkProjectOrigin, createPorticoCore, startAnalytics } from '@portico/shared-state';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { browserEnvironment } from './environment';
import { definePorticoElement, type PorticoModalElement } from './element';
import { createInstance, type PorticoInstance } from './instance';
import { setCurrentInstance } from './react/current';
import { loadViewModule } from './remote-loader';
import { App } from './ui/App';

/**
 * Creates the modal: validates options, appends `<portico-modal>` to the body, renders into its
 * shadow root, starts wallet discovery and silently restores the session stored before a reload
 * (`getState().initialized` turns true when that has finished). No remote code is fetched here;
 * the Connect view is prefetched once the page is loaded and idle. The React hooks use the
 * instance made last.
 *
 * @param options - AppKit-named options: `projectId`, `metadata`, `networks` (required), `defaultNetwork`,
 *   `features`, `themeMode`, `themeVariables`, `remotes`, `apiUrl`, `walletConnect`, wallet lists, ….
 * @returns The instance: open/close, state, account, network, theme, events, provider.
 * @throws {InvalidOptionsError} An option is missing or malformed; `field` names the first one, e.g. `networks.0`.
 *
 * @example
 * // React hosts: `await loadRemote('portico_shell/portico')`; plain pages: `window.Portico`.
 * const portico = createPortico({
 *   projectId: 'my-project',
 *   metadata: { name: 'My dapp', description: 'Swaps', url: 'https://dapp.example', icons: [] },
 *   networks: [mainnet, sepolia],
 * });
 * document.querySelector('#connect')!.addEventListener('click', () => portico.open());
 */
export function createPortico(options: unknown): PorticoInstance {
  let element: PorticoModalElement | undefined;
  // The embedded wallet's hidden iframe lives in the modal's shadow root, out of the host page's DOM.
  const core = createPorticoCore(options, { ...browserEnvironment(), frameContainer: () => element?.shadowRoot ?? undefined });
  definePorticoElement();
  element = document.createElement('portico-modal') as PorticoModalElement;
  document.body.append(element);
  const root = createRoot(element.mountPoint);
  root.render(createElement(App, { core, host: element }));

  void core.connection.start();
  // Sign-in watches the account from here on (its code loads now, only when the host enabled it).
  void core.siwx?.start().catch(console.error);
  let stopAnalytics: Promise<() => void> | undefined;
  if (core.options.apiUrl) {
    const api = { apiUrl: core.options.apiUrl, projectId: core.options.projectId };
    void checkProjectOrigin(core.store, api, location.origin);
    if (core.options.features.analytics) {
      stopAnalytics = startAnalytics({ store: core.store, api, events: core.events, page: { url: location.href, domain: location.host } });
    }
  }
  prefetchConnectWhenIdle(core.options.remotes.connect);

  const instance = createInstance(core, () => {
    void stopAnalytics?.then((stop) => stop());
    core.connection.stop();
    root.unmount();
    element?.remove();
  });
  setCurrentInstance(instance);
  return instance;
}

/** Warms the Connect view once the host page is loaded and idle, so the first open is instant. */
function prefetchConnectWhenIdle(connectEntry: string | undefined) {
  if (!connectEntry) return;
  const prefetch = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
    idle(() => void loadViewModule('connect', './Connect', connectEntry).catch(() => undefined));
  };
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}

import {
  activeAccountAtom,
  checkProjectOrigin,
  createPorticoCore,
  logs,
  modalFlagsAtom,
  modalStateAtom,
  startAnalytics,
  type PorticoCore,
} from '@portico/shared-state';
import type { Root } from 'react-dom/client';
import { browserEnvironment } from './environment';
import { definePorticoElement, INLINE_HOST_SELECTOR, layOutPreparedDialog, type PorticoModalElement } from './element';
import { createInstance, type PorticoInstance } from './instance';
import { setCurrentInstance } from './current-instance';

/**
 * Creates the modal: validates options, appends `<portico-modal>` to the body (with `enableEmbedded`, renders inline in
 * the page's own `<portico-modal>` or `<appkit-modal>` instead, shown at once: see `keepInline`), starts wallet
 * discovery and silently restores the session stored before a reload (`getState().initialized`
 * turns true when that has finished). The dialog's React tree renders into the element's shadow
 * root at the first open or once the page is loaded and idle, whichever comes first; then the
 * Connect view is prefetched. No remote code is fetched before that. The React hooks use the
 * instance made last.
 *
 * @param options - AppKit-named options: `projectId` (without it the modal opens with the Project ID Not Configured
 *   alert and the API off), `metadata`, `networks` (required), `defaultNetwork`,
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
  // The embedded wallet's hidden iframe is the modal element's child, drawn through its shadow root's slot.
  const core = createPorticoCore(options, { ...browserEnvironment(), frameContainer: () => element });
  definePorticoElement();
  // Embedded mode renders in the host's own <portico-modal> (or <appkit-modal>), where the page placed it (upgraded by
  // the definition above).
  const hostElement = core.options.enableEmbedded ? document.querySelector<PorticoModalElement>(INLINE_HOST_SELECTOR) : null;
  if (core.options.enableEmbedded && !hostElement) logs.warn('enableEmbedded: no <portico-modal> in the page, so it is added at the end of <body>');
  element = hostElement ?? (document.createElement('portico-modal') as PorticoModalElement);
  if (!hostElement) document.body.append(element);
  const dialog = renderWhenNeeded(core, element);
  const stopInline = core.options.enableEmbedded ? keepInline(core) : undefined;

  let stopAnalytics: Promise<() => void> | undefined;
  // The rest of the start runs in a task of its own, so the host's handler that called createPortico (often
  // DOMContentLoaded, in the task that evaluated portico.js) ends sooner: no long task at load.
  const startTimer = setTimeout(() => {
    void core.connection.start();
    // Sign-in watches the account from here on (its code loads now, only when the host enabled it).
    void core.siwx?.start().catch((error: unknown) => logs.error('sign-in could not start', error));
    const { apiUrl, projectId } = core.options;
    // Without a project there is nothing to check or count (the modal shows Project ID Not Configured).
    if (apiUrl && projectId) {
      const api = { apiUrl, projectId };
      void checkProjectOrigin(core.store, api, location.origin);
      if (core.options.features.analytics) {
        stopAnalytics = startAnalytics({ store: core.store, api, events: core.events, page: { url: location.href, domain: location.host } });
      }
    }
  }, 0);
  whenPageIdle(() => {
    // Where Portico's deferred work starts, for profilers and `pnpm bench:connect` (User Timing).
    performance.mark('portico:idle-work');
    // One piece per idle callback (the dialog's tree, the UI kit, the dialog's words, the Connect view, the prepared
    // dialog's first style, then its first layout), so none makes a long task before the visitor acts. A failed
    // chunk is fetched again (and its error logged) at the next open.
    // The remote loader comes with the dialog's chunk: none of it is on the page's critical path.
    dialog
      .render()
      .then(async (mount) => {
        const connectEntry = await mount.remoteEntry(core.options, 'connect');
        if (connectEntry)
          return nextIdle()
            .then(mount.loadKit)
            .then(nextIdle)
            .then(dialog.prepareChrome)
            .then(nextIdle)
            .then(() => mount.loadViewModule('connect', './Connect', connectEntry));
      })
      .catch(() => undefined)
      .then(nextIdle)
      .then(() => element?.isConnected && layOutPreparedDialog(element, 'style'))
      .then(nextIdle)
      .then(() => element?.isConnected && layOutPreparedDialog(element, 'layout'));
  });

  const instance = createInstance(core, () => {
    clearTimeout(startTimer);
    void stopAnalytics?.then((stop) => stop());
    core.connection.stop();
    stopInline?.();
    dialog.unmount();
    // The host's element is the host's: it stays in the page, empty.
    if (!hostElement) element?.remove();
  });
  setCurrentInstance(instance);
  return instance;
}

/**
 * Embedded mode (spec §2: "returns to Account when connected, otherwise Connect"): the inline modal shows from the
 * start and never hides, so a close (the host's `close()`, Back from the first view, a finished flow) returns to
 * Account when connected, otherwise Connect; so does a connection that changes under Connect or Account (a session
 * restored after the first view, a disconnect). Returns the unsubscribe.
 */
export function keepInline(core: PorticoCore): () => void {
  const follow = () => {
    const connected = core.store.get(activeAccountAtom).status === 'connected';
    const home = connected ? 'Account' : 'Connect';
    const { view } = core.router.current();
    if (!core.store.get(modalFlagsAtom).open) core.modal.open({ view: home });
    else if ((view === 'Connect' || view === 'Account') && view !== home) core.router.reset(home);
  };
  const stops = [core.store.sub(modalFlagsAtom, follow), core.store.sub(activeAccountAtom, follow)];
  follow();
  return () => stops.forEach((stop) => stop());
}

const nextIdle = () => new Promise<void>((resolve) => whenPageIdle(() => resolve()));

/** Runs `work` once the host page has loaded and the browser is idle (each call its own idle callback). */
function whenPageIdle(work: () => void) {
  const idle = () => (window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200)))(work);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * The dialog's React tree (./ui/mount, its own chunk): rendered by `render()`, which the first open calls
 * too, so a click before the page is idle still opens the modal.
 */
function renderWhenNeeded(core: PorticoCore, element: PorticoModalElement) {
  let root: Root | undefined;
  let rendering: Promise<typeof import('./ui/mount')> | undefined;
  let destroyed = false;
  const render = () =>
    (rendering ??= import('./ui/mount').then(
      (mount) => {
        if (!destroyed) root = mount.mountModal(core, element);
        return mount;
      },
      (error: unknown) => {
        rendering = undefined; // the next open fetches the chunk again
        throw error;
      },
    ));
  const stopWatchingOpen = core.store.sub(modalStateAtom, () => {
    if (core.store.get(modalStateAtom) !== 'closed') void render().catch((error: unknown) => logs.error('the dialog could not be drawn', error));
  });
  return {
    render,
    /** The dialog's words in the modal's locale, into the store (the kit has loaded). */
    prepareChrome: () => render().then((mount) => mount.loadShellChrome(core)),
    unmount() {
      destroyed = true;
      stopWatchingOpen();
      root?.unmount();
    },
  };
}

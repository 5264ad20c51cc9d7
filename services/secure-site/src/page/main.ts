/**
 * The page's entry (built by rsbuild into dist/): reads its settings, builds the wallet and answers the
 * parent page through shared-state's frame channel, only when that parent's origin is on the project's list.
 * Requests that sign or spend are shown on this page's own approval screen (./approval-screen.ts).
 */
import './approval.css';
import { createParentChannel, type ParentChannel } from '@portico/shared-state/embedded';
import { createApprovalScreen } from './approval-screen';
import { PAGE_CONFIG_META, readPageSettings } from './config';
import { indexedDbKeyStore } from './device-key';
import { createEmbeddedWallet } from './wallet';

const settings = readPageSettings(location.search, document.querySelector(`meta[name="${PAGE_CONFIG_META}"]`)?.getAttribute('content'));
const log = (...args: unknown[]) => {
  if (settings.enableLogger) console.info('[portico secure site]', ...args);
};

// The embedding page's origin: the browser's own record of it (Chromium, WebKit), else what the modal states in
// the query, else the referrer's origin. A false claim gains nothing: every reply is posted to that origin only, and
// the channel below refuses one off the project's list before any request is answered.
const parentOrigin = location.ancestorOrigins?.[0] ?? settings.origin ?? (document.referrer ? new URL(document.referrer).origin : '');

let channel: ParentChannel | undefined;
const screen = createApprovalScreen({
  document,
  now: () => performance.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  IntersectionObserver: globalThis.IntersectionObserver,
  ResizeObserver: globalThis.ResizeObserver,
  userActive: () => (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive,
  onHeight: (height) => channel?.notify('APPROVAL_SHOWN', { height }),
});
document.documentElement.dataset.theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
const wallet = createEmbeddedWallet({
  apiUrl: settings.apiUrl,
  projectId: settings.projectId,
  chainId: settings.chainId,
  siteUrl: location.origin,
  fetch: (input, init) => fetch(input, init),
  storage: localStorage,
  deviceKeys: indexedDbKeyStore('portico-device-key'),
  parentOrigin,
  showApproval: (approval) => screen.show(approval),
  onApprovalsIdle: () => channel?.notify('APPROVAL_HIDDEN', {}),
  onChainChanged: (chainId) => channel?.notify('CHAIN_CHANGED', { chainId }),
  onAccountsChanged: (accounts) => channel?.notify('ACCOUNTS_CHANGED', { accounts }),
  ...(settings.bundlerUrl && { smartAccounts: { bundlerUrl: settings.bundlerUrl, chains: settings.smartAccountChains } }),
});

channel = createParentChannel({
  parentWindow: window.parent !== window ? window.parent : undefined,
  parentOrigin,
  allowedOrigins: settings.allowedOrigins,
  listenTarget: window,
  handlers: {
    ...wallet.handlers,
    // The screen takes the modal's theme (spec §7's theme sync); only the mode is used so far.
    SYNC_THEME: ({ themeMode }) => {
      if (themeMode) document.documentElement.dataset.theme = themeMode;
      return {};
    },
  },
  onIgnored: (ignored) => log('ignored message', ignored),
  onHandlerError: (error, event) => console.error('[portico secure site]', event, error),
});
log('ready', { parentOrigin, projectId: settings.projectId, chainId: settings.chainId, version: settings.version });

/**
 * The page's entry (built by rsbuild into dist/): reads its settings, builds the wallet and answers the
 * parent page through shared-state's frame channel, only when that parent's origin is on the project's list.
 * Requests that sign or spend are shown on this page's own approval screen (./approval-screen.ts), the key export on
 * its own screen (./export-screen.ts); one of them at a time.
 */
import './approval.css';
import './export.css';
import { createParentChannel, type ParentChannel } from '@portico/shared-state/embedded';
import { createApprovalScreen, type ApprovalScreenEnv } from './approval-screen';
import { EXPORT_AFTER_APPROVAL } from './export';
import { createExportScreen } from './export-screen';
import { createHostLook } from './host-look';
import { PAGE_CONFIG_META, readPageSettings } from './config';
import { indexedDbKeyStore } from './device-key';
import { SOCIAL_CALLBACK_TAKEN, socialCallbackMessageSchema } from '../social-handoff';
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
// The host's theme and dapp (SYNC_THEME, SYNC_DAPP_DATA): every screen drawn takes them.
const look = createHostLook({ root: document.documentElement, parentOrigin, projectId: settings.projectId });
const screenEnv: ApprovalScreenEnv = {
  dapp: look.dapp,
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
};
const screen = createApprovalScreen(screenEnv);
const exportScreen = createExportScreen({
  ...screenEnv,
  // The modal titles its view by the screen: ExportPrivateKey rather than ApproveTransaction.
  onHeight: (height) => channel?.notify('APPROVAL_SHOWN', { height, screen: 'keyExport' }),
  onHidden: () => channel?.notify('APPROVAL_HIDDEN', {}),
  writeClipboard: (text) => navigator.clipboard.writeText(text),
});
/** Requests were shown for approval since the frame was last hidden: the frame is theirs until they are decided. */
let approving = false;
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
  showApproval: (approval) => {
    // A request to approve takes the frame from an export on screen (which drops the key; the person may start again).
    exportScreen.close();
    approving = true;
    screen.show(approval);
  },
  onApprovalsIdle: () => {
    approving = false;
    channel?.notify('APPROVAL_HIDDEN', {});
  },
  showExport: (keyExport) => {
    if (approving) throw new Error(EXPORT_AFTER_APPROVAL);
    exportScreen.show(keyExport);
  },
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
    // Spec §7's theme and dapp data sync, from the verified parent only (the channel's origin and window checks).
    SYNC_THEME: look.applyTheme,
    SYNC_DAPP_DATA: look.setDapp,
  },
  onIgnored: (ignored) => log('ignored message', ignored),
  onHandlerError: (error, event) => console.error('[portico secure site]', event, error),
});
// The social callback popup hands the provider's answer to this frame (../social-handoff.ts): only a document of this
// very origin may, and only this frame's own sign-in is answered, to that window alone.
addEventListener('message', (event) => {
  if (event.origin !== location.origin || !event.source || event.source === window.parent) return;
  const message = socialCallbackMessageSchema.safeParse(event.data);
  if (!message.success || !wallet.receiveSocialAnswer(message.data.answer)) return;
  (event.source as Window).postMessage({ type: SOCIAL_CALLBACK_TAKEN, state: message.data.answer.state }, location.origin);
});
log('ready', { parentOrigin, projectId: settings.projectId, chainId: settings.chainId, version: settings.version });

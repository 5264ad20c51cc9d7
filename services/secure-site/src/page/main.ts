/**
 * The page's entry (built by rsbuild into dist/): reads its settings, builds the wallet and answers the
 * parent page through shared-state's frame channel, only when that parent's origin is on the project's list.
 */
import { createParentChannel, type ParentChannel } from '@portico/shared-state/embedded';
import { PAGE_CONFIG_META, readPageSettings } from './config';
import { createEmbeddedWallet } from './wallet';

const settings = readPageSettings(location.search, document.querySelector(`meta[name="${PAGE_CONFIG_META}"]`)?.getAttribute('content'));
const log = (...args: unknown[]) => {
  if (settings.enableLogger) console.info('[portico secure site]', ...args);
};

let channel: ParentChannel | undefined;
const wallet = createEmbeddedWallet({
  apiUrl: settings.apiUrl,
  projectId: settings.projectId,
  chainId: settings.chainId,
  walletOpenUrl: new URL('/wallet/open', location.origin).toString(),
  fetch: (input, init) => fetch(input, init),
  storage: localStorage,
  onChainChanged: (chainId) => channel?.notify('CHAIN_CHANGED', { chainId }),
  onAccountsChanged: (accounts) => channel?.notify('ACCOUNTS_CHANGED', { accounts }),
  ...(settings.bundlerUrl && { smartAccounts: { bundlerUrl: settings.bundlerUrl, chains: settings.smartAccountChains } }),
});

// The embedding page's origin: the browser's own record of it (Chromium, WebKit), else what the modal states in
// the query, else the referrer's origin. A false claim gains nothing: every reply is posted to that origin only.
const parentOrigin = location.ancestorOrigins?.[0] ?? settings.origin ?? (document.referrer ? new URL(document.referrer).origin : '');
channel = createParentChannel({
  parentWindow: window.parent !== window ? window.parent : undefined,
  parentOrigin,
  allowedOrigins: settings.allowedOrigins,
  listenTarget: window,
  handlers: wallet.handlers,
  onIgnored: (ignored) => log('ignored message', ignored),
  onHandlerError: (error, event) => console.error('[portico secure site]', event, error),
});
log('ready', { parentOrigin, projectId: settings.projectId, chainId: settings.chainId, version: settings.version });

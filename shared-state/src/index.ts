/**
 * @portico/shared-state: the contract between the shell and every remote. Pure TypeScript,
 * no DOM: atoms, controllers, validators, errors, constants and chain adapters.
 */
export * from './contract';
// Only what other packages use: every name exported here is kept in the page's bundle (values are listed by
// name; a module's types come with `export type *`).
export { CONNECTOR_IDS, RECOMMENDED_WALLETS, REVEALED_FRAME_ATTRIBUTE, THEME_DEFAULTS, WALLET_FEATURE_ORDER, WALLET_FRAME_SLOT, WALLET_PAGE_SIZE } from './constants';
export type { ChainNamespace, EmbeddedAccountType, FeatureName, Features, RemoteName, Social, SocialProvider } from './constants';
export type * from './errors';
export { InvalidOptionsError, NamespaceNotConfiguredError, UserRejectedRequestError, ConnectorNotFoundError, NetworkNotFoundError, SwitchChainError, DisconnectError, RemoteLoadError, RemoteIncompatibleError, errorText } from './errors';
export type * from './caip';
export * from './address';
export * from './network';
export type * from './options';
export { porticoOptionsSchema } from './options';
export type * from './cdn-manifest';
export type * from './views';
export type * from './storage';
export { createMemoryStorage, recentWallets } from './storage';
export type * from './events';
export type * from './atoms';
export { routerAtom, modalFlagsAtom, modalStateAtom, toastAtom, disconnectedAccount, accountsAtom, initializedAtom, activeNamespaceAtom, activeNetworkAtom, activeAccountAtom, connectorsAtom, connectAttemptAtom, themeAtom, optionsAtom, announcementAtom, signInAtom, walletConnectAtom, registryAtom, alertAtom, portfolioAtom, nftsAtom, transactionsAtom, sendAtom } from './atoms';
export { networkNotFoundAlert } from './alerts';
export * from './core';
export { logs } from './log-buffer';
export type { LogBuffer, LogLevel } from './log-buffer';
export { checkProjectOrigin, startAnalytics } from './startup';
export type * from './pairing';
export { isPairingExpired, walletDeepLink } from './pairing';
export type * from './names';
export { NAME_ZONE, fullName, namesAtom } from './names';
export type { ApiContext } from './api/client';
export type { RegistryWallet, WalletPage, WalletQuery } from './api/wallets';
export type { BalanceItem, Identity, Nft, Transaction } from './api/blockchain';
export type { SendController } from './controllers/send-form';
export type { NamesController } from './controllers/names-form';
export type * from './swap';
export { swapAtom } from './swap';
export type { SwapController } from './controllers/swap-form';
export type { NameProfile } from './api/names';
export type { AccountDataController } from './controllers/account-data';
export type * from './onramp';
export { onRampAtom } from './onramp';
export type { OnRampController } from './controllers/onramp';
export type { HttpRequestError, TimeoutError, InvalidResponseError } from './api/http';
export type { RouterController } from './controllers/router';
export type { ModalController, OpenOptions } from './controllers/modal';
export type { ToastController } from './controllers/toast';
export type { ConnectionController, ConnectMethod } from './controllers/connection';
export type { WalletConnectController } from './controllers/walletconnect';
export type { RegistryController } from './controllers/registry';
export type { WalletConnectSettings, WalletConnectSource } from './walletconnect/source';
export type {
  ChainAdapter,
  Connector,
  ConnectorType,
  ConnectedAccount,
  NativeBalance,
  TokenTransfer,
  TransactionOutcome,
  PreparedCall,
  WalletEventHandlers,
} from './adapters/types';
export type { Eip1193Provider } from './adapters/eip155/discovery';
export type { Cacao, SIWXConfig, SIWXMessage, SIWXSession } from './siwx/types';
export type { SIWEConfig } from './siwx/siweconfig';
export type { SignInController } from './controllers/siwx';
export { lazyAsync } from './lazy';
export type { ApprovalFrame, EmbeddedWallet, EmbeddedWalletHandle, EmbeddedSource, ShownApproval } from './embedded-wallet';
export type { EmailLogin, EmailLoginState, EmailLoginStep } from './embedded/email-login';
export type { SocialLogin, SocialLoginState, SocialLoginStep, SocialWindow, OpenSocialWindow } from './embedded/social-login';
export type { FarcasterLogin, FarcasterLoginState, FarcasterLoginStep } from './embedded/farcaster-login';
export type { EmbeddedUser } from './embedded/fields';
export type { AccountTypeState, AccountTypeStore } from './embedded/account-type';
export type { CallBatchesState, CallBatchReport, CallBatchStore } from './embedded/call-batches';
/**
 * The sign-in implementations (`@portico/shared-state/siwx`), loaded on demand. Hosts' factories
 * (the shell's `portico_shell/siwx`) load them through this, so the chunk comes from this package's
 * own copy: importing the subpath from another build would split this package's shared copy.
 */
export const loadSiwx = () => import('./siwx/index');

/** Props every view module receives from the shell's outlet. */
export interface PorticoViewProps {
  portico: import('./core').PorticoCore;
}

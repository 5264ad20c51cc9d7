import type { FeatureName, Features, RemoteName } from './constants';

/** Every view the spec names (section 2), plus the optional feature views (a type only: the registry is the runtime list). */
export type ViewName =
  | 'Connect'
  | 'AllWallets'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingExternal'
  /** A wallet installed in several namespaces (a MULTI_CHAIN connector, router data `connectorId`): which to connect. */
  | 'ConnectingMultiChain'
  | 'ConnectingSiwe'
  | 'ConnectingFarcaster'
  | 'UnsupportedChain'
  | 'Account'
  | 'Networks'
  | 'ApproveTransaction'
  /** The secure site's key export screen (issue 28), shown like an approval. */
  | 'ExportPrivateKey'
  | 'SIWXSignMessage'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'WalletSend'
  | 'WalletReceive'
  | 'Swap'
  | 'OnRampProviders'
  | 'Transactions'
  | 'Pay'
  | 'EmailLogin'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmail'
  | 'ConnectingSocial'
  /** AppKit's explainers, linked from Connect and Networks. */
  | 'WhatIsAWallet'
  | 'WhatIsANetwork'
  /** Store links of a wallet that is not installed (router data `wallet`). */
  | 'GetWallet';


export interface ViewRegistration {
  /** The remote that renders the view. */
  remote: RemoteName;
  /** The module the remote exposes, as in its Module Federation `exposes`. */
  module: `./${string}`;
  /** The feature flag that must be on for the view to exist. */
  feature?: FeatureName;
}

/** Which remote renders which view. */
export const VIEW_REGISTRY: Record<ViewName, ViewRegistration> = {
  Connect: { remote: 'connect', module: './Connect' },
  ConnectingExternal: { remote: 'connect', module: './ConnectingExternal' },
  ConnectingMultiChain: { remote: 'connect', module: './ConnectingMultiChain' },
  ConnectingWalletConnect: { remote: 'connect', module: './ConnectingWalletConnect' },
  ConnectingWalletConnectBasic: { remote: 'connect', module: './ConnectingWalletConnectBasic' },
  AllWallets: { remote: 'connect', module: './AllWallets', feature: 'allWallets' },
  SIWXSignMessage: { remote: 'connect', module: './SIWXSignMessage' },
  ConnectingSiwe: { remote: 'connect', module: './ConnectingSiwe' },
  EmailLogin: { remote: 'connect', module: './EmailLogin', feature: 'email' },
  EmailVerifyOtp: { remote: 'connect', module: './EmailVerifyOtp', feature: 'email' },
  EmailVerifyDevice: { remote: 'connect', module: './EmailVerifyDevice', feature: 'email' },
  // The embedded wallet's (it exists only with `embeddedWallet`): social login and the approval gate work with `email` off.
  ConnectingSocial: { remote: 'connect', module: './ConnectingSocial' },
  ConnectingFarcaster: { remote: 'connect', module: './ConnectingFarcaster' },
  WhatIsAWallet: { remote: 'connect', module: './WhatIsAWallet' },
  WhatIsANetwork: { remote: 'connect', module: './WhatIsANetwork' },
  GetWallet: { remote: 'connect', module: './GetWallet' },
  Account: { remote: 'account', module: './Account' },
  ApproveTransaction: { remote: 'account', module: './ApproveTransaction' },
  ExportPrivateKey: { remote: 'account', module: './ApproveTransaction' },
  UpdateEmail: { remote: 'account', module: './UpdateEmail', feature: 'email' },
  UnsupportedChain: { remote: 'account', module: './UnsupportedChain' },
  Networks: { remote: 'account', module: './Networks' },
  WalletReceive: { remote: 'account', module: './WalletReceive', feature: 'receive' },
  // The Activity tab's list on its own (spec §2: the optional history view).
  Transactions: { remote: 'account', module: './Transactions', feature: 'history' },
  WalletSend: { remote: 'send', module: './WalletSend', feature: 'send' },
  Swap: { remote: 'swap', module: './Swap', feature: 'swaps' },
  OnRampProviders: { remote: 'onramp', module: './OnRampProviders', feature: 'onramp' },
  Pay: { remote: 'onramp', module: './Pay', feature: 'pay' },
  RegisterAccountName: { remote: 'names', module: './RegisterAccountName', feature: 'names' },
  RegisterAccountNameSuccess: { remote: 'names', module: './RegisterAccountNameSuccess', feature: 'names' },
};

/** The views that show the secure site's own frame over their body (issue 28): not aria-modal, so the frame is heard. */
export const SECURE_FRAME_VIEWS: readonly ViewName[] = ['ApproveTransaction', 'ExportPrivateKey'];

export type ViewResolution =
  | { kind: 'remote'; registration: ViewRegistration }
  | { kind: 'unknown'; message: string }
  | { kind: 'feature-off'; message: string };

export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && Object.hasOwn(VIEW_REGISTRY, value);
}

/** Decides what the outlet renders for a view name: a remote module, or a visible reason why not. */
export function resolveView(view: string, features: Features): ViewResolution {
  if (!isViewName(view)) return { kind: 'unknown', message: `Unknown view "${view}".` };
  const registration = VIEW_REGISTRY[view];
  if (registration.feature && !features[registration.feature]) {
    return { kind: 'feature-off', message: `The ${registration.feature} feature is turned off for this site.` };
  }
  return { kind: 'remote', registration };
}

const VIEW_TITLES: Partial<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'Connect Wallet',
  ConnectingMultiChain: 'Select Chain',
  Account: 'Account',
  UnsupportedChain: 'Switch Network',
  Networks: 'Choose Network',
  WalletSend: 'Send',
  WalletReceive: 'Receive',
  Swap: 'Swap',
  OnRampProviders: 'Buy Crypto',
  Pay: 'Pay',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  Transactions: 'Activity',
  SIWXSignMessage: 'Sign In',
  ConnectingSiwe: 'Sign In',
  ConnectingFarcaster: 'Log in with Farcaster',
  EmailVerifyOtp: 'Confirm Email',
  EmailVerifyDevice: 'Register Device',
  WhatIsAWallet: 'What is a Wallet?',
  WhatIsANetwork: 'What is a Network?',
};

/**
 * The modal header's title, which also names the dialog. ConnectingExternal shows the wallet's name,
 * ConnectingSocial 'Log in with {provider}' (the router data's `socialProviderName`).
 */
export function viewTitle(view: ViewName, context: { walletName?: string; socialProviderName?: string } = {}): string {
  if ((view === 'ConnectingExternal' || view === 'ConnectingWalletConnect') && context.walletName) return context.walletName;
  if (view === 'GetWallet') return context.walletName ? `Get ${context.walletName}` : 'Get a Wallet';
  if (view === 'ConnectingSocial' && context.socialProviderName) return `Log in with ${context.socialProviderName}`;
  return VIEW_TITLES[view] ?? view.replace(/([a-z])([A-Z])/g, '$1 $2');
}

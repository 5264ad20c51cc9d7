/** The module React hosts load through Module Federation (`portico_shell/portico`). */
export { createPortico } from './create-portico';
// The modal's languages, for a host's own language picker (the demo's).
export { SUPPORTED_LOCALES } from '@portico/shared-state/locales';
export { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoState, usePorticoProvider, usePorticoSession } from './react/hooks';
export type { PorticoInstance, PorticoAccount, PorticoState } from './instance';
/** What `allAccounts` lists and what `walletProviderType` / `getProviderType()` name. */
export type { ConnectorType, ListedAccount, SIWXConfig, SIWXSession, SIWEConfig } from '@portico/shared-state';

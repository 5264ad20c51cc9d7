/**
 * `@portico/shared-state/siwx`: sign in with the wallet (issue 10). Reached only through a dynamic
 * `import()` (it carries viem's siwe helpers); nothing of it loads with the page.
 *
 * Not a Module Federation shared module (only the package's main entry is): import it in ONE place
 * (the shell, or the core through `lazyAsync`) and hand the controller to the views on `portico`,
 * or each build would hold its own copy.
 */
export type { Cacao, SIWXConfig, SIWXMessage, SIWXSession } from './types';
export { SiwxApiError, SiwxConfigConflictError, SiwxNotEnabledError, SiwxVerificationError } from './errors';
export {
  DEFAULT_SIWX_EXPIRY_MS,
  DEFAULT_SIWX_STATEMENT,
  coversAccount,
  createSiwxMessenger,
  formatSiwxMessage,
  parseSiwxMessage,
  sessionExpired,
  siwxMessage,
  type SiwxMessengerOptions,
} from './message';
export { formatSignInText, parseSignInText, SIGN_IN_ACCOUNT_NAMES, solanaSignInInput, type SignInTextNamespace, type SolanaSignInInput } from './siws';
export { createDefaultSiwx, SIWX_SESSIONS_KEY, type DefaultSiwxOptions } from './default-siwx';
/** The RPC client Portico reads a network with; default sign-in verifies contract accounts through it. */
export { publicClientFor } from '../adapters/eip155/rpc';
export { createServerSiwx, revokeMessage, SIWX_TOKENS_KEY, type ServerSiwx, type ServerSiwxOptions, type ServerSiwxSession } from './server-siwx';
export {
  mapSiweConfig,
  resolveSiwxOption,
  type SIWEConfig,
  type SIWECreateMessageArgs,
  type SIWEMessageArgs,
  type SIWESession,
  type SIWEVerifyMessageArgs,
} from './siweconfig';
export {
  createSignIn,
  createSiwxController,
  needsSignIn,
  SIGN_IN_INITIALIZE_FAILED,
  SIGN_IN_REQUIRED,
  SIGN_IN_VIEWS,
  SIGNATURE_DECLINED,
  type SignInAccount,
  type SignInController,
  type SiwxController,
  type SiwxControllerDeps,
  type SiwxState,
} from '../controllers/siwx';

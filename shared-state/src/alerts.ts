/**
 * Spec §8's alerts about the site's own setup that the host's calls can raise, shown above every view (alertAtom).
 * The origin refusal has its own module (api/origin-refusal.ts), loaded with the HTTP client.
 */
import type { AlertState } from './atoms';

/** The host asked for a network that is not in its `networks` (e.g. `switchNetwork(mainnet)` on a testnet-only site). */
export function networkNotFoundAlert(caipNetworkId: string): AlertState {
  return {
    title: 'Network Not Found',
    message: `Network ${caipNetworkId} not found - please make sure it is included in the 'networks' array of the Portico options`,
  };
}

/**
 * The host gave no `projectId` (AppKit's alert; the modal still opens): the Portico API is asked nothing, since every
 * call names a project, and the embedded wallet is off. Installed wallets and WalletConnect on the host's relay work.
 */
export function projectIdNotConfiguredAlert(): AlertState {
  return {
    title: 'Project ID Not Configured',
    message: 'Pass the projectId your Portico operator gave you (self-hosted: a project of your Portico API). Until then the wallet list, balances and the email and social logins are off.',
  };
}

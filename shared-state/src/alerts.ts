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

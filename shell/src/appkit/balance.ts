import type { ChainNamespace } from '@portico/shared-state';
import type { PorticoInstance } from '../instance';

/** What AppKit's `fetchBalance()` resolves to. `balance` is exact decimal text, e.g. `'10000'` or `'0.5'`. */
export interface AppKitBalanceResult {
  data: { balance: string; symbol: string } | undefined;
  error: string | null;
  isSuccess: boolean;
  isError: boolean;
}

// AppKit's words for the two ways a fetch comes back empty.
const NOT_CONNECTED: AppKitBalanceResult = { data: undefined, error: 'Not able to retrieve balance', isSuccess: false, isError: true };
const NO_BALANCE: AppKitBalanceResult = { data: undefined, error: 'No balance found', isSuccess: false, isError: true };

/**
 * The connected account's native balance on the active network, as AppKit's `fetchBalance()` reports it: read
 * again from the network by the instance (`fetchBalance`, what the Account view shows), in every namespace that
 * has balances. A namespace without them, or a network that does not answer, comes back as `No balance found`.
 */
export async function fetchAppKitBalance(instance: PorticoInstance, namespace?: ChainNamespace): Promise<AppKitBalanceResult> {
  if (!instance.getAccount(namespace).isConnected) return NOT_CONNECTED;
  const data = await instance.fetchBalance(namespace).catch(() => undefined);
  return data ? { data, error: null, isSuccess: true, isError: false } : NO_BALANCE;
}

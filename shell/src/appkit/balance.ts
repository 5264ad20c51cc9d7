import type { ChainNamespace, Eip1193Provider } from '@portico/shared-state';
import { formatTokenAmount } from '@portico/shared-state/amounts';
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
 * The connected account's native balance on the active network, as AppKit's `fetchBalance()` reports it.
 * Read through the connected wallet (`eth_getBalance` on its EIP-1193 provider, so this chunk holds no RPC
 * client): the PorticoInstance does not hand out the balance its account view holds. eip155 only; a Solana
 * or bitcoin account comes back as `No balance found`, as does a wallet that fails to answer.
 */
export async function fetchAppKitBalance(instance: PorticoInstance, namespace?: ChainNamespace): Promise<AppKitBalanceResult> {
  const { address, isConnected } = instance.getAccount(namespace);
  const network = instance.getCaipNetwork();
  if (!isConnected || !address || !network) return NOT_CONNECTED;
  const provider = instance.getProvider(namespace) as Eip1193Provider | undefined;
  if ((namespace ?? instance.getState().activeChain) !== 'eip155' || !provider) return NO_BALANCE;
  try {
    const wei = BigInt(String(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })));
    const { decimals, symbol } = network.nativeCurrency;
    return { data: { balance: formatTokenAmount(wei, decimals), symbol }, error: null, isSuccess: true, isError: false };
  } catch {
    return NO_BALANCE;
  }
}

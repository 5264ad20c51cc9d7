// Loaded lazily: viem stays out of the bundle until an account needs the chain.
import { createClient, formatUnits, getAddress, http, type Client } from 'viem';
import { getBalance } from 'viem/actions';
import { RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '../../constants';
import type { CaipNetwork } from '../../network';
import type { NativeBalance } from '../types';

const clients = new Map<string, Client>();

/** One client per network (bare createClient + single actions keeps the chunk small); viem's http transport retries 403/408/413/429/5xx with backoff or Retry-After. */
function publicClientFor(network: CaipNetwork) {
  const rpcUrl = network.rpcUrls.default.http[0];
  // Keyed by URL too: two Portico instances may configure one chain with different RPCs.
  const key = `${network.caipNetworkId} ${rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient({
      transport: http(rpcUrl, {
        timeout: RPC_TIMEOUT_MS,
        retryCount: RPC_RETRY_COUNT,
        retryDelay: RPC_RETRY_DELAY_MS,
        batch: { wait: 0, batchSize: 1000 },
      }),
    });
    clients.set(key, client);
  }
  return client;
}

export async function getNativeBalance(address: string, network: CaipNetwork): Promise<NativeBalance> {
  const wei = await getBalance(publicClientFor(network), { address: getAddress(address) });
  return {
    decimalText: formatUnits(wei, network.nativeCurrency.decimals),
    symbol: network.nativeCurrency.symbol,
  };
}

export const checksumAddress = (address: string): string => getAddress(address);

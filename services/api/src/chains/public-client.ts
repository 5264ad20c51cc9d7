/**
 * A viem public client on a configured chain's upstream node, for reads viem does best (ERC-1271 /
 * ERC-6492 signature checks). One per chain entry, created on first use.
 */
import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { chainNumber } from './config';
import type { ChainEntry } from './runtime';

const clients = new WeakMap<ChainEntry, PublicClient>();

export function publicClientFor(entry: ChainEntry, timeoutMs: number): PublicClient {
  let client = clients.get(entry);
  if (!client) {
    const { config } = entry;
    const chain = defineChain({
      id: chainNumber(config),
      name: config.name,
      nativeCurrency: config.nativeCurrency,
      rpcUrls: { default: { http: [config.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(config.rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
    clients.set(entry, client);
  }
  return client;
}

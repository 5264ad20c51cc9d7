/**
 * A viem public client on a configured chain's upstream node, for reads viem does best (ERC-1271 /
 * ERC-6492 signature checks).
 */
import { BaseError, createPublicClient, defineChain, http, HttpRequestError, TimeoutError, type Chain, type PublicClient, type Transport } from 'viem';
import { chainNumber, type ChainConfig } from './config';
import type { ChainEntry } from './runtime';

/** The viem chain of a configured eip155 chain; with `multicall3` configured, viem's `multicall` batches reads through it. */
export function viemChain(config: ChainConfig): Chain {
  return defineChain({
    id: chainNumber(config),
    name: config.name,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: [config.rpcUrl] } },
    ...(config.multicall3 ? { contracts: { multicall3: { address: config.multicall3 } } } : {}),
  });
}

const chains = new WeakMap<ChainEntry, Chain>();

function chainOf(entry: ChainEntry): Chain {
  let chain = chains.get(entry);
  if (!chain) {
    chain = viemChain(entry.config);
    chains.set(entry, chain);
  }
  return chain;
}

/** Is this a failure to reach the node (connection refused, HTTP error, timeout) rather than an answer? */
export const nodeUnreachable = (err: unknown) => err instanceof BaseError && err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;

/**
 * `onUnreachable` hears of every request the node could not answer: some viem actions (verifyHash)
 * turn a failed eth_call into a plain `false`, so the caller needs this to tell "no" from "no answer".
 */
export function publicClientFor(entry: ChainEntry, timeoutMs: number, onUnreachable?: (err: unknown) => void): PublicClient {
  const upstream = http(entry.config.rpcUrl, { timeout: timeoutMs, retryCount: 0 });
  const transport: Transport = (params) => {
    const built = upstream(params);
    const request: typeof built.request = async (args, options) => {
      try {
        return await built.request(args, options);
      } catch (err) {
        if (nodeUnreachable(err)) onUnreachable?.(err);
        throw err;
      }
    };
    return { ...built, request };
  };
  return createPublicClient({ chain: chainOf(entry), transport });
}

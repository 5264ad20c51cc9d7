// Loaded lazily: viem stays out of the bundle until an account needs the chain.
import {
  createClient,
  encodeFunctionData,
  erc20Abi,
  fallback,
  formatEther,
  formatUnits,
  getAddress,
  http,
  parseUnits,
  stringify,
  type Client,
  type Transport,
} from 'viem';
import { estimateGas, getBalance, getGasPrice, readContract, waitForTransactionReceipt } from 'viem/actions';
import { fetchWithRetry } from '../../api/retry';
import { RPC_DEDUPE_CACHE_SIZE, RPC_FALLBACK_RANK, RPC_TIMEOUT_MS } from '../../constants';
import type { CaipNetwork } from '../../network';
import type { NativeBalance, TokenTransfer, TransactionOutcome } from '../types';

const clients = new Map<string, Client>();

/**
 * One client per network (bare createClient + single actions keeps the chunk small). Its transport is every RPC URL
 * of the network as viem's ranked `fallback` (spec §9: pinged with net_listening every 4 s, 1 s timeout, 10 samples,
 * stability 0.7 and latency 0.3), so one flaky endpoint no longer fails balances and fee estimates. Retries use
 * Portico's policy (api/retry.ts) instead of viem's, which waits for any Retry-After, even an hour. Every call here is
 * a read (a raw transaction would be idempotent by hash); the wallet's eth_sendTransaction never goes through it.
 */
export function publicClientFor(network: CaipNetwork): Client {
  const urls = network.rpcUrls.default.http;
  // Keyed by URLs too: two Portico instances may configure one chain with different RPCs.
  const key = `${network.caipNetworkId} ${urls.join(' ')}`;
  let client = clients.get(key);
  if (!client) {
    const transports = urls.map((url) =>
      http(url, {
        timeout: RPC_TIMEOUT_MS,
        retryCount: 0,
        fetchFn: (input, init) => fetchWithRetry(String(input), () => fetch(input, init), { idempotent: true, signal: init?.signal ?? undefined }),
        batch: { wait: 0, batchSize: 1000 },
      }),
    );
    // One URL has nothing to rank against: no pings.
    const transport = transports.length === 1 ? transports[0]! : fallback(transports, { rank: RPC_FALLBACK_RANK, retryCount: 0 });
    client = createClient({ transport: dedupeReads(transport) });
    clients.set(key, client);
  }
  return client;
}

/**
 * Identical requests in flight share one answer (two views asking a balance at once send one request); viem dedupes
 * only the actions that opt in. The map holds in-flight requests only, and never more than RPC_DEDUPE_CACHE_SIZE.
 */
export function dedupeReads(transport: Transport): Transport {
  return (parameters) => {
    const made = transport(parameters);
    const inFlight = new Map<string, Promise<unknown>>();
    const request = ((args, options) => {
      const key = stringify(args);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const answer = made.request(args, options);
      if (inFlight.size < RPC_DEDUPE_CACHE_SIZE) {
        inFlight.set(key, answer);
        void answer.then(
          () => inFlight.delete(key),
          () => inFlight.delete(key),
        );
      }
      return answer;
    }) as typeof made.request;
    return { ...made, request };
  };
}

export async function getNativeBalance(address: string, network: CaipNetwork): Promise<NativeBalance> {
  const wei = await getBalance(publicClientFor(network), { address: getAddress(address) });
  return {
    decimalText: formatUnits(wei, network.nativeCurrency.decimals),
    symbol: network.nativeCurrency.symbol,
  };
}

export const checksumAddress = (address: string): string => getAddress(address);

/** The transaction a transfer is: native sends carry value and empty data; ERC-20 calls transfer(to, amount). */
export function transferTransaction(transfer: TokenTransfer): { from: `0x${string}`; to: `0x${string}`; value: bigint; data?: `0x${string}` } {
  const amount = parseUnits(transfer.amount, transfer.decimals);
  const from = getAddress(transfer.from);
  if (!transfer.tokenAddress) return { from, to: getAddress(transfer.to), value: amount };
  return {
    from,
    to: getAddress(transfer.tokenAddress),
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(transfer.to), amount] }),
  };
}

export const estimateTransferFee = (transfer: TokenTransfer, network: CaipNetwork): Promise<string> =>
  estimateCallFee(transferTransaction(transfer), network);

/** Gas × gas price of a call, as decimal text of the native token (`to` absent: a contract creation). */
export async function estimateCallFee(
  call: { from: `0x${string}`; to?: `0x${string}`; value?: bigint; data?: `0x${string}` },
  network: CaipNetwork,
): Promise<string> {
  const client = publicClientFor(network);
  const [gas, gasPrice] = await Promise.all([
    estimateGas(client, { account: call.from, to: call.to, value: call.value, data: call.data }),
    getGasPrice(client),
  ]);
  return formatEther(gas * gasPrice);
}

/** An ERC-20 contract's symbol and decimals, read from the chain. @throws when the contract does not answer them */
export async function readTokenMetadata(token: string, network: CaipNetwork): Promise<{ symbol: string; decimals: number }> {
  const client = publicClientFor(network);
  const address = getAddress(token);
  const [symbol, decimals] = await Promise.all([
    readContract(client, { address, abi: erc20Abi, functionName: 'symbol' }),
    readContract(client, { address, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  return { symbol, decimals };
}

export async function waitForTransaction(hash: string, network: CaipNetwork): Promise<TransactionOutcome> {
  const receipt = await waitForTransactionReceipt(publicClientFor(network), { hash: hash as `0x${string}`, pollingInterval: 500 });
  return { hash, status: receipt.status };
}

export const toHexQuantity = (value: bigint): `0x${string}` => `0x${value.toString(16)}`;

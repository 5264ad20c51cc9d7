// Loaded lazily with the first chain read (the connection normalizes the address right after connecting).
import {
  address,
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  getBase58Decoder,
  signature,
  type RpcTransport,
  type SolanaRpcApi,
  type Rpc,
} from '@solana/kit';
import { formatUnits } from 'viem';
import { RPC_TIMEOUT_MS } from '../../constants';
import { PorticoError } from '../../errors';
import type { CaipNetwork } from '../../network';
import type { NativeBalance, TransactionOutcome } from '../types';
import { rankedTransport } from './ranked-transport';

/** How often and how long waitForTransaction asks for a signature's status. */
export const CONFIRMATION_POLL_MS = 500;
export const CONFIRMATION_TIMEOUT_MS = 60_000;

const rpcs = new Map<string, Rpc<SolanaRpcApi>>();

/** A transport that gives up after RPC_TIMEOUT_MS (or when the caller aborts). */
function timedTransport(url: string): RpcTransport {
  const transport = createDefaultRpcTransport({ url });
  return (config) => {
    const timeout = AbortSignal.timeout(RPC_TIMEOUT_MS);
    return transport({ ...config, signal: config.signal ? AbortSignal.any([config.signal, timeout]) : timeout });
  };
}

const HEALTH_PING = { jsonrpc: '2.0', id: 'portico-health', method: 'getHealth', params: [] } as const;

/**
 * One client per network (keyed by its URLs): every RPC URL of the network, ranked by health and latency
 * (ranked-transport.ts, the numbers eip155's viem fallback uses), each request timing out after RPC_TIMEOUT_MS.
 * Identical requests in the same tick share one answer (@solana/kit's default transport coalesces them).
 */
export function rpcFor(network: CaipNetwork): Rpc<SolanaRpcApi> {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw new PorticoError(`The network ${network.name} has no RPC URL.`);
  const key = `${network.caipNetworkId} ${urls.join(' ')}`;
  let rpc = rpcs.get(key);
  if (!rpc) {
    const transport = rankedTransport(urls.map(timedTransport), async (ranked, signal) => {
      const reply = await ranked<{ error?: unknown }>({ payload: HEALTH_PING, signal });
      if (reply.error) throw new Error('unhealthy');
    });
    rpc = createSolanaRpcFromTransport(transport);
    rpcs.set(key, rpc);
  }
  return rpc;
}

/** The address as a checked base58 public key (32 bytes); throws for anything else. */
export const normalizeAddress = (value: string): string => address(value);

export const toBase58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes);

export async function getNativeBalance(owner: string, network: CaipNetwork): Promise<NativeBalance> {
  const { value } = await rpcFor(network).getBalance(address(owner), { commitment: 'confirmed' }).send();
  return { decimalText: formatUnits(value, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
}

/**
 * Polls getSignatureStatuses until the transaction is confirmed (success, or 'reverted' when it failed on chain);
 * gives up after `timeoutMs` with an error (the send flow then says it could not read the confirmation).
 */
export async function waitForTransaction(
  hash: string,
  network: CaipNetwork,
  { pollMs = CONFIRMATION_POLL_MS, timeoutMs = CONFIRMATION_TIMEOUT_MS } = {},
): Promise<TransactionOutcome> {
  const rpc = rpcFor(network);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature(hash)]).send();
    const status = value[0];
    if (status?.err) return { hash, status: 'reverted' };
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return { hash, status: 'success' };
    if (Date.now() + pollMs > deadline) {
      throw new PorticoError(`The transaction was not confirmed within ${Math.round(timeoutMs / 1000)} seconds.`, { details: hash });
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

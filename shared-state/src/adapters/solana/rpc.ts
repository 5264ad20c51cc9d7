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

/** How often and how long waitForTransaction asks for a signature's status. */
export const CONFIRMATION_POLL_MS = 500;
export const CONFIRMATION_TIMEOUT_MS = 60_000;

const rpcs = new Map<string, Rpc<SolanaRpcApi>>();

/** One client per network and URL (the network's `rpcUrls.default.http[0]`); every request times out after RPC_TIMEOUT_MS. */
export function rpcFor(network: CaipNetwork): Rpc<SolanaRpcApi> {
  const url = network.rpcUrls.default.http[0];
  if (!url) throw new PorticoError(`The network ${network.name} has no RPC URL.`);
  const key = `${network.caipNetworkId} ${url}`;
  let rpc = rpcs.get(key);
  if (!rpc) {
    const transport = createDefaultRpcTransport({ url });
    const timed: RpcTransport = (config) => {
      const timeout = AbortSignal.timeout(RPC_TIMEOUT_MS);
      return transport({ ...config, signal: config.signal ? AbortSignal.any([config.signal, timeout]) : timeout });
    };
    rpc = createSolanaRpcFromTransport(timed);
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

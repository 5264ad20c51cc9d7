/** Request helpers for the blockchain routes: chain id and address parameters. */
import { isAddress as isSolanaAddress } from '@solana/kit';
import { getAddress } from 'viem';
import { z } from 'zod';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import type { SolanaChainEntry } from '../chains/solana';
import { HttpError, parseOr400 } from './errors';

/** eip155 address: optional 0x + 40 hex digits (spec §5); normalised to checksummed 0x form. */
export const evmAddress = z
  .string({ error: 'required' })
  .regex(/^(0x)?[0-9a-fA-F]{40}$/, { error: (i) => `'${String(i.input).slice(0, 64)}' is not an address (0x + 40 hex digits)` })
  .transform((s) => getAddress(s.startsWith('0x') ? s : `0x${s}`));

/** The configured chain named by `chainId`; 400 `chainId: required` / `chainId: not supported`. */
export function requireChain(rt: ChainRuntime, chainId: string | undefined): ChainEntry {
  if (chainId === undefined || chainId === '') throw new HttpError(400, 'chainId: required');
  const entry = rt.get(chainId);
  if (!entry) throw new HttpError(400, 'chainId: not supported');
  return entry;
}

/** Transactions per history page, on every namespace. */
export const HISTORY_PAGE_SIZE = 20;

/** Path parameters of the eip155-only `/v1/…/:address/…` routes. */
export const addressParams = z.object({ address: evmAddress });

/** Spec §5: a Solana address is base58 of 32 bytes (an ed25519 public key or a program address). */
export const isSolanaAccount = (s: string) => isSolanaAddress(s);
export const solanaAccount = z
  .string({ error: 'required' })
  .refine(isSolanaAccount, { error: (i) => `'${String(i.input).slice(0, 64)}' is not a Solana address (base58, 32 bytes)` });

/**
 * Path parameters of the routes that serve every namespace: the address is checked against the
 * chain's namespace rules by `requireAccount` once the chain is known.
 */
export const accountParams = z.object({ address: z.string({ error: 'required' }) });

export type ChainAccount =
  | { namespace: 'eip155'; entry: ChainEntry; address: `0x${string}` }
  | { namespace: 'solana'; entry: SolanaChainEntry; address: string };

/**
 * The configured chain named by `chainId` (any namespace; errors as requireChain) and `address`
 * checked by that namespace's rules: `400 address: '…' is not an address …`.
 */
export function requireAccount(rt: ChainRuntime, chainId: string | undefined, address: string): ChainAccount {
  const solana = chainId ? rt.getSolana(chainId) : undefined;
  if (solana) return { namespace: 'solana', entry: solana, address: parseOr400(z.object({ address: solanaAccount }), { address }).address };
  const entry = requireChain(rt, chainId);
  return { namespace: 'eip155', entry, address: parseOr400(addressParams, { address }).address };
}

/** 'eip155:31337:0xabc…' */
export const caip10 = (chainId: string, address: string) => `${chainId}:${getAddress(address)}`;

/** formatUnits with at least one fractional digit ('10000.0'), as the balance API answers. */
export function numericText(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const v = neg ? -value : value;
  const base = 10n ** BigInt(decimals);
  const int = v / base;
  let frac = decimals > 0 ? (v % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  if (frac === '') frac = '0';
  return `${neg ? '-' : ''}${int}.${frac}`;
}

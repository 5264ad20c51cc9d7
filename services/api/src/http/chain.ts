/** Request helpers for the blockchain routes: chain id and address parameters. */
import { getAddress } from 'viem';
import { z } from 'zod';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import { HttpError } from './errors';

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

/** Path parameters of the `/v1/…/:address/…` routes. */
export const addressParams = z.object({ address: evmAddress });

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

/**
 * Amounts as views show them: balances with grouping, token amounts by their decimals, the swap's minimum and
 * the account's balance of a swap token. A subpath (`@portico/shared-state/amounts`), not the package index:
 * each remote bundles its own copy, and the host page holds none.
 */
import { BALANCE_FRACTION_DIGITS, NATIVE_TOKEN_MARKER } from './constants';
import { PorticoError } from './errors';
import { numberFormat } from './formatters';
import type { SwapToken } from './swap';

const BALANCE_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: BALANCE_FRACTION_DIGITS };

/**
 * Formats a decimal string (as viem's formatUnits returns) to at most 3 decimals with the locale's grouping:
 * `"10000.0"` → `"10,000"` (en-US), `"10.000"` (de). Uses Intl's string input so large balances keep their digits.
 *
 * @param locale - A BCP 47 tag, the modal's locale (`useLocale()` in views); en-US when absent.
 */
export function formatBalance(decimalText: string, locale = 'en-US'): string {
  // Intl.NumberFormat accepts decimal strings and formats them exactly (no float rounding).
  return numberFormat(locale, BALANCE_OPTIONS).format(decimalText as unknown as number);
}

/** ERC-20 decimals are a uint8. */
const MAX_TOKEN_DECIMALS = 255;
export const validTokenDecimals = (decimals: number) => Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_TOKEN_DECIMALS;

/** 1500000n with 6 decimals → '1.5'. Anything but a non-negative integer amount throws PorticoError('Invalid amount'). */
export function formatTokenAmount(value: bigint | string, decimals: number): string {
  if (!validTokenDecimals(decimals) || !/^\d+$/.test(String(value))) throw new PorticoError('Invalid amount');
  const v = BigInt(value);
  const base = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? (v % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return fraction ? `${v / base}.${fraction}` : `${v / base}`;
}

/** The smallest amount the swap accepts: quote × (1 − slippage). */
export function minimumReceived(toAmount: bigint | string, slippage: number): bigint {
  return (BigInt(toAmount) * (10_000n - BigInt(Math.round(slippage * 100)))) / 10_000n;
}

export const isNativeSwapToken = (token: SwapToken | undefined) => Boolean(token?.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_MARKER}`));

/** The account's balance of a swap token (decimal text) from the portfolio's balances. */
export function swapTokenBalance(token: SwapToken, balances: readonly { address?: string; quantity: { numeric: string } }[]): string | undefined {
  if (isNativeSwapToken(token)) return balances.find((b) => !b.address)?.quantity.numeric;
  const address = token.address.toLowerCase();
  return balances.find((b) => b.address?.toLowerCase() === address)?.quantity.numeric;
}

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

/**
 * A decimal as a person would type it: no trailing fraction zeros, no lone dot (`"25000.0"` → `"25000"`,
 * `"1.50"` → `"1.5"`). What Max writes into an amount field.
 */
export function cleanDecimal(decimalText: string): string {
  const text = decimalText.trim();
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Below this a fee or small amount reads "< 0.000001" rather than a row of zeros. */
const SMALLEST_SHOWN = 0.000001;
// Four significant digits for small values, two decimals for large ones, whichever keeps more
// (ES2023's roundingPriority): 0.000021000000000001 → "0.000021", 1234.5678 → "1,234.57".
const HUMAN_OPTIONS = { maximumSignificantDigits: 4, maximumFractionDigits: 2, roundingPriority: 'morePrecision' } as Intl.NumberFormatOptions;

/**
 * A fee, rate or small amount in human precision in the locale (Intl, significant digits): never fifteen
 * decimals of dust. Text that is not a number comes back as it is.
 */
export function formatHuman(decimalText: string, locale = 'en-US'): string {
  const value = Number(decimalText);
  if (!Number.isFinite(value)) return decimalText;
  const format = numberFormat(locale, HUMAN_OPTIONS);
  return value > 0 && value < SMALLEST_SHOWN ? `< ${format.format(SMALLEST_SHOWN)}` : format.format(value);
}

/** The dollar value of `amount` at `price` (USD per token), or undefined when either is unknown or not a number. */
export function fiatValue(amount: string, price: number | undefined): number | undefined {
  const value = Number(amount);
  return amount.trim() && Number.isFinite(value) && price !== undefined && Number.isFinite(price) ? value * price : undefined;
}

/** Price impact (percent) from which the quote shows it as a warning. */
export const PRICE_IMPACT_WARNING_PERCENT = 3;

/** 'high' at or over PRICE_IMPACT_WARNING_PERCENT: the view marks it in the warning colour and says so. */
export const priceImpactLevel = (percent: number): 'normal' | 'high' => (percent >= PRICE_IMPACT_WARNING_PERCENT ? 'high' : 'normal');

/** How much of `to` one `from` buys at the quote, as decimal text (`"0.9871"`), from smallest units and decimals. */
export function quoteRate(quote: { fromAmount: string; toAmount: string }, fromDecimals: number, toDecimals: number): string | undefined {
  const paid = Number(formatTokenAmount(quote.fromAmount, fromDecimals));
  const received = Number(formatTokenAmount(quote.toAmount, toDecimals));
  return paid > 0 ? String(received / paid) : undefined;
}

// 18 decimals (an ERC-20's usual) and more fit: what was typed is shown whole.
const EXACT_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 20 };

/** An amount the person typed, every digit kept, with the locale's grouping and decimal sign: `"25000.125"` → `"25,000.125"`. */
export function formatExact(decimalText: string, locale = 'en-US'): string {
  return numberFormat(locale, EXACT_OPTIONS).format(decimalText as unknown as number);
}

import { BALANCE_FRACTION_DIGITS } from './constants';

const balanceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: BALANCE_FRACTION_DIGITS });

/**
 * Formats a decimal string (as viem's formatUnits returns) to at most 3 decimals with grouping:
 * `"10000.0"` → `"10,000"`. Uses Intl's string input so large balances keep their digits.
 */
export function formatBalance(decimalText: string): string {
  // Intl.NumberFormat accepts decimal strings and formats them exactly (no float rounding).
  return balanceFormat.format(decimalText as unknown as number);
}

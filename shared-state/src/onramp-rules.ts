/**
 * The on-ramp's rules as views apply them (spec section 9). A subpath (`@portico/shared-state/onramp-rules`),
 * not the package index: each remote that needs them bundles its own copy, and the host page holds none.
 */
import { numberFormat } from './formatters';
import type { OnRampMethodLimit, OnRampPurchaseStatus, OnRampQuoteRequest, OnRampState } from './onramp';

/** Payment method labels. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = { card: 'Card', ach_bank_account: 'Bank account' };

/** Spec section 9: restricted time zones (mainland China, Hong Kong and Macau) hide the on-ramp. */
export const ONRAMP_RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
];

export function isOnRampRestricted(timeZone: string | undefined): boolean {
  return timeZone !== undefined && ONRAMP_RESTRICTED_TIMEZONES.includes(timeZone);
}

/** The amount checked against a payment method's limits; the problem in words, or undefined. */
export function onRampAmountError(amount: string, limit: OnRampMethodLimit | undefined, currency: string): string | undefined {
  const text = amount.trim();
  if (text === '') return 'Enter an amount';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'Enter an amount with at most 2 decimals';
  if (!limit) return undefined;
  const value = Number(text);
  if (value < Number(limit.min)) return `The minimum is ${limit.min} ${currency}`;
  if (value > Number(limit.max)) return `The maximum is ${limit.max} ${currency}`;
  return undefined;
}

/**
 * Amount presets, in the payment currency. The spec names none: these are round amounts a first purchase
 * is usually made of, inside every method's sample limits (10.00 to 7500.00) and the demo provider's cap.
 */
export const ONRAMP_AMOUNT_PRESETS: readonly string[] = ['50', '100', '250', '500'];

/** The presets a payment method's limits allow (all of them without limits). */
export function onRampPresets(limit: OnRampMethodLimit | undefined): string[] {
  if (!limit) return [...ONRAMP_AMOUNT_PRESETS];
  return ONRAMP_AMOUNT_PRESETS.filter((preset) => Number(preset) >= Number(limit.min) && Number(preset) <= Number(limit.max));
}

/** Whether two quote requests ask the same (the amount compared as typed, trimmed). */
export function sameOnRampRequest(a: OnRampQuoteRequest, b: OnRampQuoteRequest): boolean {
  return (
    a.purchaseCurrency === b.purchaseCurrency &&
    a.paymentCurrency === b.paymentCurrency &&
    a.amount.trim() === b.amount.trim() &&
    a.network === b.network &&
    (a.paymentMethod ?? 'card') === (b.paymentMethod ?? 'card')
  );
}

/**
 * The quote state for what the form shows now, or undefined: a quote (or its error) for other values is
 * stale and never shown, even while the answer for the new values is on its way.
 */
export function currentOnRampQuote(quote: OnRampState['quote'], request: OnRampQuoteRequest): OnRampState['quote'] {
  return quote && sameOnRampRequest(quote.request, request) ? quote : undefined;
}

/** The demo provider's purchase session in its URL (`?session=<43 characters>`); other providers report none. */
export function onRampSessionId(url: string): string | undefined {
  let session: string | null;
  try {
    session = new URL(url).searchParams.get('session');
  } catch {
    return undefined;
  }
  return session && /^[A-Za-z0-9_-]{43}$/.test(session) ? session : undefined;
}

/** A purchase that can still change (the hand-off view keeps following it). */
export const onRampPurchaseOngoing = (status: OnRampPurchaseStatus): boolean => status === 'waiting' || status === 'processing';

const SMALLEST_FIAT = 0.01;

/**
 * Money in the locale with the currency's own narrow symbol ("$100.00", de "100,00 $", fr "100,00 $"; never
 * "$US"): `whole` drops the cents of a round amount (presets: "$250"). Text that is not a number comes back as it is.
 */
export function formatFiat(amount: string, currency: string, locale: string, whole = false): string {
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(value)) return amount;
  const digits = whole && Number.isInteger(value) ? 0 : 2;
  const format = numberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits });
  // A fee below a cent reads "< $0.01", not "$0.00".
  return value > 0 && value < SMALLEST_FIAT ? `< ${format.format(SMALLEST_FIAT)}` : format.format(value);
}

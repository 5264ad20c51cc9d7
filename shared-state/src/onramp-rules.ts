/**
 * The on-ramp's rules as views apply them (spec section 9). A subpath (`@portico/shared-state/onramp-rules`),
 * not the package index: each remote that needs them bundles its own copy, and the host page holds none.
 */
import type { OnRampMethodLimit } from './onramp';

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

/**
 * What an Activity row says about a transaction of the API's history (spec section 3, Transaction): its kind,
 * what moved and to or from whom (a transfer's own counterparty, never the token contract), and the day it is
 * listed under. Plain data for the account view to word in its locale. Words that come from a token or a contract
 * (symbols, NFT names, spender names, function names) are cleaned here, so a hostile token cannot restyle a row.
 * A subpath (`@portico/shared-state/activity`), not the package index: the account remote bundles it.
 */
import { shortenAddress } from './address';
import { formatBalance } from './amounts';
import type { Transaction } from './api/blockchain';

/** sent ↗, received ↙, minted, swapped ⇄, approved ✓, a call that moved nothing, a failed transaction. */
export type ActivityKind = 'sent' | 'received' | 'minted' | 'swapped' | 'approved' | 'call' | 'failed';

export interface ActivityAsset {
  /** "1.5 PUSD", "Portico Collectible #3", "2 × Multi token" — digits in the locale's form. */
  text: string;
  /** A fungible token's symbol (its icon is found by it); absent for an NFT. */
  symbol?: string;
  /** An NFT's preview image, as the API gave it. */
  imageUrl?: string;
}

export interface ActivityEntry {
  id: string;
  kind: ActivityKind;
  /** What was sent, received, minted or approved; a swap's leg out. */
  asset?: ActivityAsset;
  /** A swap's leg in. */
  received?: ActivityAsset;
  /** Further assets that moved besides the ones named. */
  more: number;
  /**
   * The other side: a transfer's recipient (sent) or sender (received), an approval's spender (by name when the
   * API knows it), the contract a call or a failed transaction went to — shortened when an address.
   */
  counterparty?: string;
  /** Sent to the account itself. */
  toSelf: boolean;
  /** An approval without a limit (`asset.text` is then the bare symbol). */
  unlimited: boolean;
  /** The function a call (or a failed transaction) called, where the API knows it ("register"). */
  method?: string;
  /** What the asset (a swap: its leg out) was worth in USD, when the API priced it. */
  value?: number;
  /** Its network (CAIP-2), whose icon the row shows. */
  chain: string;
  minedAt: string;
  /** The calendar day it was mined on in the viewer's time zone (`YYYY-MM-DD`): rows are grouped by it. */
  day: string;
}

type Transfer = Transaction['transfers'][number];

const ZERO_ADDRESS = /^0x0{40}$/i;
/** Characters that draw nothing or move text around: controls, format characters (bidi overrides, zero-width), private use, unassigned, line separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
const METHOD_NAME = /^[A-Za-z_$][\w$]{0,47}$/;
const MAX_SYMBOL_LENGTH = 12;
const MAX_NAME_LENGTH = 40;

/**
 * `text` safe to show in a row: invisible and direction-changing characters removed, runs of combining marks cut
 * to two, whitespace collapsed (removed when `spaces` is false: a symbol has none), at most `max` characters
 * (then "…").
 */
export function cleanText(text: string, max: number, { spaces = true } = {}): string {
  const clean = text
    .replace(INVISIBLE, '')
    .replace(/(\p{M}{2})\p{M}+/gu, '$1')
    .replace(/\s+/gu, spaces ? ' ' : '')
    .trim();
  const characters = [...clean];
  return characters.length <= max ? clean : `${characters.slice(0, max - 1).join('')}…`;
}

const cleanSymbol = (symbol: string | undefined) => cleanText(symbol ?? '', MAX_SYMBOL_LENGTH, { spaces: false });

function assetOf(transfer: Transfer, locale: string): ActivityAsset {
  const numeric = transfer.quantity?.numeric;
  if (transfer.nft_info) {
    const name = cleanText(transfer.nft_info.name ?? '', MAX_NAME_LENGTH) || 'NFT';
    const imageUrl = transfer.nft_info.content?.preview?.url || undefined;
    return { text: numeric && numeric !== '1' ? `${formatBalance(numeric, locale)} × ${name}` : name, imageUrl };
  }
  const symbol = cleanSymbol(transfer.fungible_info?.symbol);
  return { text: numeric === undefined ? symbol : `${formatBalance(numeric, locale)} ${symbol}`.trim(), symbol: symbol || undefined };
}

/** Two transfers of the same asset (a swap's legs are of two). */
const sameAsset = (a: Transfer, b: Transfer) =>
  a.nft_info || b.nft_info ? a.nft_info?.name === b.nft_info?.name : a.fungible_info?.symbol === b.fungible_info?.symbol;

const short = (address: string | undefined) => (address ? shortenAddress(address) : undefined);

/**
 * One row from one of the API's transactions for `ownAddress`, its amounts in `locale`'s digits and its day in
 * `timeZone` (the viewer's by default). Spam NFTs are named only when nothing else moved.
 */
export function describeActivity(transaction: Transaction, ownAddress: string, locale: string, timeZone?: string): ActivityEntry {
  const { metadata } = transaction;
  const own = ownAddress.toLowerCase();
  const notSpam = transaction.transfers.filter((transfer) => transfer.nft_info?.flags.is_spam !== true);
  const transfers = notSpam.length > 0 ? notSpam : transaction.transfers;
  const out = transfers.filter((transfer) => transfer.direction === 'out' || transfer.direction === 'self');
  const into = transfers.filter((transfer) => transfer.direction === 'in');
  const approvals = transaction.approvals ?? [];
  const method = metadata.method && METHOD_NAME.test(metadata.method) ? metadata.method : undefined;
  const entry: ActivityEntry = {
    id: transaction.id,
    kind: 'call',
    more: 0,
    toSelf: false,
    unlimited: false,
    chain: metadata.chain,
    minedAt: metadata.minedAt,
    day: activityDay(metadata.minedAt, timeZone),
  };
  const moved = (kind: ActivityKind, transfer: Transfer, others: number): ActivityEntry => ({
    ...entry,
    kind,
    asset: assetOf(transfer, locale),
    more: others,
    value: transfer.value,
  });

  if (metadata.status?.toLowerCase() === 'failed') return { ...entry, kind: 'failed', method, counterparty: short(metadata.sentTo) };
  const minted = into.find((transfer) => ZERO_ADDRESS.test(transfer.sender ?? '')) ?? (metadata.operationType === 'mint' ? into[0] : undefined);
  if (minted) return moved('minted', minted, into.length - 1);
  const [leg] = out;
  const back = leg && into.find((transfer) => !sameAsset(transfer, leg));
  if (leg && back) return { ...moved('swapped', leg, out.length + into.length - 2), received: assetOf(back, locale) };
  if (leg) {
    const toSelf = leg.direction === 'self' || leg.recipient?.toLowerCase() === own;
    return { ...moved('sent', leg, out.length - 1), toSelf, counterparty: toSelf ? undefined : short(leg.recipient) };
  }
  if (into[0]) return { ...moved('received', into[0], into.length - 1), counterparty: short(into[0].sender) };
  const [approval] = approvals;
  if (approval) {
    const symbol = cleanSymbol(approval.fungible_info?.symbol);
    const numeric = approval.quantity?.numeric;
    const unlimited = approval.unlimited === true || numeric === undefined;
    const name = approval.spender.name ? cleanText(approval.spender.name, MAX_NAME_LENGTH) : '';
    return {
      ...entry,
      kind: 'approved',
      asset: { text: unlimited ? symbol : `${formatBalance(numeric, locale)} ${symbol}`.trim(), symbol: symbol || undefined },
      more: approvals.length - 1,
      unlimited,
      counterparty: name || shortenAddress(approval.spender.address),
    };
  }
  return { ...entry, method, counterparty: short(metadata.sentTo) };
}

/** One day's rows, newest first, as the list shows them. */
export interface ActivityDay {
  day: string;
  entries: ActivityEntry[];
}

/** `entries` (newest first) in runs of one day each. */
export function groupByDay(entries: readonly ActivityEntry[]): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last?.day === entry.day) last.entries.push(entry);
    else days.push({ day: entry.day, entries: [entry] });
  }
  return days;
}

/** Building an Intl.DateTimeFormat costs far more than formatting with it: one per locale, options and zone. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A tag Intl refuses (a page's malformed `lang`): en-US rather than no list.
      format = new Intl.DateTimeFormat('en-US', options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

/** The calendar day of `iso` in `timeZone` (the viewer's by default), as `YYYY-MM-DD`. */
export function activityDay(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  const parts = dateFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayTime = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year!, month! - 1, date!);
};

/**
 * How a day's heading reads: 'today', 'yesterday' (the view has words for them), else the date in `locale`
 * ("Monday, January 27"; with its year when not this year's).
 */
export function dayHeading(day: string, now: number, locale: string, timeZone?: string): 'today' | 'yesterday' | { date: string } {
  const today = activityDay(new Date(now).toISOString(), timeZone);
  if (day === today) return 'today';
  const time = dayTime(day);
  if (!Number.isFinite(time)) return { date: day };
  if (dayTime(today) - time === 86_400_000) return 'yesterday';
  const options: Intl.DateTimeFormatOptions =
    day.slice(0, 4) === today.slice(0, 4) ? { weekday: 'long', month: 'long', day: 'numeric' } : { year: 'numeric', month: 'long', day: 'numeric' };
  return { date: dateFormat(locale, { ...options, timeZone: 'UTC' }).format(time) };
}

/** The time of day of `iso` in `locale` ("3:42 PM", `de`: "15:42"), in `timeZone` (the viewer's by default). */
export function activityTime(iso: string, locale: string, timeZone?: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(time) : '';
}

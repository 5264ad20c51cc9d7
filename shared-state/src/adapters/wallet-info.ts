// What a wallet a page announces (EIP-6963 or the Wallet Standard) may show of itself: its name and icon as Portico
// takes them, and how many wallets one page may announce. One set of rules for every adapter, so no namespace is the
// way round them; the registry's names pass `visibleWalletName` too (controllers/registry.ts).
import * as z from 'zod/mini';

/** At most this many wallets are taken from one page's announcements in a namespace; later ones are ignored. */
export const MAX_ANNOUNCED_WALLETS = 50;
/** Longest announced name taken, in UTF-16 code units as announced (before invisible characters are removed). */
export const MAX_WALLET_NAME_LENGTH = 100;
/** Combining marks kept on one character; the rest of a longer stack (a "Zalgo" tower over the rows) is dropped. */
export const MAX_STACKED_MARKS = 4;
/** Longest wallet icon taken, in characters of its data: URI (~96 KiB of base64 image). */
export const MAX_WALLET_ICON_LENGTH = 131_072;

// Allow-list: letters, marks, numbers, punctuation, symbols and spaces, less what Unicode marks as ignorable (Hangul
// fillers, variation selectors, …). Everything else goes: controls, format characters (bidi overrides and isolates,
// zero-width spaces and joiners), line separators, private-use and unassigned code points, lone surrogates.
const NOT_VISIBLE = /[^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]|\p{Default_Ignorable_Code_Point}/gu;
const STACKED_MARKS = new RegExp(`(\\p{M}{${MAX_STACKED_MARKS}})\\p{M}+`, 'gu');
const SPACES = /\p{Zs}+/gu;

/**
 * A wallet's name as Portico shows it: NFC, visible characters only (see NOT_VISIBLE), at most MAX_STACKED_MARKS
 * marks on a character, each run of spaces one space, trimmed. Empty when nothing visible is left.
 */
export function visibleWalletName(name: string): string {
  return name.normalize('NFC').replace(NOT_VISIBLE, '').replace(STACKED_MARKS, '$1').replace(SPACES, ' ').trim();
}

/** An announced name: at most MAX_WALLET_NAME_LENGTH long as announced, out as `visibleWalletName` has it, never empty. */
export const walletNameSchema = z.pipe(
  z.pipe(z.string().check(z.maxLength(MAX_WALLET_NAME_LENGTH)), z.transform(visibleWalletName)),
  z.string().check(z.minLength(1, 'name has no visible character')),
);

// EIP-6963 and the Wallet Standard: the icon is a data: URI, shown in an <img> (never as markup), of these types only.
const DATA_IMAGE_URI = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/;

const walletIconSchema = z.string().check(z.maxLength(MAX_WALLET_ICON_LENGTH), z.regex(DATA_IMAGE_URI));

/** The icon when it is a data: URI of an allowed image type, at most MAX_WALLET_ICON_LENGTH long; else undefined. */
export function safeWalletIcon(icon: unknown): string | undefined {
  return walletIconSchema.safeParse(icon).success ? (icon as string) : undefined;
}

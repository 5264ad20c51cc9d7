import * as z from 'zod/mini';
import { MAX_ANNOUNCED_WALLETS, safeWalletIcon, walletNameSchema } from '../wallet-info';

/** An EIP-1193 provider as far as Portico needs it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (...args: any[]) => void): unknown;
  removeListener?(event: string, listener: (...args: any[]) => void): unknown;
}

/** Longest rdns: a DNS name's limit (RFC 1035). */
export const MAX_RDNS_LENGTH = 253;

const providerSchema = z.custom<Eip1193Provider>(
  (value) => typeof (value as Eip1193Provider | null)?.request === 'function',
  'provider has no request() function',
);

// EIP-6963 asks for a UUIDv4; any UUID is taken, since Portico tells wallets apart by rdns.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Reverse DNS, at least two labels of 1–63 letters, digits and inner hyphens (RFC 1035): `io.metamask`. Never one of
// Portico's own connector ids (`walletConnect`, `injected`, `ID_AUTH`), whose sessions are not an announced wallet's.
const DNS_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const REVERSE_DNS = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})+$`, 'i');

/**
 * An EIP-6963 announcement, the one check of everything a page may announce. Without a UUID, a reverse-DNS rdns, a
 * provider and a name with a visible character the announcement is refused; the name comes out as
 * `visibleWalletName` has it; an icon that `safeWalletIcon` refuses becomes undefined (the wallet stays listed,
 * without an icon: a real wallet whose icon is too large or of another type is not lost).
 */
const announcementSchema = z.object({
  info: z.object({
    uuid: z.string().check(z.regex(UUID)),
    name: walletNameSchema,
    icon: z.pipe(z.unknown(), z.transform(safeWalletIcon)),
    rdns: z.string().check(z.maxLength(MAX_RDNS_LENGTH), z.regex(REVERSE_DNS)),
  }),
  provider: providerSchema,
});
export type AnnouncedWallet = z.output<typeof announcementSchema>;

/**
 * EIP-6963 discovery: listens for announcements and asks wallets to announce themselves. Malformed announcements are
 * ignored, and so are new wallets (rdns) once MAX_ANNOUNCED_WALLETS were reported; the wallets reported so far may
 * announce again (they do on every request). Returns a function that stops listening.
 */
export function watchAnnouncedWallets(
  target: EventTarget,
  onAnnounce: (wallet: AnnouncedWallet) => void,
): () => void {
  const reported = new Set<string>();
  const onAnnounceEvent = (event: Event) => {
    const parsed = announcementSchema.safeParse((event as CustomEvent).detail);
    if (!parsed.success) return;
    const { rdns } = parsed.data.info;
    if (!reported.has(rdns)) {
      if (reported.size >= MAX_ANNOUNCED_WALLETS) return;
      reported.add(rdns);
    }
    onAnnounce(parsed.data);
  };
  target.addEventListener('eip6963:announceProvider', onAnnounceEvent);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounceEvent);
}


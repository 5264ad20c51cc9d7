import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from './constants';

/** When a pairing URI made now stops being usable (spec section 9: 4 minutes). */
export const pairingExpiresAt = (now: number): number => now + PAIRING_LIFETIME_MS;

/** Spec section 5: a pairing is expired when 10 s or less remain. */
export function isPairingExpired(pairingExpiresAt: number | undefined, now: number): boolean {
  return pairingExpiresAt === undefined || pairingExpiresAt - now <= PAIRING_EXPIRY_MARGIN_MS;
}

export interface DeepLinkTarget {
  /** The URL to open. */
  href: string;
  /** `_blank` for universal (https) links outside Telegram, `_self` otherwise. */
  target: '_blank' | '_self' | '_top';
}

/**
 * A wallet's mobile deep link carrying a pairing URI: `native://wc?uri=…` for custom schemes,
 * `https://…/wc?uri=…` for universal links. Inside Telegram the URI is encoded twice and links
 * open in `_top` (the mini-app webview drops `_blank` navigations), as the spec's rules say.
 */
export function walletDeepLink(
  walletLink: string,
  pairingUri: string,
  context: { isTelegram: boolean },
): DeepLinkTarget {
  const universal = /^https?:\/\//i.test(walletLink);
  let base = walletLink;
  if (!universal && !base.includes('://')) base = `${base.replaceAll('/', '').replaceAll(':', '')}://`;
  if (!base.endsWith('/')) base = `${base}/`;
  const encoded = context.isTelegram
    ? encodeURIComponent(encodeURIComponent(pairingUri))
    : encodeURIComponent(pairingUri);
  return {
    href: `${base}wc?uri=${encoded}`,
    target: universal ? (context.isTelegram ? '_top' : '_blank') : '_self',
  };
}

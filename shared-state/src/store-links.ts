/**
 * Where a wallet that is not installed can be got (the "Get <wallet>" view): its registry entry's store pages for
 * the person's platform. Only http(s) URLs: a registry entry is data from the network, never a `javascript:` link.
 */

/** The registry fields the store links come from (`RegistryWallet`). */
export interface StoreLinkFields {
  homepage?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
}

export type StoreKind = 'chrome' | 'ios' | 'android' | 'homepage';
export type StorePlatform = 'desktop' | 'ios' | 'android';

export interface StoreLink {
  kind: StoreKind;
  href: string;
}

/** The platform the store links are for, from the user agent (a phone or tablet that is not iOS is Android's). */
export function storePlatform(userAgent: string, isMobile: boolean): StorePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && /Mobile/i.test(userAgent))) return 'ios';
  if (/Android/i.test(userAgent) || isMobile) return 'android';
  return 'desktop';
}

function webUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The wallet's store links, this platform's first: desktop shows the Chrome extension then both app stores, a phone
 * its own store only; the homepage comes last. Duplicates and non-web URLs are dropped.
 */
export function storeLinksFor(wallet: StoreLinkFields, platform: StorePlatform): StoreLink[] {
  const order: [StoreKind, string | null | undefined][] =
    platform === 'ios'
      ? [['ios', wallet.app_store]]
      : platform === 'android'
        ? [['android', wallet.play_store]]
        : [
            ['chrome', wallet.chrome_store],
            ['ios', wallet.app_store],
            ['android', wallet.play_store],
          ];
  order.push(['homepage', wallet.homepage]);
  const links: StoreLink[] = [];
  for (const [kind, value] of order) {
    const href = webUrl(value);
    if (href && !links.some((link) => link.href === href)) links.push({ kind, href });
  }
  return links;
}

/** The link a phone opens a wallet's app with: its native scheme, else its universal link, else its web app. */
export function mobileWalletLink(wallet: { mobile_link?: string | null; universal_link?: string | null; webapp_link?: string | null }): string | undefined {
  return wallet.mobile_link || wallet.universal_link || wallet.webapp_link || undefined;
}

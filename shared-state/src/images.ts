import { IMAGE_PRELOAD_WAIT_MS } from './constants';

/**
 * Where the modal's artwork lives (spec §7 "GET wallet, network, connector, currency and token images by
 * id"): URLs on the Portico API, so a self-hosted deployment serves its own files and the browser caches
 * them (the API marks them immutable). Views build image URLs only through these helpers.
 */

/** A network's image id: its CAIP-2 id with ':' written as '-' ("eip155-1", "solana-5eykt…"), URL-safe. */
export function networkImageId(caipNetworkId: string): string {
  return caipNetworkId.replace(':', '-');
}

/** The network's icon on the API, or undefined without an API. */
export function networkImageUrl(apiUrl: string | undefined, caipNetworkId: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/network-images/${networkImageId(caipNetworkId)}`;
}

/** A token's icon by symbol (the API draws a distinct monogram for a symbol it has no artwork for). */
export function tokenImageUrl(apiUrl: string | undefined, symbol: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/token-images/${encodeURIComponent(symbol)}`;
}

/** A connector's logo on the API (`walletConnect`), or undefined without an API. */
export function connectorImageUrl(apiUrl: string | undefined, connectorId: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/connector-images/${encodeURIComponent(connectorId)}`;
}

/** A registry wallet's logo by its image id (a connector's `imageId`), or undefined without an API. */
export function walletImageUrl(apiUrl: string | undefined, imageId: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/wallet-images/${encodeURIComponent(imageId)}`;
}

/** Loads one image; resolves once it loaded or failed (the browser: an `Image` and its load/error events). */
export type ImageLoader = (url: string) => Promise<void>;

/**
 * Waits until `urls` are in the browser's cache, at most `IMAGE_PRELOAD_WAIT_MS` (spec §9: 2 s), so a list shows
 * with its icons rather than filling them in, and a slow or broken image server never holds it longer. Without a
 * loader (no DOM, as in the unit tests' core) it resolves at once.
 */
export async function preloadImages(
  urls: readonly (string | null | undefined)[],
  settings: { load?: ImageLoader; waitMs?: number } = {},
): Promise<void> {
  const { load = browserImageLoader(), waitMs = IMAGE_PRELOAD_WAIT_MS } = settings;
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  if (!load || !wanted.length) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  // A failed image is no reason to wait longer: its slot shows the fallback either way.
  await Promise.race([Promise.all(wanted.map((url) => load(url).catch(() => undefined))), waited]);
  clearTimeout(timer);
}

function browserImageLoader(): ImageLoader | undefined {
  if (typeof Image === 'undefined') return undefined;
  return (url) =>
    new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve();
      image.onerror = () => reject(new Error(`Image failed to load: ${url}`));
      image.src = url;
    });
}

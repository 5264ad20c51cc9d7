/**
 * The social login's popup window. Its own small module: the Connect view opens it in the person's click even
 * before the embedded wallet's code has loaded (the eager handle, `embedded-wallet.ts`), and the lazily loaded
 * social login store opens it the same way once it has.
 */

/** The popup as the store uses it (a subset of `Window`: readable across origins). */
export interface SocialWindow {
  readonly closed: boolean;
  close(): void;
  location: { href: string };
}

/** Opens the (blank) popup, or `null` when the browser blocked it. */
export type OpenSocialWindow = () => SocialWindow | null;

/** The social popup's size (the providers' pages fit it); centred on the page's window. */
const SOCIAL_WINDOW_SIZE = { width: 500, height: 640 };

/**
 * Opens the social login's popup on about:blank (in the click, so no pop-up blocker steps in), centred on the
 * page's window, or `null` when the browser blocked it. It gets no handle on the page: the providers' pages
 * must not reach (or navigate) the host through `window.opener`.
 */
export function openSocialWindowInPage(page: Window = globalThis as unknown as Window): SocialWindow | null {
  const { width, height } = SOCIAL_WINDOW_SIZE;
  const left = Math.round(page.screenX + (page.outerWidth - width) / 2);
  const top = Math.round(page.screenY + (page.outerHeight - height) / 2);
  const popup = page.open('about:blank', 'portico-social', `popup,width=${width},height=${height},left=${left},top=${top}`);
  if (popup) popup.opener = null;
  return popup;
}

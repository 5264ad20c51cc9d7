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
 * page's window, or `null` when the browser blocked it. It keeps its `window.opener`: the secure site's callback
 * page hands the provider's answer through it to the secure site's frame in this page, the only way that answer
 * stays in the browser that started the sign-in (issue 28). The provider's own pages could use the opener too
 * (navigate this tab); the operator trusts them with the person's identity, a far larger trust.
 */
export function openSocialWindowInPage(page: Window = globalThis as unknown as Window): SocialWindow | null {
  const { width, height } = SOCIAL_WINDOW_SIZE;
  const left = Math.round(page.screenX + (page.outerWidth - width) / 2);
  const top = Math.round(page.screenY + (page.outerHeight - height) / 2);
  return page.open('about:blank', 'portico-social', `popup,width=${width},height=${height},left=${left},top=${top}`);
}

/**
 * What Connect and Account need to draw the social buttons and names: their own module with no imports but a
 * type, so the views import it statically (`@portico/shared-state/socials`) without pulling the embedded
 * wallet's frame protocol (zod, viem, the login stores) into their first paint.
 */
import type { Social } from '../constants';

/**
 * Spec section 2's names for Connect's social buttons (Farcaster's too), the ConnectingSocial title ('Log in with
 * GitHub') and Account's 'Signed in with …'.
 */
export const SOCIAL_PROVIDER_NAMES: Readonly<Record<Social, string>> = {
  google: 'Google',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

/**
 * Spec section 2: "Some social logins are hidden on the Telegram platform on iOS, Mac and Android". Google refuses
 * OAuth inside embedded web views ("disallowed_useragent"), and Telegram's apps on those platforms open mini apps
 * and links in one, so Google is left out there.
 */
const HIDDEN_IN_TELEGRAM: readonly Social[] = ['google'];
const TELEGRAM_WEB_VIEW_PLATFORMS = /iPhone|iPad|iPod|Macintosh|Mac OS X|Android/;

/**
 * The providers Connect shows, in the host's order, on this platform.
 *
 * @example
 * socialsShown(options.socials, { userAgent: navigator.userAgent, isTelegram: isTelegramPage(window) });
 */
export function socialsShown(socials: readonly Social[], platform: { userAgent: string; isTelegram: boolean }): Social[] {
  if (!platform.isTelegram || !TELEGRAM_WEB_VIEW_PLATFORMS.test(platform.userAgent)) return [...socials];
  return socials.filter((provider) => !HIDDEN_IN_TELEGRAM.includes(provider));
}

/** Does the page run inside Telegram (a mini app's `Telegram.WebApp`, or the in-app browser's `TelegramWebviewProxy`)? */
export function isTelegramPage(page: object = globalThis): boolean {
  const scope = page as { Telegram?: { WebApp?: unknown }; TelegramWebviewProxy?: unknown };
  return Boolean(scope.Telegram?.WebApp) || scope.TelegramWebviewProxy !== undefined;
}

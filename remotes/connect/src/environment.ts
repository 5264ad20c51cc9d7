/** Inside a Telegram mini app, deep links are encoded twice and open in `_top` (spec rules). */
export function isTelegram(): boolean {
  if (typeof window === 'undefined') return false;
  return Boolean((window as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp);
}

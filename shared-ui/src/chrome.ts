/**
 * The shell's own words (Back, Close, the header's view titles, the view outlet's loading and error panels, the
 * live region's announcements) in the modal's locale. The shell's eager code draws them in English until the kit
 * has loaded (it always has by the time a view shows), then asks for `loadChrome`; the kit's catalogue
 * (`./locales/`) is English plus one chunk per other locale.
 */
import type { Direction, SupportedLocale } from '@portico/shared-state/i18n';
import { loadMessages, pageLocale } from './i18n';
import english from './locales/en.json';
import { loadKitCatalogue, sayKnown, type KitKey } from './messages';

export interface ShellChrome {
  locale: SupportedLocale;
  dir: Direction;
  back: string;
  close: string;
  /** The view outlet's loading panel ("Loading…") and its error panels' button ("Retry"). */
  loading: string;
  retry: string;
  /**
   * The header's title for a view; `englishTitle` (the shell's `viewTitle`) where the title is a name
   * (a wallet's), not words. `name`: the social provider's (ConnectingSocial) or the wallet's (GetWallet).
   */
  title(view: string, englishTitle: string, name?: string): string;
  /**
   * What shared state and the shell say in English (the outlet's errors, announcements, controllers' toasts, in the
   * spec's wording) in the locale; other text (a remote's own, already in the locale) as it is.
   */
  say(text: string): string;
}

/** The shell's words for a host's `locale` option (else the page's `lang`). */
export async function loadChrome(localeOption: string | undefined): Promise<ShellChrome> {
  const { locale, dir } = pageLocale(localeOption);
  const t = await loadMessages(english, loadKitCatalogue, locale);
  return {
    locale,
    dir,
    back: t('back'),
    close: t('close'),
    loading: t('loading'),
    retry: t('retry'),
    title(view, englishTitle, name) {
      if (view === 'ConnectingSocial') return name ? t('title.ConnectingSocial', { provider: name }) : englishTitle;
      if (view === 'GetWallet') return name ? t('title.GetWallet', { name }) : englishTitle;
      const key = `title.${view}`;
      return Object.hasOwn(english, key) ? t(key as KitKey) : englishTitle;
    },
    say: sayKnown(t),
  };
}

/**
 * The shell's own words (Back, Close, the header's view titles) in the modal's locale. The shell's eager code
 * draws them in English until the kit has loaded (it always has by the time a view shows), then asks for
 * `loadChrome`; the kit's catalogue (`./locales/`) is English plus one chunk per other locale.
 */
import type { Direction, SupportedLocale } from '@portico/shared-state/i18n';
import { loadMessages, pageLocale } from './i18n';
import english from './locales/en.json';

export interface ShellChrome {
  locale: SupportedLocale;
  dir: Direction;
  back: string;
  close: string;
  /**
   * The header's title for a view; `englishTitle` (the shell's `viewTitle`) where the title is a name
   * (a wallet's), not words.
   */
  title(view: string, englishTitle: string, socialProviderName?: string): string;
}

type KitKey = keyof typeof english;

const loadKitCatalogue = (locale: SupportedLocale) => import(`./locales/${locale}.json`);

/** The shell's words for a host's `locale` option (else the page's `lang`). */
export async function loadChrome(localeOption: string | undefined): Promise<ShellChrome> {
  const { locale, dir } = pageLocale(localeOption);
  const t = await loadMessages(english, loadKitCatalogue, locale);
  return {
    locale,
    dir,
    back: t('back'),
    close: t('close'),
    title(view, englishTitle, socialProviderName) {
      if (view === 'ConnectingSocial') return socialProviderName ? t('title.ConnectingSocial', { provider: socialProviderName }) : englishTitle;
      const key = `title.${view}`;
      return Object.hasOwn(english, key) ? t(key as KitKey) : englishTitle;
    },
  };
}

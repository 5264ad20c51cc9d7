/**
 * The demo site's own settings, from its address (`?theme=light&locale=ar`), so a visitor (and `pnpm gallery`) can try
 * the modal in each theme and language: the page follows them, and they become the modal's `themeMode` and `locale`.
 * Allow-lists only: anything else is the default (dark, the page's language).
 */
export type SiteTheme = 'dark' | 'light';

export interface SiteSettings {
  /** Absent: the options' own (dark), so a test's `PORTICO_OPTIONS` still decides. */
  theme?: SiteTheme;
  /** A language the modal speaks (checked against the shell's list once it has loaded). */
  locale?: string;
}

export function readSiteSettings(search: string): SiteSettings {
  const query = new URLSearchParams(search);
  const locale = query.get('locale') ?? undefined;
  const theme = query.get('theme');
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : undefined,
    locale: locale && /^[a-z]{2}$/.test(locale) ? locale : undefined,
  };
}

/** The page in the settings' theme, and in their language when the modal speaks it (Arabic right to left). */
export function applySiteSettings({ theme = 'dark', locale }: SiteSettings, supported: readonly string[]): string | undefined {
  document.documentElement.dataset.theme = theme;
  const spoken = locale && supported.includes(locale) ? locale : undefined;
  if (spoken) {
    document.documentElement.lang = spoken;
    document.documentElement.dir = spoken === 'ar' ? 'rtl' : 'ltr';
  }
  return spoken;
}

/** The address of this page with one setting changed (the others kept, as are `?siwx=` and the rest). */
export function withSetting(name: 'theme' | 'locale', value: string): string {
  const query = new URLSearchParams(location.search);
  query.set(name, value);
  return `${location.pathname}?${query}`;
}

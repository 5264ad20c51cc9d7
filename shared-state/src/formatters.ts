/**
 * Relative times and dollar values as the account views show them (Intl), in the modal's locale (`locale`,
 * a BCP 47 tag; English by default), and the one cache of number formatters the code of a bundle shares.
 * A subpath (`@portico/shared-state/formatters`), not the package index: each remote bundles its own copy,
 * and the host page holds none.
 */

/**
 * Spec section 9 relative-time thresholds (moment-style): seconds up to 44, a minute up to 89 s,
 * minutes up to 44, an hour up to 89 min, hours up to 21, a day up to 35 h, days up to 25,
 * a month up to 45 days, months up to 10, a year up to 17 months, then years.
 */
export function relativeTimeParts(fromMs: number, nowMs: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((fromMs - nowMs) / 1000);
  const sign = seconds < 0 ? -1 : 1;
  const abs = Math.abs(seconds);
  const minutes = Math.round(abs / 60);
  const hours = Math.round(abs / 3600);
  const days = Math.round(abs / 86_400);
  const months = Math.round(abs / (86_400 * 30.4375));
  const years = Math.round(abs / (86_400 * 365.25));
  const part = (value: number, unit: Intl.RelativeTimeFormatUnit) => ({ value: sign * value, unit });
  if (abs <= 44) return part(abs, 'second');
  if (abs <= 89) return part(1, 'minute');
  if (minutes <= 44) return part(minutes, 'minute');
  if (minutes <= 89) return part(1, 'hour');
  if (hours <= 21) return part(hours, 'hour');
  if (hours <= 35) return part(1, 'day');
  if (days <= 25) return part(days, 'day');
  if (days <= 45) return part(1, 'month');
  if (months <= 10) return part(months, 'month');
  if (months <= 17) return part(1, 'year');
  return part(Math.max(years, 1), 'year');
}

/** One formatter per locale and kind, made on first use (building an Intl formatter is the slow part). */
function memoisedPerLocale<F>(make: (locale: string) => F): (locale: string) => F {
  const made = new Map<string, F>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) made.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

/** `make(locale)`, or `make('en-US')` when Intl refuses the tag (a page's malformed `lang`, say) rather than throwing. */
function inLocaleOrEnUs<F>(locale: string, make: (locale: string) => F): F {
  try {
    return make(locale);
  } catch {
    return make('en-US');
  }
}

const relativeFormat = memoisedPerLocale((locale) =>
  inLocaleOrEnUs(locale, (tag) => new Intl.RelativeTimeFormat(tag, { style: 'short', numeric: 'auto' })),
);

/** Building an Intl.NumberFormat costs far more than formatting with it (tens of ms for Chromium's first one). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The Intl.NumberFormat for `locale` and `options`, made on first use and reused by every caller in the bundle
 * (build number formatters here, not with `new Intl.NumberFormat`). A tag Intl refuses (a page's malformed
 * `lang`, say) formats as en-US rather than throwing.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  // Options keys sorted, so the same options written in another order share a formatter.
  const key = JSON.stringify([locale, options], Object.keys(options).sort());
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = inLocaleOrEnUs(locale, (tag) => new Intl.NumberFormat(tag, options))));
  return format;
}

const USD_OPTIONS: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD', maximumFractionDigits: 2 };

/** "5 min. ago", "yesterday", "3 mo. ago" (`de`: "vor 5 Min.", "gestern") — Intl.RelativeTimeFormat, short form. */
export function formatRelativeTime(fromMs: number, nowMs: number = Date.now(), locale = 'en-US'): string {
  const { value, unit } = relativeTimeParts(fromMs, nowMs);
  return relativeFormat(locale).format(value, unit);
}

/** "$1,234.50" (`de`: "1.234,50 $", `ar`: Arabic digits) — a dollar value in the locale's number format. */
export function formatUsd(value: number, locale = 'en-US'): string {
  return numberFormat(locale, USD_OPTIONS).format(value);
}

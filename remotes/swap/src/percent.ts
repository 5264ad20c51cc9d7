/** One formatter per locale and precision: building an Intl.NumberFormat costs more than formatting with it. */
const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * A percentage (`1` for 1 %) in the locale's form, at most 2 decimals and at least `minimumDecimals`:
 * `"0.5%"`, `"1.20%"` (en), `"1 %"` (de), `"%1"` (tr).
 */
export function formatPercent(percent: number, locale: string, minimumDecimals = 0): string {
  const key = `${locale}:${minimumDecimals}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: minimumDecimals, maximumFractionDigits: 2 });
    percentFormats.set(key, format);
  }
  return format.format(percent / 100);
}

/**
 * What the host may tell the secure site about its look (spec §3 "Theme sync" and "Dapp data", §7 sync theme / sync
 * dapp data), and how the frame may use it. The frame draws its approval and export screens with the host's theme
 * variables and names the dapp with its icon; both cross an origin boundary, so both are allow-lists:
 *
 * - theme variables: only the modal's own (`THEME_VARIABLE_KINDS`), each value of its kind (a colour, a length, a
 *   font-family list, a z-index, a percentage) by a pattern with no `;`, braces, `url(`, backslash or comment, so a
 *   value can never close its declaration or fetch anything;
 * - the dapp's icon: an https URL, a URL on the embedding page's own origin, or a `data:image/png|jpeg|webp` base64
 *   image; anything else (javascript:, http: elsewhere, svg) is not shown and the screen draws a monogram.
 *
 * Plain data, no DOM: both ends import it (the modal's frame protocol, the secure site's screens).
 */
import * as z from 'zod/mini';

const COLOUR = /^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|[a-zA-Z]{3,24}|(rgb|hsl)a?\(\s*-?[\d.]{1,8}(deg|%)?(\s*[,/ ]\s*-?[\d.]{1,8}%?){2,3}\s*\))$/;
const LENGTH = /^\d{1,4}(\.\d{1,4})?(px|rem|em)$/;
/** Family names, bare or quoted, separated by commas: `Inter, 'Helvetica Neue', sans-serif`. */
const FONT_FAMILY = /^\s*('[\w -]{1,64}'|"[\w -]{1,64}"|[\w -]{1,64})(\s*,\s*('[\w -]{1,64}'|"[\w -]{1,64}"|[\w -]{1,64})){0,9}\s*$/;
const Z_INDEX = /^\d{1,10}$/;
const PERCENTAGE = /^\d{1,3}(\.\d{1,4})?$/;

type ValueKind = 'colour' | 'length' | 'fontFamily' | 'zIndex' | 'percentage';

const VALUE_RULES: Record<ValueKind, (value: string) => boolean> = {
  colour: (value) => COLOUR.test(value),
  length: (value) => LENGTH.test(value),
  fontFamily: (value) => value.length <= 256 && FONT_FAMILY.test(value),
  zIndex: (value) => Z_INDEX.test(value) && Number(value) <= 2_147_483_647,
  percentage: (value) => PERCENTAGE.test(value) && Number(value) <= 100,
};

/** The modal's theme variables (host option `themeVariables`), each with the kind of value it takes. */
export const THEME_VARIABLE_KINDS = {
  '--portico-accent': 'colour',
  '--portico-font-family': 'fontFamily',
  '--portico-font-size-master': 'length',
  '--portico-border-radius-master': 'length',
  '--portico-z-index': 'zIndex',
  '--portico-color-mix': 'colour',
  '--portico-color-mix-strength': 'percentage',
  '--portico-qr-color': 'colour',
} as const satisfies Record<string, ValueKind>;
export type ThemeVariableName = keyof typeof THEME_VARIABLE_KINDS;

const isThemeVariable = (name: string): name is ThemeVariableName => Object.hasOwn(THEME_VARIABLE_KINDS, name);

/**
 * Whether `value` is a safe value for the theme variable `name`; false for a variable the modal does not have.
 *
 * @example
 * isSafeThemeValue('--portico-accent', '#3396ff'); // true
 * isSafeThemeValue('--portico-accent', 'red;background:url(https://evil.example/x)'); // false
 * isSafeThemeValue('--portico-font-family', "Inter, 'Helvetica Neue', sans-serif"); // true
 */
export function isSafeThemeValue(name: string, value: string | number): boolean {
  return isThemeVariable(name) && VALUE_RULES[THEME_VARIABLE_KINDS[name]](String(value));
}

/** Spec §3 theme sync's variables: the modal's own only (at most 32), each with a safe value of its kind. */
export const themeVariablesField = recordOfThemeValues().check(
  z.refine((variables) => Object.keys(variables).length <= 32, 'must have at most 32 variables'),
  z.refine((variables) => Object.keys(variables).every(isThemeVariable), 'must map the modal\'s --portico-* variables to values'),
  z.refine(
    (variables) => Object.entries(variables).every(([name, value]) => isSafeThemeValue(name, value)),
    'must give each variable a safe value of its kind (a colour, a length, a font family, a z-index, a percentage)',
  ),
);

function recordOfThemeValues() {
  // z.record would add its code to every page (see zod-parts.ts): a custom check over plain objects.
  return z.custom<Record<string, string | number>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.values(input).every((value) => (typeof value === 'string' && value.length <= 256) || (typeof value === 'number' && Number.isFinite(value))),
    'must map variable names to strings or numbers',
  );
}

/** The host's theme variables the modal can send: the known ones with safe values (the rest stays with the modal). */
export function safeThemeVariables(variables: Readonly<Record<string, string | number | undefined>>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string | number] => entry[1] !== undefined && isSafeThemeValue(entry[0], entry[1])),
  );
}

/** A base64 PNG, JPEG or WebP image (no SVG: it can carry script and links). */
const DATA_IMAGE = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
/** The most one icon may take as text: a data: image of about 48 KiB. */
export const MAX_DAPP_ICON_CHARS = 65_536;

/**
 * The icon the frame may show for the dapp: the first of `icons` that is an https URL, a URL on `parentOrigin` (the
 * embedding page's origin, as the frame verified it), or a base64 PNG, JPEG or WebP; undefined when none is (the
 * screen then draws a monogram).
 *
 * @example
 * dappIcon(['javascript:alert(1)', 'https://dapp.example/icon.png'], 'https://dapp.example'); // 'https://dapp.example/icon.png'
 * dappIcon(['http://cdn.example/icon.png'], 'https://dapp.example'); // undefined
 */
export function dappIcon(icons: readonly string[], parentOrigin: string): string | undefined {
  return icons.find((icon) => {
    if (icon.length > MAX_DAPP_ICON_CHARS) return false;
    if (icon.startsWith('data:')) return DATA_IMAGE.test(icon);
    try {
      const url = new URL(icon);
      return url.protocol === 'https:' || url.origin === parentOrigin;
    } catch {
      return false;
    }
  });
}

/** The dapp's monogram: the first letter or digit of its name, upper-cased ('?' when it has none). */
export function dappMonogram(name: string): string {
  const first = /[\p{L}\p{N}]/u.exec(name)?.[0];
  return first ? first.toLocaleUpperCase() : '?';
}

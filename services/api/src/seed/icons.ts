import { sha256 } from './ids';

/** Up to two letters: first letters of the first two words, or of a CamelCase word's humps. */
export function initials(name: string): string {
  const words = nameWords(name);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!);
  if (words.length >= 2) return (first[0]! + Array.from(words[1]!)[0]!).toUpperCase();
  // One word: take its first letter and the next capital (MetaMask → MM), else just the first.
  const hump = first.slice(1).find((ch) => /\p{Lu}/u.test(ch));
  return (first[0]! + (hump ?? '')).toUpperCase();
}

const nameWords = (name: string) =>
  name
    .replace(/\(.*?\)/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A monogram's longest label: more letters would be unreadable at 40 px. */
const MAX_LABEL = 4;

/**
 * The label of each name's monogram: its initials, or where other names share them, the shortest prefix of its
 * words run together ("Best Wallet" → "Best", "Bitpie" → "Bitp") that no other name's label is. Names that stay
 * alike after MAX_LABEL letters keep their initials; their colours still differ.
 */
export function monogramLabels(names: readonly string[]): Map<string, string> {
  const candidates = names.map((name) => {
    const run = Array.from(nameWords(name).join(''));
    const prefixes = [3, MAX_LABEL].filter((n) => run.length >= n).map((n) => run[0]!.toUpperCase() + run.slice(1, n).join(''));
    return [initials(name), ...prefixes];
  });
  const chosen = candidates.map(() => 0);
  for (let changed = true; changed; ) {
    changed = false;
    const holders = new Map<string, number[]>();
    chosen.forEach((c, i) => holders.set(candidates[i]![c]!.toUpperCase(), [...(holders.get(candidates[i]![c]!.toUpperCase()) ?? []), i]));
    for (const group of holders.values()) {
      if (group.length < 2) continue;
      for (const i of group) {
        if (chosen[i]! + 1 < candidates[i]!.length) {
          chosen[i]!++;
          changed = true;
        }
      }
    }
  }
  const labels = new Map(names.map((name, i) => [name, candidates[i]![chosen[i]!]!]));
  // Still shared (all candidates used): back to the initials.
  const counts = new Map<string, number>();
  for (const label of labels.values()) counts.set(label.toUpperCase(), (counts.get(label.toUpperCase()) ?? 0) + 1);
  for (const [name, label] of labels) if (counts.get(label.toUpperCase())! > 1) labels.set(name, initials(name));
  return labels;
}

/** WCAG's relative luminance of an sRGB colour `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Contrast the white glyph keeps on every monogram (WCAG AA for text; 3:1 would do for a large glyph). */
export const MONOGRAM_CONTRAST = 4.5;

/**
 * A hue from the full name's hash, saturation fixed; lightness 38 % or darker, as far as the white glyph needs
 * for MONOGRAM_CONTRAST (yellows and greens are light at the same lightness).
 */
export function colourFor(name: string): { background: string; hue: number } {
  const hue = parseInt(sha256(`portico-colour:${name.toLowerCase()}`).slice(0, 8), 16) % 360;
  let lightness = 0.38;
  while (contrast('#ffffff', hslToHex(hue, 0.55, lightness)) < MONOGRAM_CONTRAST) lightness -= 0.01;
  return { background: hslToHex(hue, 0.55, lightness), hue };
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Font size for a label in a 96-unit box: two letters large, four still inside the shape's middle. */
const fontSize = (label: string) => [48, 48, 40, 30, 24][Math.min(Array.from(label).length, MAX_LABEL)]!;

function monogramSvg(name: string, label: string, shape: string): string {
  const text = escapeXml(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">` +
    shape.replace('FILL', colourFor(name).background) +
    `<text x="48" y="50" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${fontSize(label)}" font-weight="600" text-anchor="middle" dominant-baseline="central">${text}</text>` +
    `</svg>`
  );
}

/** A wallet without artwork: a 96×96 rounded square, its label (default: initials) in white on the name's colour. */
export function walletIconSvg(name: string, label = initials(name)): string {
  return monogramSvg(name, label, `<rect width="96" height="96" rx="24" fill="FILL"/>`);
}

/** A token without artwork: a coin (circle) with its symbol's first MAX_LABEL characters on the symbol's colour. */
export function tokenIconSvg(symbol: string): string {
  const label = Array.from(symbol.replace(/[^\p{L}\p{N}]/gu, '') || '?')
    .slice(0, MAX_LABEL)
    .join('')
    .toUpperCase();
  return monogramSvg(symbol, label, `<circle cx="48" cy="48" r="48" fill="FILL"/>`);
}

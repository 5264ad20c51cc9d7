import { sha256 } from './ids';

/** Up to two letters: first letters of the first two words, or of a CamelCase word's humps. */
export function initials(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!);
  if (words.length >= 2) return (first[0]! + Array.from(words[1]!)[0]!).toUpperCase();
  // One word: take its first letter and the next capital (MetaMask → MM), else just the first.
  const hump = first.slice(1).find((ch) => /\p{Lu}/u.test(ch));
  return (first[0]! + (hump ?? '')).toUpperCase();
}

/** A hue from the name's hash; saturation and lightness fixed so white text stays readable. */
export function colourFor(name: string): { background: string; hue: number } {
  const hue = parseInt(sha256(`portico-colour:${name.toLowerCase()}`).slice(0, 8), 16) % 360;
  return { background: hslToHex(hue, 0.55, 0.38), hue };
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

/** A 96×96 SVG: the wallet's initials on a colour derived from its name. */
export function walletIconSvg(name: string): string {
  const text = escapeXml(initials(name));
  const { background } = colourFor(name);
  const fontSize = text.length > 1 ? 40 : 48;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="96" height="96" rx="24" fill="${background}"/>` +
    `<text x="48" y="50" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" text-anchor="middle" dominant-baseline="central">${text}</text>` +
    `</svg>`
  );
}

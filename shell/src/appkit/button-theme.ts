/**
 * How AppKit's buttons take the modal's theme (no DOM, so the elements, the React components and a server render share
 * it): the accent, font and radius variables the host gave, a text colour that reads on that accent (WCAG contrast
 * ≥ 4.5:1 where either white or near-black reaches it), the connected look per theme mode, and the avatar.
 */
import type { ThemeMode } from '@portico/shared-state';

/** The buttons' stylesheet: one declaration block per state, over the variables `buttonThemeStyle` sets. */
const BUTTON_DECLARATIONS =
  "font-family:var(--portico-font-family,system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif);" +
  'font-size:14px;font-weight:600;line-height:1;display:inline-flex;align-items:center;vertical-align:middle;gap:8px;min-height:40px;' +
  'cursor:pointer;padding:0 16px;border-radius:calc(var(--portico-border-radius-master,4px) * 3);' +
  'border:1px solid transparent;background:var(--portico-accent,#2570e0);color:var(--portico-button-text,#fff)';
/** The account and the network: a neutral surface, as AppKit's and RainbowKit's account and chain buttons. */
const SURFACE_DECLARATIONS =
  'background:var(--portico-button-surface,#f3f4f4);color:var(--portico-button-surface-text,#141414);' +
  'border-color:var(--portico-button-border,#e1e3e3)';

/**
 * The buttons' whole stylesheet under one root selector (an element's shadow `button`, the components' class), so
 * both draw the same anatomy: [network icon] [balance] [avatar + address in an inner pill], as AppKit's account button.
 */
export function buttonStylesheet(root: string): string {
  return (
    `${root}{${BUTTON_DECLARATIONS}}${root}[data-surface]{${SURFACE_DECLARATIONS}}` +
    `${root}[data-account]{padding-inline:8px 4px}` +
    `${root}:focus-visible{outline:2px solid var(--portico-accent,#2570e0);outline-offset:2px}` +
    // On a surface the ring takes the text colour: a host's accent may be the page's own background colour.
    `${root}[data-surface]:focus-visible{outline-color:var(--portico-button-surface-text,#141414)}` +
    // Icons are decoration (alt=""): the network's name or the balance beside them says it.
    `.portico-appkit-network-icon{width:22px;height:22px;border-radius:50%;flex:none;object-fit:cover;margin-inline-start:-6px}` +
    `[data-account]>.portico-appkit-network-icon{margin-inline-start:0}` +
    '.portico-appkit-balance{white-space:nowrap;font-variant-numeric:tabular-nums}' +
    '.portico-appkit-account{display:inline-flex;align-items:center;gap:6px;min-height:32px;padding-inline:4px 10px;' +
    'border-radius:calc(var(--portico-border-radius-master,4px) * 2.5);background:var(--portico-button-inner,#e7e9e9);white-space:nowrap}' +
    '.portico-appkit-account:first-child{margin-inline-start:-4px}' +
    '.portico-appkit-avatar{width:24px;height:24px;border-radius:50%;flex:none}'
  );
}

const SURFACES: Record<ThemeMode, Record<string, string>> = {
  light: {
    '--portico-button-surface': '#f3f4f4',
    '--portico-button-surface-text': '#141414',
    '--portico-button-border': '#e1e3e3',
    '--portico-button-inner': '#e4e7e7',
  },
  dark: {
    '--portico-button-surface': '#1f2021',
    '--portico-button-surface-text': '#e4e7e7',
    '--portico-button-border': '#2f3233',
    '--portico-button-inner': '#2a2c2d',
  },
};
const DEFAULT_ACCENT = '#2570e0';
const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#141414';

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` as [r, g, b] in 0–255; undefined for anything else (named colours, var()). */
export function parseColor(color: string): [number, number, number] | undefined {
  const text = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(text);
  return rgb ? ([rgb[1], rgb[2], rgb[3]].map((part) => Math.min(255, Number(part))) as [number, number, number]) : undefined;
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours (1–21). */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White on the accent when it reads (≥ 4.5:1), else near-black when that does, else whichever reads better. */
export function readableTextOn(accent: string): string {
  const background = parseColor(accent);
  if (!background) return LIGHT_TEXT;
  const onLight = contrastRatio(background, [255, 255, 255]);
  const onDark = contrastRatio(background, [0x14, 0x14, 0x14]);
  if (onLight >= 4.5) return LIGHT_TEXT;
  return onDark >= onLight ? DARK_TEXT : LIGHT_TEXT;
}

/** The custom properties a button sets on itself from the instance's theme (`--portico-*` names). */
export function buttonThemeStyle(variables: Readonly<Record<string, unknown>>, mode: ThemeMode): Record<string, string> {
  const style: Record<string, string> = { ...SURFACES[mode] };
  for (const name of ['--portico-accent', '--portico-font-family', '--portico-border-radius-master'] as const) {
    const value = variables[name];
    if (typeof value === 'string' && value !== '') style[name] = value;
  }
  style['--portico-button-text'] = readableTextOn(style['--portico-accent'] ?? DEFAULT_ACCENT);
  return style;
}

/** A circle's background made from the address (three hues from its bytes), the same for the same address everywhere. */
export function avatarBackground(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '').padEnd(12, '0');
  const hue = (at: number) => Math.round((parseInt(hex.slice(at, at + 4), 16) / 0xffff) * 360);
  return `radial-gradient(circle at 30% 30%, hsl(${hue(0)} 80% 70%), hsl(${hue(4)} 75% 50%) 55%, hsl(${hue(8)} 70% 35%))`;
}

/**
 * The host's look on this page's screens (spec §7's theme sync and dapp data sync): SYNC_THEME's mode and theme
 * variables, SYNC_DAPP_DATA's name and icon. What arrives was checked by the frame channel against shared-state's
 * allow-lists (known variables, safe values of their kind; ./host-look.ts there) and is checked again here before it
 * styles anything: a variable reaches the page only as one of the frame's own custom properties, set through the
 * CSSOM (`style.setProperty`, one value per property, so it cannot add a declaration; CSP `style-src 'self'` stays).
 * The dapp's name is text; its icon is shown only when `dappIcon` allows it (https, the embedding page's own origin, a
 * base64 PNG, JPEG or WebP), else a monogram of its name.
 */
import {
  dappIcon,
  dappMonogram,
  isSafeThemeValue,
  type ParsedRequestPayload,
  type ThemeVariableName,
} from '@portico/shared-state/embedded';

/** The frame's custom property each host variable sets (./approval.css reads them); z-index and the QR colour style nothing here. */
export const FRAME_THEME_VARIABLES: Partial<Record<ThemeVariableName, string>> = {
  '--portico-accent': '--approval-accent',
  '--portico-font-family': '--approval-font-family',
  '--portico-font-size-master': '--approval-font-size-master',
  '--portico-border-radius-master': '--approval-radius-master',
  '--portico-color-mix': '--approval-color-mix',
  '--portico-color-mix-strength': '--approval-color-mix-strength',
};

/** The text on a host's accent: white, as the modal draws it (the page's own dark accent is light, with dark text). */
const HOST_ACCENT_TEXT = '#ffffff';

export const frameVariableOf = (name: string): string | undefined => FRAME_THEME_VARIABLES[name as ThemeVariableName];

export const dappProjectMismatch = (projectId: string) => `SYNC_DAPP_DATA is for project ${projectId}, not this frame's`;

/** The dapp as the screens name it. */
export interface ShownDapp {
  name: string;
  /** Only an icon `dappIcon` allows; absent: the monogram. */
  icon?: string;
  monogram: string;
}

/**
 * @example
 * const look = createHostLook({ root: document.documentElement, parentOrigin, projectId });
 * look.applyTheme({ themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff' } });
 */
export function createHostLook(deps: { root: HTMLElement; parentOrigin: string; projectId: string }) {
  const { root } = deps;
  let dapp: ShownDapp | undefined;
  return {
    /** SYNC_THEME: the whole theme each time (variables it no longer sends go back to the page's own). */
    applyTheme({ themeMode, themeVariables }: ParsedRequestPayload<'SYNC_THEME'>) {
      if (themeMode) root.dataset.theme = themeMode;
      for (const property of [...Object.values(FRAME_THEME_VARIABLES), '--approval-accent-fg']) root.style.removeProperty(property);
      for (const [name, value] of Object.entries(themeVariables ?? {})) {
        const property = frameVariableOf(name);
        if (!property || !isSafeThemeValue(name, value)) continue;
        root.style.setProperty(property, String(value));
        if (name === '--portico-accent') root.style.setProperty('--approval-accent-fg', HOST_ACCENT_TEXT);
      }
      return {};
    },
    /** SYNC_DAPP_DATA: the dapp the screens name from now on (this frame's project only). */
    setDapp({ projectId, metadata }: ParsedRequestPayload<'SYNC_DAPP_DATA'>) {
      if (projectId !== deps.projectId) throw new Error(dappProjectMismatch(projectId));
      const icon = metadata && dappIcon(metadata.icons, deps.parentOrigin);
      dapp = metadata && { name: metadata.name, monogram: dappMonogram(metadata.name), ...(icon && { icon }) };
      return {};
    },
    dapp: (): ShownDapp | undefined => dapp,
  };
}

/** The dapp's icon (or monogram) and name, atop a screen. */
export function dappBadge(document: Document, dapp: ShownDapp): HTMLElement {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const badge = make('div', 'approval-dapp');
  const monogram = () => {
    const node = make('span', 'approval-dapp-icon approval-dapp-monogram', dapp.monogram);
    node.setAttribute('aria-hidden', 'true');
    return node;
  };
  if (dapp.icon) {
    const icon = make('img', 'approval-dapp-icon');
    // Beside the name, which says it: decorative.
    icon.alt = '';
    icon.referrerPolicy = 'no-referrer';
    icon.addEventListener('error', () => icon.replaceWith(monogram()), { once: true });
    icon.src = dapp.icon;
    badge.append(icon);
  } else badge.append(monogram());
  badge.append(make('p', 'approval-dapp-name', dapp.name));
  return badge;
}

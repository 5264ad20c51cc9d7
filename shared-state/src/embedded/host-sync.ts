/**
 * The modal's side of spec §7's theme sync and dapp data sync: the secure site's approval and export screens take the
 * host's theme (mode and the allow-listed variables, ./host-look.ts) and name the dapp with its icon. Both events go
 * before the frame is ready and again on READY (the channel's rule); the theme again on every change.
 */
import { SDK_TYPE, SDK_VERSION } from '../constants';
import type { FrameChannel } from './channel-types';
import { MAX_DAPP_ICON_CHARS, safeThemeVariables } from './host-look';
import type { RequestPayload } from './messages';

/** The modal's theme as its store holds it (`themeAtom`). */
export interface HostTheme {
  themeMode: 'light' | 'dark';
  themeVariables: Readonly<Record<string, string | number | undefined>>;
}

/** The host's metadata (host option `metadata`). */
export interface HostMetadata {
  name: string;
  description: string;
  url: string;
  icons: readonly string[];
}

/**
 * SYNC_THEME's payload: the whole theme each time (no `themeVariables`: none, so the frame drops earlier ones). A
 * variable the frame must not take (unknown, or an unsafe value) stays with the modal.
 *
 * @example
 * themePayload({ themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff', '--portico-accent-x': 'red' } });
 * // { themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff' } }
 */
export function themePayload(theme: HostTheme): RequestPayload<'SYNC_THEME'> {
  const themeVariables = safeThemeVariables(theme.themeVariables);
  return { themeMode: theme.themeMode, ...(Object.keys(themeVariables).length > 0 && { themeVariables }) };
}

/**
 * SYNC_DAPP_DATA's payload (spec §3 "Dapp data"): the project, the SDK's version and type, and the host's metadata
 * within the protocol's bounds (name 256 and description 1,024 characters, 8 icons that fit a message).
 */
export function dappDataPayload(projectId: string, metadata: HostMetadata): RequestPayload<'SYNC_DAPP_DATA'> {
  return {
    projectId,
    sdkVersion: SDK_VERSION,
    sdkType: SDK_TYPE,
    metadata: {
      name: metadata.name.slice(0, 256),
      description: metadata.description.slice(0, 1024),
      url: metadata.url,
      icons: metadata.icons.filter((icon) => icon.length <= MAX_DAPP_ICON_CHARS).slice(0, 8),
    },
  };
}

export interface HostSyncOptions {
  channel: Pick<FrameChannel, 'request'>;
  options: { projectId: string; metadata: HostMetadata };
  theme(): HostTheme;
  /** Calls `listener` on every theme change; returns its unsubscribe. */
  subscribeTheme(listener: () => void): () => void;
  /** A sync the frame refused or did not answer (logged: the screens keep their own look). */
  onFailed(event: 'SYNC_THEME' | 'SYNC_DAPP_DATA', error: unknown): void;
}

/**
 * Sends the dapp's data once and the theme now and on every change. Returns the theme subscription's stop.
 *
 * @example
 * syncHostWithFrame({ channel, options, theme: () => store.get(themeAtom),
 *   subscribeTheme: (listener) => store.sub(themeAtom, listener), onFailed: (event, error) => logs.debug(event, error) });
 */
export function syncHostWithFrame({ channel, options, theme, subscribeTheme, onFailed }: HostSyncOptions): () => void {
  const syncTheme = () => channel.request('SYNC_THEME', themePayload(theme())).catch((error: unknown) => onFailed('SYNC_THEME', error));
  channel.request('SYNC_DAPP_DATA', dappDataPayload(options.projectId, options.metadata)).catch((error: unknown) => onFailed('SYNC_DAPP_DATA', error));
  void syncTheme();
  return subscribeTheme(() => void syncTheme());
}

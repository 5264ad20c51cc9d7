import type { ChainNamespace } from '@portico/shared-state';
import { useCallback, useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useCurrentInstance } from '../react/current';
import { usePortico, usePorticoAccount, usePorticoNetwork } from '../react/hooks';
import { ENGLISH_BUTTON_TEXTS, loadButtonTexts } from './button-words';
import { avatarBackground, buttonStylesheet, buttonThemeStyle } from './button-theme';
import { describe, type ButtonKind, type ButtonWords } from './elements';
import { themeStore } from './instance-stores';

/**
 * AppKit's React components (`AppKitButton`, `AppKitAccountButton`, `AppKitNetworkButton`) as plain React
 * buttons over the hooks, not wrappers of the `<appkit-*>` elements: a server renders the same button the
 * browser hydrates ("Connect Wallet" or the `label`, the network button "Networks"), and it follows the
 * instance once createAppKit has run, its words in the modal's locale once they have arrived.
 */

/** AppKit's props for the three buttons. */
export interface AppKitButtonProps extends ButtonWords {
  /** Font size of the button: `'sm'`, `'md'` (default) or `'lg'`. */
  size?: 'sm' | 'md' | 'lg';
  disabled?: boolean;
  /** The namespace whose account the button shows; opening it while disconnected lists that namespace's wallets. */
  namespace?: ChainNamespace;
}

const BUTTON_CLASS = 'portico-appkit-button';

// In the host page's DOM (no shadow root), so one stylesheet for every button: React hoists it into <head>
// once (deduped by href) and a server render sends it with the buttons. `font` resets the size, so the sizes follow.
const BUTTON_CSS =
  buttonStylesheet(`.${BUTTON_CLASS}`) +
  `.${BUTTON_CLASS}[data-size=sm]{font-size:12px;min-height:32px}.${BUTTON_CLASS}[data-size=lg]{font-size:16px;min-height:48px}` +
  `.${BUTTON_CLASS}:disabled{cursor:not-allowed;opacity:.6}`;

const NO_THEME = { subscribe: () => () => undefined, get: () => undefined };

/** The button's theme style, following the instance's theme (a server and the first render: the defaults, so hydration matches). */
function useThemeStyle(): CSSProperties | undefined {
  const instance = useCurrentInstance();
  const store = instance ? themeStore(instance) : NO_THEME;
  const theme = useSyncExternalStore(store.subscribe, store.get, () => undefined);
  return instance && theme ? (buttonThemeStyle(instance.getThemeVariables(), theme.themeMode) as CSSProperties) : undefined;
}

/** The balance the modal shows (none on a server and in the render that hydrates). */
function useShownBalance(namespace: ChainNamespace | undefined) {
  const instance = useCurrentInstance();
  const subscribe = useCallback(
    (listener: () => void) => instance?.subscribeBalance(listener, namespace) ?? (() => undefined),
    [instance, namespace],
  );
  return useSyncExternalStore(subscribe, () => instance?.getBalance(namespace), () => undefined);
}

/** The network's icon; gone when it fails to load (a broken-image glyph is worse than none). */
function NetworkIcon({ src }: { src: string }) {
  const [failed, setFailed] = useState<string>();
  return failed === src ? null : <img className="portico-appkit-network-icon" src={src} alt="" onError={() => setFailed(src)} />;
}

/** The buttons' words in the instance's locale; English on a server, in the render that hydrates, and until they arrive. */
function useButtonTexts() {
  const locale = useCurrentInstance()?.getLocale();
  const [texts, setTexts] = useState(ENGLISH_BUTTON_TEXTS);
  useEffect(() => {
    if (!locale) return;
    let current = true;
    void loadButtonTexts(locale).then((arrived) => current && setTexts(arrived));
    return () => void (current = false);
  }, [locale]);
  return texts;
}

function AppKitButtonOf({ kind, size = 'md', disabled, namespace, ...words }: AppKitButtonProps & { kind: ButtonKind }) {
  const { open } = usePortico();
  const account = usePorticoAccount({ namespace });
  const { caipNetwork } = usePorticoNetwork();
  const instance = useCurrentInstance();
  const balance = useShownBalance(namespace);
  const state = describe(kind, account, caipNetwork, words, useButtonTexts(), { locale: instance?.getLocale(), balance });
  const themeStyle = useThemeStyle();
  const onClick = () => void open(state.view ? { view: state.view } : namespace ? { namespace } : undefined);
  return (
    <>
      <style href={BUTTON_CLASS} precedence="default">
        {BUTTON_CSS}
      </style>
      <button
        type="button"
        className={BUTTON_CLASS}
        data-size={size}
        data-surface={state.surface ? '' : undefined}
        data-account={state.avatarOf !== undefined ? '' : undefined}
        hidden={state.hidden}
        disabled={disabled}
        onClick={onClick}
        style={themeStyle}
      >
        {state.networkIcon && <NetworkIcon src={state.networkIcon} />}
        {state.avatarOf === undefined ? (
          state.text
        ) : (
          <>
            {state.balance && <span className="portico-appkit-balance">{state.balance}</span>}{' '}
            <span className="portico-appkit-account">
              <span className="portico-appkit-avatar" aria-hidden="true" style={{ background: avatarBackground(state.avatarOf) }} />
              {state.text}
            </span>
          </>
        )}
      </button>
    </>
  );
}

/**
 * AppKit's `<AppKitButton />`: "Connect Wallet" (or `label`; `loadingLabel` while connecting) opens the
 * modal; once connected, the short address (`charsStart` / `charsEnd` characters kept) opens Account.
 *
 * @example
 * <AppKitButton label="Sign in" size="sm" />
 */
export function AppKitButton(props: AppKitButtonProps) {
  return <AppKitButtonOf kind="connect" {...props} />;
}

/**
 * AppKit's `<AppKitAccountButton />`: the network's icon, the native balance (`balance="hide"` leaves it out), the
 * avatar and the short address, opening Account; hidden while no wallet is connected.
 *
 * @example
 * <AppKitAccountButton balance="hide" />
 */
export function AppKitAccountButton(props: Omit<AppKitButtonProps, 'label' | 'loadingLabel' | 'size'>) {
  return <AppKitButtonOf kind="account" {...props} />;
}

/**
 * AppKit's `<AppKitNetworkButton />`: the active network's name ("Networks" before there is one), opening Networks.
 * A `label` is accepted and ignored: the button names the network.
 *
 * @example
 * <AppKitNetworkButton disabled={busy} />
 */
export function AppKitNetworkButton({ disabled }: { disabled?: boolean; label?: string }) {
  return <AppKitButtonOf kind="network" disabled={disabled} />;
}

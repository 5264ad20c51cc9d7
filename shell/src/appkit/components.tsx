import type { ChainNamespace } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { useEffect, useState, type CSSProperties } from 'react';
import { useCurrentInstance } from '../react/current';
import { usePortico, usePorticoAccount, usePorticoNetwork } from '../react/hooks';
import { useAppKitBalance } from './account-hooks';
import { ENGLISH_BUTTON_TEXTS, loadButtonTexts } from './button-words';
import { AVATAR_DECLARATIONS, BUTTON_DECLARATIONS, SURFACE_DECLARATIONS, avatarBackground, buttonThemeStyle } from './button-theme';
import { describe, type ButtonKind, type ButtonWords } from './elements';

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
  /**
   * `'show'` adds the native balance beside the address once connected (read again from its network).
   * Portico's default is `'hide'` (AppKit's is `'show'`), so a page does not read it unasked.
   */
  balance?: 'show' | 'hide';
  /** The namespace whose account the button shows; opening it while disconnected lists that namespace's wallets. */
  namespace?: ChainNamespace;
}

const BUTTON_CLASS = 'portico-appkit-button';

// In the host page's DOM (no shadow root), so one stylesheet for every button: React hoists it into <head>
// once (deduped by href) and a server render sends it with the buttons. `font` resets the size, so the sizes follow.
const BUTTON_CSS =
  `.${BUTTON_CLASS}{${BUTTON_DECLARATIONS}}` +
  `.${BUTTON_CLASS}[data-surface]{${SURFACE_DECLARATIONS}}.${BUTTON_CLASS}>span{${AVATAR_DECLARATIONS}}` +
  `.${BUTTON_CLASS}:focus-visible{outline:2px solid var(--portico-accent,#2570e0);outline-offset:2px}` +
  `.${BUTTON_CLASS}[data-size=sm]{font-size:12px;min-height:32px}.${BUTTON_CLASS}[data-size=lg]{font-size:16px;min-height:48px}` +
  `.${BUTTON_CLASS}:disabled{cursor:not-allowed;opacity:.6}`;

/** The balance text once it has been read (after hydration: a server and the first render show none). */
function useShownBalance(show: boolean, address: string | undefined, caipNetworkId: string | undefined) {
  const { fetchBalance } = useAppKitBalance();
  const [shown, setShown] = useState<string>();
  useEffect(() => {
    setShown(undefined);
    if (!show || !address) return;
    let current = true;
    void fetchBalance().then(({ data }) => {
      // Numbers in the page's language: the modal's `locale` option defaults to it too.
      if (current && data) setShown(`${formatBalance(data.balance, document.documentElement.lang || undefined)} ${data.symbol}`);
    });
    return () => void (current = false);
  }, [show, address, caipNetworkId, fetchBalance]);
  return shown;
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

function AppKitButtonOf({ kind, size = 'md', disabled, balance, namespace, ...words }: AppKitButtonProps & { kind: ButtonKind }) {
  const { open } = usePortico();
  const account = usePorticoAccount({ namespace });
  const { caipNetwork } = usePorticoNetwork();
  const instance = useCurrentInstance();
  const { text, view, hidden, surface, avatarOf } = describe(kind, account, caipNetwork, words, useButtonTexts());
  // The modal's theme (a server and the first render: the defaults, so hydration matches).
  const themeStyle = instance ? buttonThemeStyle(instance.getThemeVariables(), instance.getThemeMode()) : undefined;
  const shownBalance = useShownBalance(kind !== 'network' && balance === 'show', account.address, caipNetwork?.caipNetworkId);
  const onClick = () => void open(view ? { view } : namespace ? { namespace } : undefined);
  return (
    <>
      <style href={BUTTON_CLASS} precedence="default">
        {BUTTON_CSS}
      </style>
      <button
        type="button"
        className={BUTTON_CLASS}
        data-size={size}
        data-surface={surface ? '' : undefined}
        hidden={hidden}
        disabled={disabled}
        onClick={onClick}
        style={themeStyle as CSSProperties | undefined}
      >
        {avatarOf !== undefined && <span aria-hidden="true" style={{ background: avatarBackground(avatarOf) }} />}
        {shownBalance ? `${text} · ${shownBalance}` : text}
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
 * AppKit's `<AppKitAccountButton />`: the short address, opening Account; hidden while no wallet is connected.
 *
 * @example
 * <AppKitAccountButton balance="show" />
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

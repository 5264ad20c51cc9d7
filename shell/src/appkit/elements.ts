import type { CaipNetwork } from '@portico/shared-state';
import { shortenAddress } from '@portico/shared-state/address';
import { formatBalance } from '@portico/shared-state/amounts';
import type { PorticoAccount, PorticoBalance, PorticoInstance } from '../instance';
import { getCurrentInstance } from '../react/current';
import { avatarBackground, buttonStylesheet, buttonThemeStyle } from './button-theme';
import { ENGLISH_BUTTON_TEXTS, loadButtonTexts, type ButtonTexts } from './button-words';

export type ButtonKind = 'connect' | 'account' | 'network';

/** AppKit's element names and Portico's own, beside them. */
export const APPKIT_ELEMENTS: Record<string, ButtonKind> = {
  'appkit-button': 'connect',
  'appkit-account-button': 'account',
  'appkit-network-button': 'network',
  'portico-button': 'connect',
  'portico-account-button': 'account',
  'portico-network-button': 'network',
};

const STYLES = `:host{display:inline-block;vertical-align:middle}:host([hidden]){display:none}${buttonStylesheet('button')}`;

/**
 * AppKit's words a button takes: `label` and `loadingLabel` for the connect state, address characters kept at each
 * end, and `balance` (`'show'`, the default as in AppKit, or `'hide'`) for the connected account's native balance.
 */
export interface ButtonWords {
  label?: string;
  loadingLabel?: string;
  charsStart?: number;
  charsEnd?: number;
  balance?: 'show' | 'hide';
}

/** What one button draws: its text, the view it opens, and the parts of a connected account's or network's button. */
export interface ButtonState {
  text: string;
  view: 'Account' | 'Networks' | undefined;
  hidden: boolean;
  surface: boolean;
  /** The connected address the avatar is drawn from. */
  avatarOf?: string;
  /** The active network's icon URL. */
  networkIcon?: string;
  /** "10,000 ETH" in the locale's digits. */
  balance?: string;
}

function shortAddress(address: string, { charsStart, charsEnd }: ButtonWords) {
  if (charsStart === undefined && charsEnd === undefined) return shortenAddress(address);
  const start = charsStart ?? 4;
  const end = charsEnd ?? 6;
  return address.length <= start + end ? address : `${address.slice(0, start)}…${address.slice(address.length - end)}`;
}

/**
 * What one button shows and opens for the instance's state (the elements and the React components alike); `texts`
 * are the buttons' own words in the modal's locale, which a host's `label` / `loadingLabel` replace.
 */
export function describe(
  kind: ButtonKind,
  account: PorticoAccount,
  network: CaipNetwork | undefined,
  words: ButtonWords = {},
  texts: ButtonTexts = ENGLISH_BUTTON_TEXTS,
  { locale, balance }: { locale?: string; balance?: PorticoBalance } = {},
): ButtonState {
  const networkIcon = network?.assets?.imageUrl;
  if (kind === 'network') return { text: network?.name ?? texts.networks, view: 'Networks', hidden: false, surface: true, networkIcon };
  if (account.isConnected && account.address) {
    const shown = words.balance !== 'hide' && balance ? `${formatBalance(balance.balance, locale)} ${balance.symbol}`.trim() : undefined;
    return { text: shortAddress(account.address, words), view: 'Account', hidden: false, surface: true, avatarOf: account.address, networkIcon, balance: shown };
  }
  // The account button has nothing to show before a wallet connects (as in AppKit).
  const text = account.status === 'connecting' ? (words.loadingLabel ?? texts.connecting) : (words.label ?? texts.connect);
  return { text, view: undefined, hidden: kind === 'account', surface: false };
}

/** The icon as an image that removes itself when it fails to load (a broken-image glyph is worse than none). */
function networkIconElement(src: string) {
  const icon = document.createElement('img');
  icon.className = 'portico-appkit-network-icon';
  icon.alt = '';
  icon.src = src;
  icon.addEventListener('error', () => icon.remove());
  return icon;
}

/** The children of a button for its state; spaces between parts so its accessible name reads "10,000 ETH 0xf39F…2266". */
function buttonParts({ text, avatarOf, networkIcon, balance }: ButtonState): (Node | string)[] {
  const parts: (Node | string)[] = [];
  if (networkIcon) parts.push(networkIconElement(networkIcon));
  if (avatarOf === undefined) return [...parts, text];
  if (balance) {
    const shown = document.createElement('span');
    shown.className = 'portico-appkit-balance';
    shown.textContent = balance;
    parts.push(shown, ' ');
  }
  const account = document.createElement('span');
  account.className = 'portico-appkit-account';
  const avatar = document.createElement('span');
  avatar.className = 'portico-appkit-avatar';
  avatar.setAttribute('aria-hidden', 'true');
  avatar.style.background = avatarBackground(avatarOf);
  account.append(avatar, text);
  return [...parts, account];
}

/**
 * Defines `<appkit-button>`, `<appkit-account-button>`, `<appkit-network-button>` and Portico's names
 * for them. Each draws one button in its shadow root for the Portico that createAppKit/createPortico
 * made last (read when the element joins the page):
 * - button: "Connect Wallet" (or its `label` attribute) opens the modal; once connected, the short
 *   address opens Account;
 * - their words are in the modal's locale (`button-words.ts`), English until that locale's arrive;
 * - account button: the network's icon, the native balance (attribute `balance="hide"` leaves it out), the avatar and
 *   the short address, opening Account; hidden while no wallet is connected;
 * - network button: the active network's icon and name, opening Networks;
 * - they follow the theme (`subscribeTheme`) as well as the account and the network.
 * Browser only (called by createAppKit): the classes are made here, so importing the module on a
 * server touches no DOM. Names already defined on the page are left as they are.
 */
export function defineAppKitElements() {
  for (const [name, kind] of Object.entries(APPKIT_ELEMENTS)) {
    if (!customElements.get(name)) customElements.define(name, buttonElement(kind));
  }
}

function buttonElement(kind: ButtonKind) {
  return class AppKitButtonElement extends HTMLElement {
    static observedAttributes = ['label', 'balance'];
    readonly #button = document.createElement('button');
    #instance: PorticoInstance | undefined;
    #texts = ENGLISH_BUTTON_TEXTS;
    #unsubscribe: (() => void)[] = [];

    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = STYLES;
      this.#button.type = 'button';
      // Listened for on the element, not on its shadow button: a listener inside a shadow tree runs with
      // `window.event` unset, so React (the modal's renderer) takes the open for a default-priority update and
      // paints the dialog a frame later; on the element it is a click, rendered in the same task.
      this.addEventListener('click', (event) => {
        if (!event.composedPath().includes(this.#button)) return;
        const { view } = this.#state();
        void this.#instance?.open(view ? { view } : undefined);
      });
      shadow.append(style, this.#button);
    }

    connectedCallback() {
      this.#instance = getCurrentInstance();
      const render = () => this.#render();
      this.#unsubscribe = [
        this.#instance.subscribeAccount(render),
        this.#instance.subscribeNetwork(render),
        this.#instance.subscribeTheme(render),
        this.#instance.subscribeBalance(render),
      ];
      render();
      // In English until the locale's words arrive (the page's `lang` is read each time the element joins it).
      void loadButtonTexts(this.#instance.getLocale()).then((texts) => {
        this.#texts = texts;
        if (this.isConnected) render();
      });
    }

    disconnectedCallback() {
      this.#unsubscribe.forEach((unsubscribe) => unsubscribe());
      this.#unsubscribe = [];
    }

    attributeChangedCallback() {
      if (this.#instance) this.#render();
    }

    #state() {
      const instance = this.#instance!;
      const words = { label: this.getAttribute('label') ?? undefined, balance: this.getAttribute('balance') === 'hide' ? ('hide' as const) : undefined };
      return describe(kind, instance.getAccount(), instance.getCaipNetwork(), words, this.#texts, {
        locale: instance.getLocale(),
        balance: instance.getBalance(),
      });
    }

    #render() {
      const instance = this.#instance!;
      const state = this.#state();
      // The modal's accent, font and radius, and a text colour that reads on that accent (button-theme.ts).
      for (const [name, value] of Object.entries(buttonThemeStyle(instance.getThemeVariables(), instance.getThemeMode()))) {
        this.style.setProperty(name, value);
      }
      this.#button.toggleAttribute('data-surface', state.surface);
      this.#button.toggleAttribute('data-account', state.avatarOf !== undefined);
      this.#button.replaceChildren(...buttonParts(state));
      this.hidden = state.hidden;
    }
  };
}

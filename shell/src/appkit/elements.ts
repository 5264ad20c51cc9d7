import type { CaipNetwork } from '@portico/shared-state';
import { shortenAddress } from '@portico/shared-state/address';
import type { PorticoAccount, PorticoInstance } from '../instance';
import { getCurrentInstance } from '../react/current';
import { AVATAR_DECLARATIONS, BUTTON_DECLARATIONS, SURFACE_DECLARATIONS, avatarBackground, buttonThemeStyle } from './button-theme';
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

const STYLES = `:host{display:inline-block;vertical-align:middle}:host([hidden]){display:none}
button{${BUTTON_DECLARATIONS}}
button[data-surface]{${SURFACE_DECLARATIONS}}
span{${AVATAR_DECLARATIONS}}
button:focus-visible{outline:2px solid var(--portico-accent,#2570e0);outline-offset:2px}`;

/** AppKit's words a button takes: `label` and `loadingLabel` for the connect state, address characters kept at each end. */
export interface ButtonWords {
  label?: string;
  loadingLabel?: string;
  charsStart?: number;
  charsEnd?: number;
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
) {
  if (kind === 'network') return { text: network?.name ?? texts.networks, view: 'Networks' as const, hidden: false, surface: true };
  if (account.isConnected && account.address) {
    return { text: shortAddress(account.address, words), view: 'Account' as const, hidden: false, surface: true, avatarOf: account.address };
  }
  // The account button has nothing to show before a wallet connects (as in AppKit).
  const text = account.status === 'connecting' ? (words.loadingLabel ?? texts.connecting) : (words.label ?? texts.connect);
  return { text, view: undefined, hidden: kind === 'account', surface: false };
}

/**
 * Defines `<appkit-button>`, `<appkit-account-button>`, `<appkit-network-button>` and Portico's names
 * for them. Each draws one button in its shadow root for the Portico that createAppKit/createPortico
 * made last (read when the element joins the page):
 * - button: "Connect Wallet" (or its `label` attribute) opens the modal; once connected, the short
 *   address opens Account;
 * - their words are in the modal's locale (`button-words.ts`), English until that locale's arrive;
 * - account button: the short address, opening Account; hidden while no wallet is connected;
 * - network button: the active network's name, opening Networks.
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
    static observedAttributes = ['label'];
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
      this.#button.addEventListener('click', () => {
        const { view } = this.#state();
        void this.#instance?.open(view ? { view } : undefined);
      });
      shadow.append(style, this.#button);
    }

    connectedCallback() {
      this.#instance = getCurrentInstance();
      const render = () => this.#render();
      this.#unsubscribe = [this.#instance.subscribeAccount(render), this.#instance.subscribeNetwork(render)];
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
      return describe(kind, instance.getAccount(), instance.getCaipNetwork(), { label: this.getAttribute('label') ?? undefined }, this.#texts);
    }

    #render() {
      const instance = this.#instance!;
      const { text, hidden, surface, avatarOf } = this.#state();
      // The modal's accent, font and radius, and a text colour that reads on that accent (button-theme.ts).
      for (const [name, value] of Object.entries(buttonThemeStyle(instance.getThemeVariables(), instance.getThemeMode()))) {
        this.style.setProperty(name, value);
      }
      this.#button.toggleAttribute('data-surface', surface);
      if (avatarOf === undefined) {
        this.#button.textContent = text;
      } else {
        // The avatar is decoration: the button is named by the address it shows.
        const avatar = document.createElement('span');
        avatar.setAttribute('aria-hidden', 'true');
        avatar.style.background = avatarBackground(avatarOf);
        this.#button.replaceChildren(avatar, text);
      }
      this.hidden = hidden;
    }
  };
}

import { createMemoryStorage, createPorticoCore, routerAtom, type PorticoCore } from '@portico/shared-state';
import { MAX_ANNOUNCED_WALLETS, createEip155Adapter } from '@portico/shared-state/eip155';
import { ICON, announce, minimalOptions, walletInfo } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { MAX_SHOWN_NAME_GRAPHEMES, shownWalletName } from '../src/components/WalletName';
import Connect from '../src/views/Connect';
import ConnectingExternal from '../src/views/ConnectingExternal';

/** A sentence whose wallet name is bidi-isolated (`<bdi>`): matched as the text it reads. */
const sentence = (text: string) => (_: string, element: Element | null) =>
  element?.tagName !== 'BDI' && element?.textContent === text && [...(element?.children ?? [])].every((child) => child.tagName === 'BDI');
const graphemes = (text: string) => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), ({ segment }) => segment);

describe('shownWalletName', () => {
  it.each(['MetaMask', 'Coinbase Wallet', 'SafePal Extension Wallet', 'محفظة آمنة', '🦊 Fox', 'W'.repeat(MAX_SHOWN_NAME_GRAPHEMES)])('draws %s whole', (name) => {
    expect(shownWalletName(name)).toBe(name);
  });

  it(`draws ${MAX_SHOWN_NAME_GRAPHEMES} graphemes whole and clamps one more with an ellipsis`, () => {
    const longest = `${'Wallet '.repeat(3)}Wal`;
    expect(graphemes(longest)).toHaveLength(MAX_SHOWN_NAME_GRAPHEMES);
    expect(shownWalletName(longest)).toBe(longest);
    expect(shownWalletName(`${longest}l`)).toBe(`${longest}…`);
    // No space before the ellipsis.
    expect(shownWalletName(`${longest} Extra`)).toBe(`${longest}…`);
  });

  it('counts and cuts whole graphemes: emoji with modifiers, flags, joined families, combining marks', () => {
    for (const grapheme of ['👍🏽', '🇫🇷', '👨‍👩‍👧', 'é', 'क्षि']) {
      expect(shownWalletName(grapheme.repeat(MAX_SHOWN_NAME_GRAPHEMES + 5))).toBe(`${grapheme.repeat(MAX_SHOWN_NAME_GRAPHEMES)}…`);
    }
  });

  it('never segments a name of at most that many UTF-16 units (the segmenter is slow to start on a phone)', () => {
    const segment = rs.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      expect(shownWalletName('W'.repeat(MAX_SHOWN_NAME_GRAPHEMES))).toBe('W'.repeat(MAX_SHOWN_NAME_GRAPHEMES));
      expect(segment).not.toHaveBeenCalled();
    } finally {
      segment.mockRestore();
    }
  });

  it('counts code points where the browser has no Intl.Segmenter', () => {
    const segmenter = Intl.Segmenter;
    Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true, writable: true });
    try {
      expect(shownWalletName('é'.repeat(MAX_SHOWN_NAME_GRAPHEMES + 1))).toBe(`${'é'.repeat(MAX_SHOWN_NAME_GRAPHEMES)}…`);
    } finally {
      Object.defineProperty(Intl, 'Segmenter', { value: segmenter, configurable: true, writable: true });
    }
  });
});

describe('Connect with hostile EIP-6963 wallets', () => {
  let core: PorticoCore | undefined;
  afterEach(() => {
    core?.connection.stop();
    cleanupViews();
  });

  /** A wallet that never answers: its prompt stays open, as while the person decides. */
  const undecidedWallet = { request: () => new Promise<never>(() => undefined) };

  /** A core whose real eip155 adapter (without WalletConnect) discovers these wallets' announcements. */
  async function coreWithAnnouncements(...names: string[]) {
    const eventTarget = new EventTarget();
    core = createPorticoCore(minimalOptions(), {
      storage: createMemoryStorage(),
      eventTarget,
      isMobile: false,
      adapters: { eip155: createEip155Adapter({ eventTarget }) },
    });
    await core.connection.start();
    names.forEach((name, index) => {
      const uuid = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
      announce(eventTarget, { info: walletInfo({ uuid, name, rdns: `com.hostile.w${index}`, icon: ICON }), provider: undecidedWallet });
    });
    renderView(Connect, { core });
    return within(await screen.findByRole('list', { name: 'Wallets' }));
  }

  it('names a 100-character wallet in full and draws it clamped with an ellipsis', async () => {
    const name = 'HostileWalletName'.repeat(6).slice(0, 100);
    const list = await coreWithAnnouncements(name);
    const button = list.getByRole('button', { name: `${name}, installed` });
    const drawn = within(button).getByText(`${[...name].slice(0, MAX_SHOWN_NAME_GRAPHEMES).join('')}…`);
    expect(drawn.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('names the picked wallet in ConnectingExternal as its row did: drawn clamped, read whole', async () => {
    const name = 'W'.repeat(100);
    const list = await coreWithAnnouncements(name);
    fireEvent.click(list.getByRole('button', { name: `${name}, installed` }));
    await waitFor(() => expect(core!.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'com.hostile.w0' } }));
    const view = within(renderView(ConnectingExternal, { core: core! }).container);
    const drawn = view.getByText(sentence(`Continue in ${'W'.repeat(MAX_SHOWN_NAME_GRAPHEMES)}…`));
    expect(drawn.closest('[aria-hidden="true"]')).not.toBeNull();
    // What a screen reader reads instead.
    expect(view.getByText(sentence(`Continue in ${name}`)).closest('[aria-hidden="true"]')).toBeNull();
    expect(view.getByRole('status').textContent).toBe('Accept the connection request in the wallet');
  });

  it('reads and draws a name without its bidi overrides and invisible characters', async () => {
    const list = await coreWithAnnouncements('Safe\u202Egnp.exe\u202C\u200B Wa\u200Dllet\u2060\uFEFF\u2066');
    const button = list.getByRole('button', { name: 'Safegnp.exe Wallet, installed' });
    expect(button.textContent).not.toMatch(/[^\p{L}\p{N}\p{P} ]/u);
  });

  it(`lists at most ${MAX_ANNOUNCED_WALLETS} of 200 announced wallets`, async () => {
    const flood = Array.from({ length: 200 }, (_, index) => `Flood ${index}`);
    const list = await coreWithAnnouncements(...flood);
    await waitFor(() => expect(list.getAllByRole('button', { name: /^Flood \d+, installed$/ })).toHaveLength(MAX_ANNOUNCED_WALLETS));
    expect(list.getByRole('button', { name: `Flood ${MAX_ANNOUNCED_WALLETS - 1}, installed` })).toBeTruthy();
    expect(list.queryByRole('button', { name: `Flood ${MAX_ANNOUNCED_WALLETS}` })).toBeNull();
  });
});

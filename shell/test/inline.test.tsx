/**
 * Embedded (inline) mode, `enableEmbedded` (spec §2): the modal renders in the host's own <portico-modal> as part of
 * the page — a region named by its header, no overlay, no Close, nothing that holds the page's focus — and returns to
 * Account when connected, otherwise Connect.
 */
import { modalFlagsAtom, type PorticoCore } from '@portico/shared-state';
import { fakeWalletConnector, minimalOptions, stopTestCores, testCore } from '@portico/test-kit';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { createPortico, keepInline } from '../src/create-portico';
import { App } from '../src/ui/App';
import { unreachableRemotes } from './helpers';

afterEach(() => {
  cleanup();
  stopTestCores();
  document.body.replaceChildren();
});

/** A page button that has the focus, as a visitor reading the host page would leave it. */
function focusedPageButton() {
  const button = document.createElement('button');
  button.textContent = 'Read more';
  document.body.append(button);
  button.focus();
  return button;
}

async function renderInline(options: { connect?: boolean } = {}) {
  const { core } = await testCore({ connect: options.connect, options: { remotes: unreachableRemotes, enableEmbedded: true } });
  const host = document.createElement('div');
  document.body.append(host);
  render(<App core={core} host={host} />);
  let stop: () => void = () => undefined;
  act(() => void (stop = keepInline(core)));
  return { core, stop };
}

const view = (core: PorticoCore) => core.router.current().view;

describe('embedded (inline) mode', () => {
  it("renders in the page's own <portico-modal>, shown at once, without taking the focus, and leaves it there on destroy", async () => {
    const section = document.createElement('section');
    section.append(document.createElement('portico-modal'));
    document.body.append(section);
    const pageButton = focusedPageButton();
    const portico = createPortico(minimalOptions({ remotes: unreachableRemotes, enableEmbedded: true }));
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1);
    const element = section.querySelector('portico-modal')!;
    const inside = within(element.shadowRoot as unknown as HTMLElement);
    expect(await inside.findByRole('region', { name: 'Connect Wallet' })).toBeTruthy();
    expect(inside.queryByRole('dialog')).toBeNull();
    expect(portico.getState().open).toBe(true);
    expect(document.activeElement).toBe(pageButton);
    portico.destroy();
    expect(section.querySelector('portico-modal')).toBe(element);
  });

  it("renders in a page's <appkit-modal> too (AppKit's name for it)", async () => {
    document.body.append(document.createElement('appkit-modal'));
    const portico = createPortico(minimalOptions({ remotes: unreachableRemotes, enableEmbedded: true }));
    const element = document.querySelector('appkit-modal')!;
    expect(await within(element.shadowRoot as unknown as HTMLElement).findByRole('region', { name: 'Connect Wallet' })).toBeTruthy();
    expect(document.querySelector('portico-modal')).toBeNull();
    portico.destroy();
  });

  it('is a region named by its header, with Back but no Close, and leaves Escape and Tab to the page', async () => {
    const { core } = await renderInline();
    const region = screen.getByRole('region', { name: 'Connect Wallet' });
    expect(region.getAttribute('aria-modal')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => core.router.push('WhatIsAWallet'));
    const back = screen.getByRole('button', { name: 'Back' });
    back.focus();
    // Not prevented: the browser moves focus on to the page.
    expect(fireEvent.keyDown(back, { key: 'Tab' })).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(view(core)).toBe('WhatIsAWallet');
    expect(core.store.get(modalFlagsAtom).open).toBe(true);
  });

  it('follows the focus only while the person is inside: a view change moves it to the new heading then, never from the page', async () => {
    const { core } = await renderInline();
    const pageButton = focusedPageButton();
    act(() => core.router.push('WhatIsAWallet'));
    expect(document.activeElement).toBe(pageButton);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(pageButton);

    act(() => screen.getByRole('heading', { name: 'Connect Wallet' }).focus());
    act(() => core.router.push('WhatIsAWallet'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'What is a Wallet?' }));
  });

  it('returns to Connect on a close while not connected, and to Account once a wallet connects', async () => {
    const { core } = await renderInline();
    expect(view(core)).toBe('Connect');
    act(() => core.router.push('WhatIsAWallet'));
    act(() => void core.modal.close());
    expect(view(core)).toBe('Connect');
    expect(screen.getByRole('region', { name: 'Connect Wallet' })).toBeTruthy();

    await act(() => core.connection.connect(fakeWalletConnector.id));
    expect(view(core)).toBe('Account');
    expect(screen.getByRole('region', { name: 'Account' })).toBeTruthy();
  });

  it('returns to Account on a close while connected (a finished flow, the host’s close()), and to Connect on a disconnect', async () => {
    const { core } = await renderInline({ connect: true });
    expect(view(core)).toBe('Account');
    act(() => core.router.push('Networks'));
    act(() => void core.modal.close());
    expect(view(core)).toBe('Account');
    expect(core.store.get(modalFlagsAtom).open).toBe(true);

    await act(() => core.connection.disconnect());
    expect(view(core)).toBe('Connect');
  });

  it('stays on a view the host asked for, with Back home from it', async () => {
    const { core } = await renderInline({ connect: true });
    act(() => core.modal.open({ view: 'Transactions' }));
    expect(screen.getByRole('region', { name: 'Activity' })).toBeTruthy();
    // No history behind it, and still a way home.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(view(core)).toBe('Account');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('stops following once stopped (destroy)', async () => {
    const { core, stop } = await renderInline();
    stop();
    act(() => void core.modal.close());
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
  });
});

import { createMemoryStorage, modalFlagsAtom, signInAtom, type PorticoCore, type ViewName } from '@portico/shared-state';
import { createDefaultSiwx, SIGN_IN_REQUIRED } from '@portico/shared-state/siwx';
import { stopTestCores, testCore } from '@portico/test-kit';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { App } from '../src/ui/App';
import { shellCore, unreachableRemotes } from './helpers';

afterEach(() => {
  cleanup();
  stopTestCores();
});

async function renderModal(core?: PorticoCore) {
  core ??= await shellCore();
  const host = document.createElement('div');
  document.body.append(host);
  render(<App core={core} host={host} />);
  return { core, host };
}

describe('Modal', () => {
  it('is a modal dialog named by its header', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    const dialog = screen.getByRole('dialog', { name: 'Swap' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('names ConnectingSocial after the provider the router data names', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Connect' }));
    act(() => core.router.push('ConnectingSocial', { socialProviderName: 'GitHub' }));
    expect(screen.getByRole('dialog', { name: 'Log in with GitHub' })).toBeTruthy();
  });

  it("names ConnectingFarcaster 'Log in with Farcaster'", async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Connect' }));
    act(() => core.router.push('ConnectingFarcaster'));
    expect(screen.getByRole('dialog', { name: 'Log in with Farcaster' })).toBeTruthy();
  });

  it('shows a visible error for a view name it does not know (a host passing any string), never an empty modal', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Teleport' as ViewName }));
    expect(screen.getByRole('alert').textContent).toContain('Unknown view "Teleport".');
  });

  it('refuses the Transactions view with a visible reason when the history feature is off', async () => {
    const { core } = await renderModal(await shellCore({ features: { history: false } }));
    act(() => core.modal.open({ view: 'Transactions' }));
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The history feature is turned off for this site.');
  });

  it('shows a visible error when the feature behind a view is off', async () => {
    const { core } = await renderModal(await shellCore({ features: { send: false } }));
    act(() => core.modal.open({ view: 'WalletSend' }));
    expect(screen.getByRole('alert').textContent).toContain('The send feature is turned off for this site.');
  });

  it('names the missing option when a remote has no address', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'WalletSend' }));
    expect(screen.getByRole('alert').textContent).toContain('Set remotes.send or cdnBase');
  });

  it('moves focus to the view’s heading on open and back to the opener on close', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Connect Wallet';
    document.body.append(opener);
    opener.focus();
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    // The frame after the render, as a person would see it.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Swap' }));
    act(() => void core.modal.close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('closes on Escape', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
  });

  it('shakes instead of closing on Escape while a transaction awaits approval', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'ApproveTransaction' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog').dataset.shake).toBe('true');
  });

  it('in required sign-in, shows no Close it cannot honour; Escape leaves it open and the status region says why', async () => {
    const siwx = createDefaultSiwx({ storage: createMemoryStorage(), domain: 'dapp.example', uri: 'https://dapp.example', required: true });
    const { core } = await testCore({ connect: true, options: { remotes: unreachableRemotes, siwx } });
    await renderModal(core);
    await act(() => core.siwx!.start());
    await screen.findByRole('dialog', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByText(SIGN_IN_REQUIRED, { normalizer: (text) => text.trim() }).closest('[role="status"]')).toBeTruthy();
    // Once sign-in no longer holds the modal (e.g. the session arrived), Close is back.
    act(() => core.store.set(signInAtom, { ...core.store.get(signInAtom), closeDisabled: false }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('keeps Tab inside the dialog', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    act(() => core.router.push('Transactions'));
    const back = screen.getByRole('button', { name: 'Back' });
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
    expect(document.activeElement).toBe(back);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
  });

  it('shows Back only with history, and Back pops it', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    act(() => core.router.push('Transactions'));
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Swap' })).toBeTruthy();
  });

  it('announces toasts', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    act(() => core.toast.show('error', 'Token Balance Unavailable'));
    expect(screen.getByText('Token Balance Unavailable').getAttribute('role')).toBe('alert');
  });

  it('puts a toast on its own line under the header, before the view, never over it', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    act(() => core.toast.show('success', 'Address copied'));
    const toast = screen.getByText('Address copied');
    const dialog = screen.getByRole('dialog');
    const header = dialog.querySelector('.portico-header')!;
    const body = dialog.querySelector('.portico-body')!;
    // In the scrolling content, between the header and the view: in the flow, so it pushes the view down.
    expect(toast.closest('.portico-content')).toBeTruthy();
    expect(header.compareDocumentPosition(toast) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toast.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the header outside the scrolling viewport, and gives each title its own fading element', async () => {
    const { core } = await renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    const dialog = screen.getByRole('dialog');
    const title = screen.getByRole('heading', { name: 'Swap' });
    expect(title.closest('.portico-viewport')).toBeNull();
    expect(dialog.querySelector('.portico-viewport .portico-body')).toBeTruthy();
    const before = title.querySelector('.portico-title-text');
    act(() => core.router.push('Transactions'));
    const after = screen.getByRole('heading', { name: 'Activity' }).querySelector('.portico-title-text');
    expect(after?.textContent).toBe('Activity');
    expect(after).not.toBe(before);
  });

  it('animates the card to its view’s height from a ResizeObserver, hiding the overflow only while it grows', async () => {
    const observed: { callback: ResizeObserverCallback; target?: Element }[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(readonly callback: ResizeObserverCallback) {
        observed.push({ callback });
      }
      observe(target: Element) {
        observed.at(-1)!.target = target;
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    rs.useFakeTimers();
    try {
      const { core } = await renderModal();
      act(() => core.modal.open({ view: 'Swap' }));
      const viewport = screen.getByRole('dialog').querySelector<HTMLElement>('.portico-viewport')!;
      const [{ callback, target }] = observed as [{ callback: ResizeObserverCallback; target: Element }];
      expect(target.className).toBe('portico-content');
      const resize = (blockSize: number) =>
        callback([{ target, borderBoxSize: [{ blockSize, inlineSize: 360 }] } as unknown as ResizeObserverEntry], {} as ResizeObserver);
      resize(300);
      // The first height after an open is written from auto (no animation, and nothing hidden).
      expect(viewport.style.height).toBe('300px');
      expect('resizing' in viewport.dataset).toBe(false);
      Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 300 });
      resize(480);
      expect(viewport.style.height).toBe('480px');
      expect('resizing' in viewport.dataset).toBe(true);
      rs.advanceTimersByTime(250);
      expect('resizing' in viewport.dataset).toBe(false);
      // Shrinking never overflows: the scrollbar is left alone.
      resize(200);
      expect(viewport.style.height).toBe('200px');
      expect('resizing' in viewport.dataset).toBe(false);
      // Hidden (display: none): the next showing starts from auto again.
      resize(0);
      expect(viewport.style.height).toBe('');
    } finally {
      rs.useRealTimers();
      globalThis.ResizeObserver = original;
    }
  });
});

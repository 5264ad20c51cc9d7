import { modalFlagsAtom } from '@portico/shared-state';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { App } from '../src/ui/App';
import { testCore } from './helpers';

afterEach(() => cleanup());

function renderModal(core = testCore()) {
  const host = document.createElement('div');
  document.body.append(host);
  render(<App core={core} host={host} />);
  return { core, host };
}

describe('Modal', () => {
  it('is a modal dialog named by its header', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    const dialog = screen.getByRole('dialog', { name: 'Swap' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('shows a visible error for a view no remote renders yet, never an empty modal', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'Transactions' }));
    expect(screen.getByRole('alert').textContent).toContain('The Transactions view is not available in this version.');
  });

  it('shows a visible error when the feature behind a view is off', () => {
    const { core } = renderModal(testCore({ features: { send: false } }));
    act(() => core.modal.open({ view: 'WalletSend' }));
    expect(screen.getByRole('alert').textContent).toContain('The send feature is turned off for this site.');
  });

  it('names the missing option when a remote has no address', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'WalletSend' }));
    expect(screen.getByRole('alert').textContent).toContain('Set remotes.send or cdnBase');
  });

  it('moves focus to the view’s heading on open and back to the opener on close', () => {
    const opener = document.createElement('button');
    opener.textContent = 'Connect Wallet';
    document.body.append(opener);
    opener.focus();
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Swap' }));
    act(() => void core.modal.close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('closes on Escape', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
  });

  it('shakes instead of closing on Escape while a transaction awaits approval', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'ApproveTransaction' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog').dataset.shake).toBe('true');
  });

  it('keeps Tab inside the dialog', () => {
    const { core } = renderModal();
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

  it('shows Back only with history, and Back pops it', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    act(() => core.router.push('Transactions'));
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Swap' })).toBeTruthy();
  });

  it('announces toasts', () => {
    const { core } = renderModal();
    act(() => core.modal.open({ view: 'Swap' }));
    act(() => core.toast.show('error', 'Token Balance Unavailable'));
    expect(screen.getByText('Token Balance Unavailable').getAttribute('role')).toBe('alert');
  });
});

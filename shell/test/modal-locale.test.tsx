import { announcementAtom } from '@portico/shared-state';
import { stopTestCores } from '@portico/test-kit';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { App } from '../src/ui/App';
import { loadShellChrome } from '../src/ui/chrome';
import { shellCore } from './helpers';

afterEach(() => {
  cleanup();
  stopTestCores();
  document.documentElement.lang = '';
});

async function openModal(options: Record<string, unknown>) {
  const core = await shellCore(options);
  render(<App core={core} host={document.body.appendChild(document.createElement('div'))} />);
  act(() => core.modal.open({ view: 'Connect' }));
  return core;
}

describe('the dialog in the modal’s locale', () => {
  it('speaks Arabic right to left with locale: ar (title, Back, Close)', async () => {
    const core = await openModal({ locale: 'ar' });
    const dialog = await screen.findByRole('dialog', { name: 'ربط المحفظة' });
    expect(dialog.getAttribute('dir')).toBe('rtl');
    expect(dialog.getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeTruthy();
    act(() => core.router.push('ConnectingSocial', { socialProviderName: 'GitHub' }));
    expect(screen.getByRole('dialog', { name: 'تسجيل الدخول عبر GitHub' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeTruthy();
  });

  it('follows the page’s lang without the option, matched by language (de-AT → de)', async () => {
    document.documentElement.lang = 'de-AT';
    await openModal({});
    const dialog = await screen.findByRole('dialog', { name: 'Wallet verbinden' });
    expect(dialog.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });

  it('follows a lang the page changed after the first open at the next open (de → fr)', async () => {
    document.documentElement.lang = 'de';
    const core = await openModal({});
    await screen.findByRole('dialog', { name: 'Wallet verbinden' });
    act(() => core.modal.close());
    document.documentElement.lang = 'fr';
    act(() => core.modal.open({ view: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connecter un portefeuille' });
    expect(dialog.getAttribute('lang')).toBe('fr');
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('words prepared before the open (the idle prefetch) are in the open’s first render: no second one after the click', async () => {
    const core = await shellCore({ locale: 'de' });
    render(<App core={core} host={document.body.appendChild(document.createElement('div'))} />);
    await act(() => loadShellChrome(core));
    act(() => core.modal.open({ view: 'Connect' }));
    // Synchronously after the open's render: the title, Close and lang are already German.
    expect(screen.getByRole('dialog', { name: 'Wallet verbinden' }).getAttribute('lang')).toBe('de');
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });

  it('keeps English for a page in a language Portico has no catalogue for', async () => {
    document.documentElement.lang = 'sw';
    await openModal({});
    await screen.findByRole('dialog', { name: 'Connect Wallet' });
    await waitFor(() => expect(screen.getByRole('dialog').getAttribute('lang')).toBe('en'));
  });

  it('announces what shared state says in the modal’s locale once it has opened (German)', async () => {
    const core = await openModal({ locale: 'de' });
    await screen.findByRole('dialog', { name: 'Wallet verbinden' });
    act(() => core.store.set(announcementAtom, 'Connected to MetaMask'));
    expect(screen.getByText('Verbunden mit MetaMask').getAttribute('aria-live')).toBe('polite');
  });
});

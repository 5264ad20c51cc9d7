import { routerAtom, type RegistryWallet } from '@portico/shared-state';
import { apiStub, embeddedTestWallet, registryRoutes, registryWallets, testCore, walletConnectConnector, type ApiStub, type TestCoreOptions } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';

// The registry: the Fake Wallet, then Wallet 0001 … 0059; Wallet 0001 and 0003 certified.
const WALLETS: RegistryWallet[] = registryWallets(60).map((wallet) =>
  wallet.id === 'w0001' || wallet.id === 'w0003' ? { ...wallet, badge_type: 'certified' } : wallet,
);
const TERMS = 'https://site.example/terms';
const PRIVACY = 'https://site.example/privacy';
const CUSTOM = {
  id: 'my-wallet',
  name: 'My Wallet',
  homepage: 'https://my-wallet.example',
  image_url: 'https://my-wallet.example/icon.png',
  mobile_link: 'mywallet://',
  desktop_link: null,
  webapp_link: 'https://app.my-wallet.example',
  app_store: 'https://apps.apple.com/app/my-wallet',
  play_store: 'https://play.google.com/store/apps/details?id=my.wallet',
};

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(WALLETS));
});
afterEach(cleanupViews);
afterAll(() => api.close());

/** Connect with the registry and the embedded wallet (email and social logins), on top of `options`. */
async function connectView(options: TestCoreOptions['options'] = {}, adapter?: TestCoreOptions['adapter']) {
  const { core } = await testCore({ api, embedded: embeddedTestWallet().handle, options, adapter });
  const view = renderView(Connect, { core });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0002' })).toBeTruthy());
  return { core, view };
}

const wallets = () => screen.getByRole('list', { name: 'Wallets' });
/** The wallet list's buttons by accessible name, in order (Testing Library computes each name for its matcher). */
const walletNames = () => {
  const names: string[] = [];
  within(wallets()).getAllByRole('button', {
    name: (name) => {
      names.push(name);
      return true;
    },
  });
  return names;
};
const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
const legalCheckbox = () => screen.getByRole('checkbox', { name: 'I agree to our Terms of Service and Privacy Policy' });
/** Every control of the wallets and logins (not the checkbox, its links or "What is a wallet?"). */
const gatedControls = () => [
  ...within(wallets()).getAllByRole('button'),
  screen.getByRole('textbox', { name: 'Email' }),
  ...within(screen.getByRole('group', { name: 'Social login' })).getAllByRole('button'),
];

describe('Connect: the legal checkbox (feature legalCheckbox)', () => {
  it('keeps the wallets and logins disabled until the box is ticked; the links open a new tab', async () => {
    const { core } = await connectView({ features: { legalCheckbox: true }, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY });
    const checkbox = legalCheckbox() as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    for (const control of gatedControls()) expect((control as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'What is a wallet?' }) as HTMLButtonElement).disabled).toBe(false);
    // The box comes first: what the person agrees to before any way in.
    expect(follows(checkbox, wallets())).toBe(true);
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect([terms.getAttribute('href'), privacy.getAttribute('href')]).toEqual([TERMS, PRIVACY]);
    for (const link of [terms, privacy]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    // A disabled wallet does nothing.
    fireEvent.click(within(wallets()).getByRole('button', { name: 'Wallet 0002' }));
    expect(core.store.get(routerAtom).view).toBe('Connect');

    fireEvent.click(checkbox);
    expect(checkbox.checked).toBe(true);
    for (const control of gatedControls()) expect((control as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(wallets()).getByRole('button', { name: 'Wallet 0002' }));
    expect(core.store.get(routerAtom).view).toBe('ConnectingWalletConnect');
  });

  it('stays ticked when Connect opens again on the same page', async () => {
    const { core, view } = await connectView({ features: { legalCheckbox: true }, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY });
    fireEvent.click(legalCheckbox());
    view.unmount();
    renderView(Connect, { core });
    expect((legalCheckbox() as HTMLInputElement).checked).toBe(true);
    expect((within(wallets()).getByRole('button', { name: 'Wallet 0002' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('names only the document it has a link for', async () => {
    await connectView({ features: { legalCheckbox: true }, privacyPolicyUrl: PRIVACY });
    expect(screen.getByRole('checkbox', { name: 'I agree to our Privacy Policy' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Terms of Service' })).toBeNull();
  });

  it('is absent without the feature, or without a link (as AppKit): nothing is disabled', async () => {
    await connectView({ termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY });
    expect(screen.queryByRole('checkbox')).toBeNull();
    for (const control of gatedControls()) expect((control as HTMLButtonElement).disabled).toBe(false);
    cleanupViews();
    await connectView({ features: { legalCheckbox: true } });
    expect(screen.queryByRole('checkbox')).toBeNull();
    for (const control of gatedControls()) expect((control as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps "Continue with a wallet" disabled too when the wallets are collapsed', async () => {
    const { core } = await testCore({
      api,
      embedded: embeddedTestWallet().handle,
      options: { features: { legalCheckbox: true, collapseWallets: true }, termsConditionsUrl: TERMS },
    });
    renderView(Connect, { core });
    const reveal = screen.getByRole('button', { name: 'Continue with a wallet' }) as HTMLButtonElement;
    expect(reveal.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to our Terms of Service' }));
    expect(reveal.disabled).toBe(false);
  });
});

describe('Connect: collapseWallets', () => {
  it('shows the logins and "Continue with a wallet", which reveals the wallets and focuses the first', async () => {
    const { core } = await testCore({ api, embedded: embeddedTestWallet().handle, options: { features: { collapseWallets: true } } });
    renderView(Connect, { core });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Social login' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with a wallet' }));
    expect(document.activeElement).toBe(within(wallets()).getAllByRole('button')[0]);
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
  });

  it('lists the wallets as they are without a login to show', async () => {
    const { core } = await testCore({ api, options: { features: { collapseWallets: true } } });
    renderView(Connect, { core });
    expect(within(wallets()).getByRole('button', { name: 'Fake Wallet, installed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
  });
});

describe('Connect: connect-method order (spec section 9)', () => {
  it('email, social, wallet without an installed wallet; wallet, email, social with one', async () => {
    await connectView({}, { connectors: [walletConnectConnector] });
    const email = screen.getByRole('textbox', { name: 'Email' });
    const social = screen.getByRole('group', { name: 'Social login' });
    expect(follows(email, social) && follows(social, wallets())).toBe(true);
    cleanupViews();

    await connectView();
    expect(follows(wallets(), screen.getByRole('textbox', { name: 'Email' }))).toBe(true);
    expect(follows(screen.getByRole('textbox', { name: 'Email' }), screen.getByRole('group', { name: 'Social login' }))).toBe(true);
  });

  it("follows the host's connectMethodsOrder, the methods left out after in the spec's order", async () => {
    await connectView({ features: { connectMethodsOrder: ['social', 'wallet'] } });
    const social = screen.getByRole('group', { name: 'Social login' });
    expect(follows(social, wallets()) && follows(wallets(), screen.getByRole('textbox', { name: 'Email' }))).toBe(true);
    // "or" parts the wallets from the logins on either side.
    expect(screen.getAllByText('or')).toHaveLength(2);
  });
});

describe('Connect: customWallets and certified wallets', () => {
  it("lists the host's wallets after the featured ones, before the recommended; picking one pairs with it", async () => {
    const { core } = await connectView({ featuredWalletIds: ['w0010'], customWallets: [CUSTOM] });
    await waitFor(() => expect(walletNames()).toContain('Wallet 0010'));
    expect(walletNames()).toEqual([
      'WalletConnect, QR code',
      'Fake Wallet, installed',
      'Wallet 0010',
      'My Wallet',
      'Wallet 0001, certified',
      'Wallet 0002',
      'Wallet 0003, certified',
      'Wallet 0004',
      'All Wallets',
    ]);
    expect(within(wallets()).getByRole('button', { name: 'My Wallet' }).querySelector('img')!.getAttribute('src')).toBe(CUSTOM.image_url);
    fireEvent.click(within(wallets()).getByRole('button', { name: 'My Wallet' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: CUSTOM } });
  });

  it('drops a custom wallet that is the installed one', async () => {
    await connectView({ customWallets: [{ id: 'mine', name: 'fake wallet' }] });
    expect(walletNames()).not.toContain('fake wallet');
  });
});

import { anvil, embeddedTestWallet, EMBEDDED_TEST_EMAIL, solanaLocalnet, testCore, walletConnectConnector, type TestCoreOptions } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';
import EmailLogin from '../src/views/EmailLogin';

afterEach(cleanupViews);

/** Connect on a core with the scripted embedded wallet (code login by default). */
async function connectView({
  options,
  adapter,
  ...embeddedOptions
}: { options?: TestCoreOptions['options']; adapter?: TestCoreOptions['adapter']; failLoad?: string } = {}) {
  const embedded = embeddedTestWallet();
  let preloads = 0;
  const handle = {
    ...embedded.handle,
    load: embeddedOptions.failLoad ? () => Promise.reject(new Error(embeddedOptions.failLoad)) : embedded.handle.load,
    preload: () => void preloads++,
  };
  const { core } = await testCore({ embedded: handle, options, adapter });
  renderView(Connect, { core });
  return { ...embedded, core, preloads: () => preloads };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const typeEmail = (email: string) => fireEvent.change(emailField(), { target: { value: email } });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('Connect with the embedded wallet', () => {
  it('shows the email field with the wallets, first when no wallet is installed (spec section 9)', async () => {
    await connectView();
    const field = emailField();
    expect(field.getAttribute('type')).toBe('email');
    expect(field.getAttribute('autocomplete')).toBe('email');
    let wallets = screen.getByRole('list', { name: 'Wallets' });
    expect(within(wallets).getByRole('button', { name: 'Fake Wallet, installed' })).toBeTruthy();
    // An installed wallet: the wallets, then the field and Continue.
    expect(wallets.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanupViews();

    await connectView({ adapter: { connectors: [walletConnectConnector] } });
    wallets = screen.getByRole('list', { name: 'Wallets' });
    expect(emailField().compareDocumentPosition(wallets) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(continueButton().compareDocumentPosition(wallets) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the wallets behind "Continue with a wallet" with emailShowWallets off', async () => {
    await connectView({ options: { features: { emailShowWallets: false } } });
    expect(emailField()).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with a wallet' }));
    const firstWallet = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button')[0];
    expect(document.activeElement).toBe(firstWallet);
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
  });

  it('has no email field without portico.embedded or with the email feature off', async () => {
    const { core } = await testCore();
    renderView(Connect, { core });
    expect(screen.getByRole('button', { name: 'Fake Wallet, installed' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
    cleanupViews();
    await connectView({ options: { features: { email: false } } });
    expect(screen.getByRole('button', { name: 'Fake Wallet, installed' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('offers no email field or social logins on Connect filtered to a namespace the embedded wallet has no account in', async () => {
    const { core } = await connectView({ options: { networks: [anvil, solanaLocalnet], socials: ['google'] } });
    expect(emailField()).toBeTruthy();
    expect(screen.getByRole('button', { name: /Google/ })).toBeTruthy();
    act(() => core.modal.open({ view: 'Connect', namespace: 'solana' }));
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    act(() => core.modal.open({ view: 'Connect', namespace: 'eip155' }));
    expect(emailField()).toBeTruthy();
  });

  it('warms the wallet up on focus and sends CONNECT_EMAIL with the address on Continue', async () => {
    const { preloads, requests, wallet } = await connectView();
    fireEvent.focus(emailField());
    expect(preloads()).toBe(1);
    typeEmail(` ${EMBEDDED_TEST_EMAIL} `);
    fireEvent.click(continueButton());
    await waitFor(() => expect(requests).toEqual([{ name: 'CONNECT_EMAIL', payload: { email: EMBEDDED_TEST_EMAIL } }]));
    await waitFor(() => expect(wallet.login.getSnapshot()).toMatchObject({ step: 'verify-otp', email: EMBEDDED_TEST_EMAIL }));
  });

  it('is busy while the request is out: Continue disabled, same name', async () => {
    let answer!: () => void;
    const embedded = embeddedTestWallet({ CONNECT_EMAIL: () => new Promise<void>((resolve) => (answer = resolve)) });
    const { core } = await testCore({ embedded: embedded.handle });
    renderView(Connect, { core });
    typeEmail(EMBEDDED_TEST_EMAIL);
    fireEvent.click(continueButton());
    await waitFor(() => expect(continueButton().getAttribute('aria-busy')).toBe('true'));
    expect((continueButton() as HTMLButtonElement).disabled).toBe(true);
    answer();
    await waitFor(() => expect((continueButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it("shows the store's error for an invalid email, under the field", async () => {
    const { requests } = await connectView();
    typeEmail('not an email');
    fireEvent.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Must be a valid email');
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('shows why the wallet did not load and keeps the address', async () => {
    await connectView({ failLoad: 'Network Error - Could not load embedded wallet' });
    typeEmail(EMBEDDED_TEST_EMAIL);
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error - Could not load embedded wallet');
    expect((emailField() as HTMLInputElement).value).toBe(EMBEDDED_TEST_EMAIL);
    expect((continueButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('EmailLogin', () => {
  it('is the email form alone', async () => {
    const { handle, requests } = embeddedTestWallet();
    const { core } = await testCore({ embedded: handle });
    renderView(EmailLogin, { core });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: EMBEDDED_TEST_EMAIL } });
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull();
    fireEvent.click(continueButton());
    await waitFor(() => expect(requests.map((request) => request.name)).toEqual(['CONNECT_EMAIL']));
  });

  it('says so when the site has no embedded wallet', async () => {
    const { core } = await testCore();
    renderView(EmailLogin, { core });
    expect(screen.getByRole('alert').textContent).toBe('Email login is not enabled');
  });
});

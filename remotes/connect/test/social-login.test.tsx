import { routerAtom } from '@portico/shared-state';
import { SOCIAL_WINDOW_BLOCKED_MESSAGE } from '@portico/shared-state/embedded';
import { embeddedTestWallet, frameError, testCore, type FrameScript, type TestCoreOptions } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';
import ConnectingSocial from '../src/views/ConnectingSocial';

afterEach(cleanupViews);

/**
 * Connect on a core with the scripted embedded wallet; `load` replaces the wallet's load (a slow or failing one).
 * The pointer comes to the social logins (which loads the wallet) and the load settles, so a click then starts in
 * the click, as on a page where the person moved to the button before pressing it.
 */
async function connectView(options: TestCoreOptions['options'] = {}, load?: () => Promise<never>) {
  const embedded = embeddedTestWallet();
  const handle = load ? { ...embedded.handle, load } : embedded.handle;
  const { core } = await testCore({ embedded: handle, options });
  renderView(Connect, { core });
  const group = screen.queryByRole('group', { name: 'Social login' });
  if (group) fireEvent.pointerEnter(group);
  // The view asked for the wallet first, so its answer (and the re-render, flushed by act) comes before this one.
  await act(() => handle.load().then(() => undefined, () => undefined));
  return { ...embedded, core };
}

const socialButtons = () => within(screen.getByRole('group', { name: 'Social login' })).getAllByRole('button');
const names = (buttons: HTMLElement[]) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent);
const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('Connect: social logins', () => {
  it('shows every provider by default: Google as a full-width button, the others as named icon buttons', async () => {
    await connectView();
    const [google, ...others] = socialButtons();
    expect(google!.textContent).toBe('Continue with Google');
    expect(google).toBe(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(names(others)).toEqual([
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
    ]);
    for (const button of others) {
      expect(button.getAttribute('title')).toBe(button.getAttribute('aria-label'));
      expect(button.textContent).toBe('');
      // Reachable with Tab: enabled buttons that no roving focus takes out of the tab order.
      expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(button.tabIndex).toBe(0);
    }
    for (const button of [google!, ...others]) expect(button.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it("draws each provider's own mark: Google's four colours, Facebook, Discord and Farcaster in theirs, the black-or-white ones in the text colour", async () => {
    await connectView();
    const fills = (name: string) => [...screen.getByRole('button', { name }).querySelectorAll('svg path')].map((path) => path.getAttribute('fill'));
    expect(fills('Continue with Google')).toEqual(['#4285F4', '#34A853', '#FBBC05', '#EA4335']);
    expect(fills('Continue with Facebook')).toEqual(['#0866FF']);
    expect(fills('Continue with Discord')).toEqual(['#5865F2']);
    expect(fills('Continue with Farcaster')).toEqual(['#855DCD']);
    for (const name of ['Continue with GitHub', 'Continue with Apple', 'Continue with X']) expect(fills(name)).toEqual(['currentColor']);
    // Seven different marks, no outline look-alikes.
    const marks = socialButtons().map((button) => button.querySelector('svg')!.innerHTML);
    expect(new Set(marks).size).toBe(7);
    for (const svg of socialButtons().map((button) => button.querySelector('svg')!)) {
      expect(svg.getAttribute('stroke')).toBeNull();
      expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    }
  });

  it('comes after the email form, in the host order (the installed wallet first: spec section 9)', async () => {
    await connectView({ socials: ['github', 'discord'] });
    expect(names(socialButtons())).toEqual(['Continue with GitHub', 'Continue with Discord']);
    const group = screen.getByRole('group', { name: 'Social login' });
    expect(follows(screen.getByRole('button', { name: 'Continue' }), group)).toBe(true);
    expect(follows(screen.getByRole('list', { name: 'Wallets' }), screen.getByRole('textbox', { name: 'Email' }))).toBe(true);
  });

  it('comes right after the wallets with the email feature off, and is absent with socials off', async () => {
    await connectView({ features: { email: false } });
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(follows(screen.getByRole('list', { name: 'Wallets' }), screen.getByRole('group', { name: 'Social login' }))).toBe(true);
    cleanupViews();

    await connectView({ socials: false });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Social login' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Continue with / })).toBeNull();
    cleanupViews();

    await connectView({ socials: false, features: { email: false } });
    expect(screen.getByRole('button', { name: 'Fake Wallet, installed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Continue with / })).toBeNull();
  });

  it('leaves Google out inside Telegram on iOS', async () => {
    const page = globalThis as { Telegram?: unknown };
    const userAgent = Object.getOwnPropertyDescriptor(navigator, 'userAgent');
    page.Telegram = { WebApp: {} };
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' });
    try {
      await connectView({ socials: ['google', 'github'] });
      expect(names(socialButtons())).toEqual(['Continue with GitHub']);
      expect(screen.getByRole('button', { name: 'Continue with GitHub' }).textContent).toBe('Continue with GitHub');
    } finally {
      delete page.Telegram;
      if (userAgent) Object.defineProperty(navigator, 'userAgent', userAgent);
      else delete (navigator as { userAgent?: string }).userAgent;
    }
  });

  it('starts the login in the click: the popup opens and goes to the provider', async () => {
    const { wallet, popup, popups, requests } = await connectView();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    // Opened within the click itself, where the browser lets a page open a window.
    expect(popups).toHaveLength(1);
    expect(wallet.social.getSnapshot()).toMatchObject({ step: 'waiting', provider: 'github' });
    await waitFor(() => expect(popup().visited).toEqual([expect.stringContaining('/github/auth?')]));
    expect(requests).toEqual([{ name: 'GET_SOCIAL_REDIRECT_URI', payload: { provider: 'github' } }]);
  });

  it('Continue with Farcaster opens ConnectingFarcaster: no popup, nothing asked of the frame', async () => {
    const { core, popups, requests } = await connectView({ socials: ['farcaster', 'github'] });
    const farcaster = screen.getByRole('button', { name: 'Continue with Farcaster' });
    expect(farcaster.textContent).toBe('Continue with Farcaster');
    expect(farcaster.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(farcaster);
    expect(core.store.get(routerAtom).view).toBe('ConnectingFarcaster');
    expect(popups).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('loads nothing when shown: the wallet loads once the pointer or focus comes to the social logins', async () => {
    for (const turnTo of [(group: HTMLElement) => fireEvent.pointerEnter(group), (group: HTMLElement) => fireEvent.focus(within(group).getAllByRole('button')[1]!)]) {
      const embedded = embeddedTestWallet();
      let loads = 0;
      const { core } = await testCore({ embedded: { ...embedded.handle, load: () => (loads++, embedded.handle.load()) } });
      renderView(Connect, { core });
      const group = await screen.findByRole('group', { name: 'Social login' });
      expect(loads).toBe(0);
      turnTo(group);
      expect(loads).toBe(1);
      // Loaded once: moving on within the group asks nothing more.
      await act(() => embedded.handle.load().then(() => undefined));
      turnTo(group);
      expect(loads).toBe(1);
      cleanupViews();
    }
  });

  it('a click before the wallet loaded opens the popup in the click, then starts once it has', async () => {
    let finishLoad!: () => void;
    const embedded = embeddedTestWallet();
    const loaded = new Promise<void>((resolve) => (finishLoad = resolve));
    const { core } = await testCore({ embedded: { ...embedded.handle, load: () => loaded.then(() => embedded.wallet) } });
    renderView(Connect, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    // Opened within the click (blank), where the browser lets a page open a window; nothing asked of the frame yet.
    expect(embedded.popups).toHaveLength(1);
    expect(embedded.requests).toEqual([]);
    finishLoad();
    await waitFor(() => expect(embedded.wallet.social.getSnapshot()).toMatchObject({ step: 'waiting', provider: 'discord' }));
    // The same window goes to the provider.
    expect(embedded.popups).toHaveLength(1);
    await waitFor(() => expect(embedded.popup().visited).toEqual([expect.stringContaining('/discord/auth?')]));
  });

  it("shows the wallet's failed load, and a blocked popup, as an alert", async () => {
    const { popups } = await connectView({}, () => Promise.reject(new Error('Network Error - Could not load embedded wallet')));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error - Could not load embedded wallet');
    // The blank window the click opened does not stay behind.
    expect(popups.map((popup) => popup.closedByModal)).toEqual([true]);
    cleanupViews();

    const { blockPopups } = await connectView();
    blockPopups();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SOCIAL_WINDOW_BLOCKED_MESSAGE);
  });

  it('does not repeat an error of a sign-in that ended before the view opened', async () => {
    const embedded = embeddedTestWallet();
    embedded.blockPopups();
    embedded.wallet.social.start('google');
    expect(embedded.wallet.social.getSnapshot().error).toBe(SOCIAL_WINDOW_BLOCKED_MESSAGE);
    const { core } = await testCore({ embedded: embedded.handle });
    renderView(Connect, { core });
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** ConnectingSocial after a click on "Continue with GitHub" (the popup open, the provider's page showing). */
async function connectingView(script: FrameScript = {}) {
  const embedded = embeddedTestWallet(script);
  const { core } = await testCore({ embedded: embedded.handle });
  embedded.wallet.social.start('github');
  renderView(ConnectingSocial, { core });
  await screen.findByRole('heading', { name: 'Continue in the GitHub window' });
  return { ...embedded, core };
}

describe('ConnectingSocial', () => {
  it('asks the person to continue in the popup while it is open', async () => {
    await connectingView();
    expect(screen.getByRole('heading', { name: 'Continue in the GitHub window' })).toBeTruthy();
    expect(screen.getByText(/A window opened for you to sign in with GitHub/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Signing in…" (busy) once the popup closed, until the frame answers', async () => {
    let answer!: () => void;
    const { popup, wallet } = await connectingView({ CONNECT_SOCIAL: () => new Promise<void>((resolve) => (answer = resolve)) });
    popup().closeAsPerson();
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Signing in…');
    expect(status.closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Continue in the GitHub window' })).toBeNull();
    answer();
    await waitFor(() => expect(wallet.social.getSnapshot()).toMatchObject({ step: 'connected', user: { userName: 'ada-lovelace' } }));
  });

  it('shows the error as sent; Try again opens a new popup from the click', async () => {
    let refuse = true;
    const { popup, popups, wallet } = await connectingView({
      CONNECT_SOCIAL: () => {
        if (refuse) throw frameError('Sign-in was cancelled at the provider');
      },
    });
    popup().closeAsPerson();
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in was cancelled at the provider');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(popups).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Continue in the GitHub window' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    popup().closeAsPerson();
    await waitFor(() => expect(wallet.social.getSnapshot().step).toBe('connected'));
  });

  it('says so on a site without the embedded wallet', async () => {
    const { core } = await testCore();
    renderView(ConnectingSocial, { core });
    expect(screen.getByText('Social login is not enabled')).toBeTruthy();
  });
});

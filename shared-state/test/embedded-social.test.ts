/**
 * The social login store (embedded/social-login.ts) over the real frame protocol (both channel ends on fake
 * windows): the popup opened in the click, the provider's URL, the popup watched until it closes, CONNECT_SOCIAL,
 * and every way it fails — blocked, closed before the URL or before signing in, the frame's refusals, cancel, the
 * 10-minute lifetime, the 30 s request timeout, a second start. Also one sign-out for both stores, and which
 * providers show on Telegram; the eager handle's `current()` and the page's popup.
 */
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { testPopup, type TestPopup } from '@portico/test-kit';
import { EMBEDDED_ALERTS, REQUEST_TIMEOUT_MS } from '../src/embedded/constants';
import { EMBEDDED_STORAGE_KEYS } from '../src/embedded/email-login';
import type { RequestHandlers } from '../src/embedded/frame-channel';
import { createEmbeddedLogins } from '../src/embedded/logins';
import {
  createSocialLogin,
  SOCIAL_LOGIN_LIFETIME_MS,
  SOCIAL_WINDOW_BLOCKED_MESSAGE,
  SOCIAL_WINDOW_CLOSED_MESSAGE,
  SOCIAL_WINDOW_WATCH_INTERVAL_MS,
  type SocialLoginState,
} from '../src/embedded/social-login';
import { openSocialWindowInPage } from '../src/embedded/social-window';
import { isTelegramPage, SOCIAL_PROVIDER_NAMES, socialsShown } from '../src/embedded/socials';
import { createEmbeddedHandle, type EmbeddedWallet } from '../src/embedded-wallet';
import { SOCIAL_PROVIDERS, SOCIALS } from '../src/constants';
import { createMemoryStorage } from '../src/storage';
import { track, wiredChannels } from './embedded-fakes';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const githubUser = { address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' as const }], authProvider: 'github' as const, userName: 'ada-lovelace' };
const redirectUri = (provider: string) => `http://127.0.0.1:8790/${provider}/auth?client_id=portico-${provider}&state=state-${provider}`;

/** The secure site's social handlers; `hold` keeps an event's reply until the test releases it. */
function fakeSecureSite() {
  const events: string[] = [];
  const held = new Map<string, (reply: () => unknown) => void>();
  const holding = new Set<string>();
  const answer = <T>(event: string, reply: () => T): T | Promise<T> => {
    if (!holding.has(event)) return reply();
    return new Promise<T>((resolve, reject) =>
      held.set(event, (late) => {
        try {
          resolve(late() as T);
        } catch (error) {
          reject(error);
        }
      }),
    );
  };
  let connectReply: () => unknown = () => githubUser;
  let uriReply: (provider: string) => { uri: string } = (provider) => ({ uri: redirectUri(provider) });
  const handlers: RequestHandlers = {
    GET_SOCIAL_REDIRECT_URI: ({ provider }) => {
      events.push(`GET_SOCIAL_REDIRECT_URI ${provider}`);
      return answer('GET_SOCIAL_REDIRECT_URI', () => uriReply(provider));
    },
    CONNECT_SOCIAL: ({ uri }) => {
      events.push(`CONNECT_SOCIAL ${uri}`);
      return answer('CONNECT_SOCIAL', connectReply) as never;
    },
    SIGN_OUT: () => {
      events.push('SIGN_OUT');
      return {};
    },
  };
  return {
    handlers,
    events,
    hold: (event: string) => holding.add(event),
    release: (event: string) => held.get(event)?.(event === 'CONNECT_SOCIAL' ? connectReply : () => uriReply('github')),
    refuseConnect: (message: string) => {
      connectReply = () => {
        throw new Error(message);
      };
    },
    refuseUri: (message: string) => {
      uriReply = () => {
        throw new Error(message);
      };
    },
  };
}

async function socialOverChannels({ blocked = false } = {}) {
  const site = fakeSecureSite();
  const { channel } = await wiredChannels({ handlers: site.handlers });
  const storage = createMemoryStorage();
  const popups: TestPopup[] = [];
  const social = createSocialLogin({
    channel,
    storage,
    openWindow: () => {
      if (blocked) return null;
      const popup = testPopup();
      popups.push(popup);
      return popup;
    },
  });
  const steps: SocialLoginState['step'][] = [social.getSnapshot().step];
  social.subscribe(() => {
    const { step } = social.getSnapshot();
    if (steps.at(-1) !== step) steps.push(step);
  });
  /** Lets the messages, handlers and one look at the popup run. */
  const settle = () => rs.advanceTimersByTimeAsync(SOCIAL_WINDOW_WATCH_INTERVAL_MS + 10);
  return { site, social, storage, popups, steps, settle, popup: () => popups.at(-1)! };
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('social login (spec sections 2–5, 7)', () => {
  it('opens the popup in the click, sends it to the provider, and on close connects: username, provider and login cache stored', async () => {
    const { site, social, storage, popup, steps, settle } = await socialOverChannels();
    social.start('github');
    // Synchronously: the popup is open before any message goes out.
    expect(popup()).toBeDefined();
    expect(social.getSnapshot()).toEqual({ step: 'waiting', provider: 'github' });
    await settle();
    expect(popup().visited).toEqual([redirectUri('github')]);
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI github']);
    popup().closeAsPerson();
    await settle();
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI github', `CONNECT_SOCIAL ${redirectUri('github')}`]);
    expect(social.getSnapshot()).toEqual({ step: 'connected', provider: 'github', user: githubUser });
    expect(steps).toEqual(['idle', 'waiting', 'connecting', 'connected']);
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.connectedSocial)).toBe('github');
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.socialUsername)).toBe('ada-lovelace');
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBe('true');
    expect(popup().closedByModal).toBe(false);
  });

  it('a blocked popup: the error says to allow pop-ups; nothing is sent', async () => {
    const { site, social, settle } = await socialOverChannels({ blocked: true });
    social.start('google');
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'google', error: SOCIAL_WINDOW_BLOCKED_MESSAGE });
    expect(SOCIAL_WINDOW_BLOCKED_MESSAGE).toBe('The sign-in window was blocked. Allow pop-ups for this site and try again');
    await settle();
    expect(site.events).toEqual([]);
  });

  it('a browser that throws instead of returning null is blocked too', async () => {
    const { channel } = await wiredChannels({ handlers: fakeSecureSite().handlers });
    const social = createSocialLogin({
      channel,
      storage: createMemoryStorage(),
      openWindow: () => {
        throw new Error('SecurityError');
      },
    });
    social.start('github');
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'github', error: SOCIAL_WINDOW_BLOCKED_MESSAGE });
  });

  it('a popup the click opened before the wallet loaded is the one sent to the provider (null: blocked); a busy store closes it', async () => {
    const { site, social, popups, settle } = await socialOverChannels();
    const opened = testPopup();
    social.start('github', opened);
    expect(popups).toEqual([]);
    expect(social.getSnapshot()).toEqual({ step: 'waiting', provider: 'github' });
    await settle();
    expect(opened.visited).toEqual([redirectUri('github')]);
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI github']);

    // A second click's window while this sign-in runs is not left open.
    const second = testPopup();
    social.start('google', second);
    expect(second.closedByModal).toBe(true);
    expect(opened.closed).toBe(false);
    social.cancel();

    social.start('google', null);
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'google', error: SOCIAL_WINDOW_BLOCKED_MESSAGE });
    expect(popups).toEqual([]);
  });

  it('a popup closed before the provider URL came: the error says so; the late URL goes nowhere', async () => {
    const { site, social, popup, settle } = await socialOverChannels();
    site.hold('GET_SOCIAL_REDIRECT_URI');
    social.start('discord');
    await settle();
    popup().closeAsPerson();
    await settle();
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'discord', error: 'The sign-in window was closed before signing in' });
    site.release('GET_SOCIAL_REDIRECT_URI');
    await settle();
    expect(popup().visited).toEqual([]);
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI discord']);
    expect(social.getSnapshot().error).toBe(SOCIAL_WINDOW_CLOSED_MESSAGE);
  });

  it('a popup closed at the provider: the secure site’s answer to CONNECT_SOCIAL is shown, nothing is stored', async () => {
    const { site, social, storage, popup, settle } = await socialOverChannels();
    site.refuseConnect('The sign-in window was closed before signing in');
    social.start('x');
    await settle();
    popup().closeAsPerson();
    await settle();
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'x', error: 'The sign-in window was closed before signing in' });
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.connectedSocial)).toBeNull();
  });

  it.each([
    ['consent denied', 'Sign-in was cancelled at the provider'],
    ['a state mismatch', 'This sign-in has expired or was already used. Please try again'],
  ])('%s: the frame’s words land in `error`', async (_case, message) => {
    const { site, social, popup, settle } = await socialOverChannels();
    site.refuseConnect(message);
    social.start('google');
    await settle();
    popup().closeAsPerson();
    await settle();
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'google', error: message });
  });

  it('the frame refuses the provider URL: the error is shown and the popup closed', async () => {
    const { site, social, popup, settle } = await socialOverChannels();
    site.refuseUri('Social login is not configured for apple');
    social.start('apple');
    await settle();
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'apple', error: 'Social login is not configured for apple' });
    expect(popup().closedByModal).toBe(true);
  });

  it('CONNECT_SOCIAL without a reply fails after 30 s (spec section 9) with the timeout alert’s words', async () => {
    const { site, social, popup, settle } = await socialOverChannels();
    site.hold('CONNECT_SOCIAL');
    social.start('github');
    await settle();
    popup().closeAsPerson();
    await settle();
    expect(social.getSnapshot().step).toBe('connecting');
    await rs.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'github', error: EMBEDDED_ALERTS.requestTimedOut });
  });

  it('cancel closes the popup and drops the sign-in; its close sends nothing', async () => {
    const { site, social, popup, settle } = await socialOverChannels();
    social.start('github');
    await settle();
    social.cancel();
    expect(social.getSnapshot()).toEqual({ step: 'idle' });
    expect(popup().closed).toBe(true);
    expect(popup().closedByModal).toBe(true);
    await settle();
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI github']);
  });

  it('cancel while CONNECT_SOCIAL is out: its late user is dropped, nothing is stored', async () => {
    const { site, social, storage, popup, settle } = await socialOverChannels();
    site.hold('CONNECT_SOCIAL');
    social.start('github');
    await settle();
    popup().closeAsPerson();
    await settle();
    social.cancel();
    site.release('CONNECT_SOCIAL');
    await settle();
    expect(social.getSnapshot()).toEqual({ step: 'idle' });
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
  });

  it('a popup left open for the sign-in’s lifetime (10 minutes) is closed with an error', async () => {
    expect(SOCIAL_LOGIN_LIFETIME_MS).toBe(600_000);
    const { site, social, popup } = await socialOverChannels();
    social.start('facebook');
    await rs.advanceTimersByTimeAsync(SOCIAL_LOGIN_LIFETIME_MS - 1000);
    expect(social.getSnapshot().step).toBe('waiting');
    expect(popup().closed).toBe(false);
    await rs.advanceTimersByTimeAsync(1000);
    expect(social.getSnapshot()).toEqual({ step: 'idle', provider: 'facebook', error: 'This sign-in has expired. Please try again' });
    expect(popup().closedByModal).toBe(true);
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI facebook']);
  });

  it('a second start while one runs is ignored (one popup, one request); after an error, start tries again', async () => {
    const { site, social, popups, popup, settle } = await socialOverChannels();
    site.refuseConnect('Sign-in was cancelled at the provider');
    social.start('github');
    social.start('google');
    await settle();
    expect(popups).toHaveLength(1);
    expect(site.events).toEqual(['GET_SOCIAL_REDIRECT_URI github']);
    popup().closeAsPerson();
    await settle();
    expect(social.getSnapshot().error).toBe('Sign-in was cancelled at the provider');
    social.start('github');
    expect(popups).toHaveLength(2);
    expect(social.getSnapshot()).toEqual({ step: 'waiting', provider: 'github' });
  });

  it('restore: a social user after a reload is connected with its provider; reset closes any popup and goes idle', async () => {
    const { social, popup, settle } = await socialOverChannels();
    social.restore(githubUser);
    expect(social.getSnapshot()).toEqual({ step: 'connected', provider: 'github', user: githubUser });
    social.start('google'); // ignored: logged in
    expect(social.getSnapshot().step).toBe('connected');
    social.reset();
    social.start('google');
    await settle();
    social.reset();
    expect(social.getSnapshot()).toEqual({ step: 'idle' });
    expect(popup().closedByModal).toBe(true);
  });
});

describe('one sign-out for both login stores', () => {
  it('after a social login, sign-out sends SIGN_OUT, clears every login key (the provider too) and returns both stores to their start', async () => {
    const site = fakeSecureSite();
    const { channel } = await wiredChannels({ handlers: site.handlers });
    const storage = createMemoryStorage();
    const popup = testPopup();
    const { login, social, user } = createEmbeddedLogins({ channel, storage, openWindow: () => popup });
    social.start('github');
    await rs.advanceTimersByTimeAsync(300);
    popup.closeAsPerson();
    await rs.advanceTimersByTimeAsync(300);
    expect(user()).toEqual(githubUser);
    expect(login.getSnapshot().step).toBe('email');
    storage.setItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt, '1');
    const signedOut = track(login.signOut());
    await rs.advanceTimersByTimeAsync(20);
    expect(signedOut.done).toBe(true);
    expect(site.events.at(-1)).toBe('SIGN_OUT');
    expect(social.getSnapshot()).toEqual({ step: 'idle' });
    expect(login.getSnapshot()).toEqual({ step: 'email', busy: false, error: undefined });
    expect(user()).toBeUndefined();
    for (const key of ['loginCached', 'socialUsername', 'connectedSocial'] as const) expect(storage.getItem(EMBEDDED_STORAGE_KEYS[key])).toBeNull();
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt)).toBe('1');
  });
});

describe('socialsShown (spec section 2: some social logins are hidden on Telegram on iOS, Mac and Android)', () => {
  const agents = {
    iOS: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    Mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko)',
    Android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    Windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  };
  const all = [...SOCIAL_PROVIDERS];

  it.each(['iOS', 'Mac', 'Android'] as const)('in Telegram on %s: Google is hidden, the rest keep the host’s order', (platform) => {
    expect(socialsShown(all, { userAgent: agents[platform], isTelegram: true })).toEqual(['x', 'discord', 'github', 'apple', 'facebook']);
  });

  it('outside Telegram, or in Telegram on another platform: all of them', () => {
    expect(socialsShown(all, { userAgent: agents.iOS, isTelegram: false })).toEqual(all);
    expect(socialsShown(all, { userAgent: agents.Windows, isTelegram: true })).toEqual(all);
  });

  it('isTelegramPage: a mini app (Telegram.WebApp) or the in-app browser (TelegramWebviewProxy)', () => {
    expect(isTelegramPage({ Telegram: { WebApp: {} } })).toBe(true);
    expect(isTelegramPage({ TelegramWebviewProxy: { postEvent() {} } })).toBe(true);
    expect(isTelegramPage({ Telegram: {} })).toBe(false);
    expect(isTelegramPage({})).toBe(false);
  });

  it('names every social login (Farcaster too) for its button and title', () => {
    expect(SOCIALS.map((social) => SOCIAL_PROVIDER_NAMES[social])).toEqual(['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook']);
  });

  it('Farcaster stays on Telegram (it signs in with a QR code, not an embedded web view)', () => {
    expect(socialsShown([...SOCIALS], { userAgent: agents.iOS, isTelegram: true })).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook']);
  });
});

describe('the eager handle and the page popup (a click before the wallet loaded)', () => {
  it('current() is the wallet only once its load finished; openSocialWindow opens the centred blank popup, keeping its opener (the callback hands the answer to the frame through it)', async () => {
    const wallet = { social: 'the loaded wallet' } as unknown as EmbeddedWallet;
    let finish!: () => void;
    const loading = new Promise<void>((resolve) => (finish = resolve));
    const handle = createEmbeddedHandle(() => loading.then(() => ({ ...wallet, source: {} as never })));
    expect(handle.current()).toBeUndefined();
    handle.preload();
    expect(handle.current()).toBeUndefined();
    finish();
    await handle.load();
    expect(handle.current()).toMatchObject({ social: 'the loaded wallet' });

    const opened: unknown[][] = [];
    const popup = { ...testPopup(), opener: {} as unknown };
    const page = { screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 940, open: (...args: unknown[]) => (opened.push(args), popup) };
    expect(openSocialWindowInPage(page as unknown as Window)).toBe(popup);
    expect(opened).toEqual([['about:blank', 'portico-social', 'popup,width=500,height=640,left=500,top=200']]);
    expect(popup.opener).toEqual({});
    const blocking = { ...page, open: () => null };
    expect(openSocialWindowInPage(blocking as unknown as Window)).toBeNull();
  });
});

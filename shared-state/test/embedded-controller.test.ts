/**
 * The embedded wallet in the modal (controllers/embedded.ts): the login steps move the router, a code (a social
 * popup closing, a Farcaster approval) connects the AUTH connector, leaving ConnectingFarcaster reloads the frame, the secure site's approval screen opens ApproveTransaction and leaving it asks the frame to reject, disallowed
 * methods say 'Action not allowed', alerts, restore after a reload, network switch. Over the real frame
 * protocol (both channel ends on fake windows) with the secure site's handlers scripted.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { anvil, minimalOptions, rpcStub, testPopup, type RpcStub, type TestPopup } from '@portico/test-kit';
import { alertAtom, modalFlagsAtom, routerAtom, themeAtom, toastAtom } from '../src/atoms';
import { SDK_TYPE, SDK_VERSION } from '../src/constants';
import { createEmbeddedWallet } from '../src/controllers/embedded';
import { createModalController } from '../src/controllers/modal';
import { createRouterController, type RouterController } from '../src/controllers/router';
import { createToastController } from '../src/controllers/toast';
import { FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS } from '../src/embedded/constants';
import { FARCASTER_RELOAD_DELAY_MS } from '../src/embedded/farcaster-login';
import { EMBEDDED_STORAGE_KEYS } from '../src/embedded/email-login';
import { createParentChannel, type ParentChannel, type ParentChannelOptions } from '../src/embedded/frame-channel';
import { classifyRpcMethod } from '../src/embedded/rpc-policy';
import type { EmbeddedProvider } from '../src/embedded/provider';
import { UserRejectedRequestError } from '../src/errors';
import { createEventBus } from '../src/events';
import { parseOptions } from '../src/options';
import { createMemoryStorage } from '../src/storage';
import { viewTitle } from '../src/views';
import { APP_ORIGIN, FRAME_ORIGIN, track, windowPair } from './embedded-fakes';

const ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const user = (email = 'ada@example.com') => ({ email, address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' as const }] });
/** The AUTH connector's account for a user with one EOA: the connection's allAccounts list it typed. */
const EOA_ONLY = { address: ADDRESS, chainReference: '31337', addresses: [ADDRESS], accountTypes: ['eoa'] };
/** EOA_ONLY with who logged in (the account's `user`: AppKit's embeddedWalletInfo). */
const connectedAs = (who: { email?: string; username?: string; authProvider?: string }) => ({
  ...EOA_ONLY,
  user: { email: undefined, username: undefined, authProvider: 'email', smartAccountDeployed: false, ...who },
});
const SEND = { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: BOB, value: '0x16345785d8a0000' }] };

let rpc: RpcStub;
beforeAll(async () => {
  rpc = await rpcStub();
});
afterAll(() => rpc.close());
beforeEach(() => {
  rs.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  rs.useRealTimers();
});

type Handlers = ParentChannelOptions['handlers'];

/**
 * The person at the secure site's own approval screen (issue 28): an unsafe RPC_REQUEST shows the screen
 * (APPROVAL_SHOWN), waits for `approve()` or `reject()` (or the modal's CANCEL_APPROVAL), then hides it; only an
 * approved request reaches the scripted handler.
 */
function personAtTheFrame(parent: () => ParentChannel) {
  const waiting: ((approved: boolean) => void)[] = [];
  const decide = (approved: boolean) => {
    waiting.shift()?.(approved);
    if (waiting.length === 0) parent().notify('APPROVAL_HIDDEN', {});
  };
  return {
    screened: (handler: NonNullable<Handlers['RPC_REQUEST']>): NonNullable<Handlers['RPC_REQUEST']> => async (payload) => {
      if (classifyRpcMethod(payload.method) !== 'needs-approval') return handler(payload);
      const approved = new Promise<boolean>((resolve) => waiting.push(resolve));
      parent().notify('APPROVAL_SHOWN', { height: 400 });
      if (!(await approved)) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      return handler(payload);
    },
    cancel: () => {
      while (waiting.length > 0) decide(false);
      return {};
    },
    approve: () => decide(true),
    reject: () => decide(false),
  };
}

/** The controller over a scripted secure site; `ready: false` leaves the frame silent (never posts READY). */
async function embeddedWallet(handlers: Handlers, { ready = true, storage = createMemoryStorage(), hostOptions = {} as Record<string, unknown> } = {}) {
  const store = createStore();
  const events = createEventBus();
  let router: RouterController;
  const modal = createModalController(store, { router: () => router, isConnected: () => false, events, selectNamespace: () => undefined });
  router = createRouterController(store, { close: () => modal.close() });
  const toast = createToastController(store);
  const connects: string[] = [];
  const connection = { connect: async (connectorId: string) => Boolean(connects.push(connectorId)) };
  const { app, frame } = windowPair();
  const options = parseOptions(minimalOptions({ networks: [{ ...anvil, rpcUrls: { default: { http: [rpc.url] } } }], embeddedWallet: { url: `${FRAME_ORIGIN}/` }, ...hostOptions }));
  const mounted: string[] = [];
  const popups: TestPopup[] = [];
  const wallet = createEmbeddedWallet({
    store,
    options: { ...options, embeddedWallet: options.embeddedWallet!, projectId: options.projectId! },
    storage,
    router,
    modal,
    toast,
    events,
    connection: () => connection as never,
    listenTarget: app,
    frameHost: {
      mount: (src) => (mounted.push(src), { frameWindow: () => frame, frameOrigin: FRAME_ORIGIN }),
      unmount: () => undefined,
      reveal: () => () => undefined,
    },
    parentOrigin: APP_ORIGIN,
    openWindow: () => {
      const popup = testPopup();
      popups.push(popup);
      return popup;
    },
  });
  let parent: ParentChannel | undefined;
  const person = personAtTheFrame(() => parent!);
  if (ready) {
    // Like a secure site without a bundler, unless the test scripts smart accounts (an unanswered ask logs a debug line).
    const site: Handlers = { GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [] }), ...handlers, CANCEL_APPROVAL: person.cancel };
    if (handlers.RPC_REQUEST) site.RPC_REQUEST = person.screened(handlers.RPC_REQUEST);
    parent = createParentChannel({ parentWindow: app, parentOrigin: APP_ORIGIN, allowedOrigins: [APP_ORIGIN], listenTarget: frame, handlers: site });
    await rs.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS);
  }
  const settle = () => rs.advanceTimersByTimeAsync(10);
  /** Awaits `promise` while fake time runs (the fake windows deliver messages on timers). */
  const settled = async <T>(promise: Promise<T>): Promise<T> => {
    const outcome = track(promise);
    await rs.advanceTimersByTimeAsync(50);
    if (!outcome.done) throw new Error('still pending');
    if (outcome.error) throw outcome.error;
    return outcome.value as T;
  };
  const tracked: unknown[] = [];
  events.subscribe((event) => tracked.push(event.data));
  /** A notification posted by the frame itself (as a screen shown for a request a page script posted to it). */
  const frameNotify: ParentChannel['notify'] = (name, payload) => parent!.notify(name, payload);
  return { wallet, store, router, modal, connects, mounted, storage, popups, tracked, person, frameNotify, settle, settled, view: () => store.get(routerAtom).view };
}

describe('embedded wallet: email login moves the router', () => {
  it('mounts the secure site with the spec query; a code login shows EmailVerifyOtp, then connects ID_AUTH and shows Account', async () => {
    const { wallet, router, connects, mounted, settle, view } = await embeddedWallet({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => user(),
    });
    expect(new URL(mounted[0]!).searchParams.get('projectId')).toBe('test-project');
    expect(new URL(mounted[0]!).searchParams.get('chainId')).toBe('31337');
    // Spec §9: the secure SDK version, default 4.
    expect(new URL(mounted[0]!).searchParams.get('version')).toBe('4');
    expect(new URL(mounted[0]!).searchParams.get('origin')).toBe(APP_ORIGIN);
    router.reset('Connect');
    track(wallet.login.submitEmail('ada@example.com'));
    await settle();
    expect(view()).toBe('EmailVerifyOtp');
    track(wallet.login.submitCode('123456'));
    await settle();
    expect(connects).toEqual(['ID_AUTH']);
    expect(view()).toBe('Account');
  });

  it('a new device: EmailVerifyDevice until the link is approved, then EmailVerifyOtp in its place', async () => {
    let approveDevice!: () => void;
    const { wallet, router, settle, view, store } = await embeddedWallet({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      CONNECT_DEVICE: () => new Promise((resolve) => (approveDevice = () => resolve({}))),
    });
    router.reset('Connect');
    track(wallet.login.submitEmail('ada@example.com'));
    await settle();
    expect(view()).toBe('EmailVerifyDevice');
    approveDevice();
    await settle();
    expect(view()).toBe('EmailVerifyOtp');
    expect(store.get(routerAtom).history).toEqual(['Connect', 'EmailVerifyOtp']);
  });

  it('a refused email stays on Connect with the message', async () => {
    const { wallet, router, settle, view } = await embeddedWallet({
      CONNECT_EMAIL: () => {
        throw new Error('Please try again after 12 seconds');
      },
    });
    router.reset('Connect');
    track(wallet.login.submitEmail('ada@example.com'));
    await settle();
    expect(view()).toBe('Connect');
    expect(wallet.login.getSnapshot().error).toBe('Please try again after 12 seconds');
  });
});

describe("embedded wallet: the secure site's approval screen in the modal (spec sections 2, 6; issue 28)", () => {
  async function loggedIn(handlers: Handlers = {}) {
    const forwarded: unknown[] = [];
    const setup = await embeddedWallet({
      IS_CONNECTED: () => ({ isConnected: true }),
      GET_USER: () => user(),
      RPC_REQUEST: (payload) => (forwarded.push(payload), { result: '0x' + 'ab'.repeat(32) }),
      ...handlers,
    }, { storage: cachedLogin() });
    await setup.settled(setup.wallet.source.restore());
    return { ...setup, forwarded };
  }

  it("closed modal: the frame's screen opens ApproveTransaction at its height; approved there, the answer comes back and the modal closes", async () => {
    const { wallet, store, forwarded, person, settle, view } = await loggedIn();
    const sent = track(wallet.provider.request(SEND));
    await settle();
    expect(store.get(modalFlagsAtom).open).toBe(true);
    expect(view()).toBe('ApproveTransaction');
    expect(wallet.approval.getSnapshot()).toEqual({ height: 400, screen: 'approval' });
    expect(forwarded).toEqual([]);
    person.approve();
    await settle();
    expect(sent.value).toBe('0x' + 'ab'.repeat(32));
    expect(forwarded).toEqual([{ ...SEND, chainId: 31337 }]);
    expect(store.get(modalFlagsAtom).open).toBe(false);
  });

  it("open modal: pushed over Account; rejected at the frame's screen: 4001, nothing is sent, Account is back", async () => {
    const { wallet, modal, forwarded, person, settle, view } = await loggedIn();
    modal.open({ view: 'Account' });
    const sent = track(wallet.provider.request(SEND));
    await settle();
    expect(view()).toBe('ApproveTransaction');
    person.reject();
    await settle();
    expect(sent.error).toBeInstanceOf(UserRejectedRequestError);
    expect(forwarded).toEqual([]);
    expect(view()).toBe('Account');
  });

  it("a pending transaction on the router's stack (spec section 2): the frame's end goes back at once; the request's answer ends the transaction", async () => {
    const { wallet, modal, router, store, person, settle, view } = await loggedIn();
    const onCancel = rs.fn();
    modal.open({ view: 'SIWXSignMessage' });
    router.pushTransaction({ replace: true, onCancel });
    const declined = track(wallet.provider.request(SEND));
    await settle();
    expect(view()).toBe('ApproveTransaction');
    person.reject();
    await settle();
    expect(declined.error).toBeInstanceOf(UserRejectedRequestError);
    expect(view()).toBe('SIWXSignMessage');
    router.popTransaction('cancel'); // what the request's owner does with its 4001
    expect(router.current().history).toEqual(['SIWXSignMessage']);
    expect(onCancel).toHaveBeenCalledTimes(1);

    router.pushTransaction({ replace: true });
    const approved = track(wallet.provider.request(SEND));
    await settle();
    person.approve();
    await settle();
    expect(approved.value).toBe('0x' + 'ab'.repeat(32));
    expect(store.get(modalFlagsAtom).open && view()).toBe('SIWXSignMessage');
    router.popTransaction('success'); // replace flow, no ConnectingSiwe in the history: the modal closes
    expect(store.get(modalFlagsAtom).open).toBe(false);
  });

  it('closing is blocked while it waits; a forced close or going back asks the frame to reject (CANCEL_APPROVAL)', async () => {
    const { wallet, modal, router, store, forwarded, settle } = await loggedIn();
    const first = track(wallet.provider.request(SEND));
    await settle();
    expect(modal.close()).toBe(false);
    expect(store.get(modalFlagsAtom).open).toBe(true);
    modal.close(true);
    await settle();
    expect(first.error).toBeInstanceOf(UserRejectedRequestError);

    modal.open({ view: 'Account' });
    const second = track(wallet.provider.request(SEND));
    await settle();
    router.goBack();
    await settle();
    expect(second.error).toBeInstanceOf(UserRejectedRequestError);
    expect(forwarded).toEqual([]);
  });

  it("a disallowed method: 'Requested RPC call is not allowed', and 300 ms later the modal says 'Action not allowed'", async () => {
    const { wallet, store } = await loggedIn();
    const refused = track(wallet.provider.request({ method: 'eth_sign', params: [ADDRESS, '0x00'] }));
    await rs.advanceTimersByTimeAsync(299);
    expect((refused.error as Error).message).toMatch('Requested RPC call is not allowed');
    expect(store.get(toastAtom).open).toBe(false);
    await rs.advanceTimersByTimeAsync(1);
    expect(store.get(modalFlagsAtom).open).toBe(true);
    expect(store.get(toastAtom)).toMatchObject({ open: true, variant: 'error', message: 'Action not allowed' });
  });

  it("sends the modal's theme mode to the frame (SYNC_THEME) at load and when it changes, for the approval screen", async () => {
    const themes: unknown[] = [];
    const { store, settle } = await embeddedWallet({ SYNC_THEME: (payload) => (themes.push(payload), {}) });
    await settle();
    // Sent before the frame is ready, and again on READY (the channel's rule for SYNC_THEME).
    expect(new Set(themes.map((theme) => JSON.stringify(theme)))).toEqual(new Set([JSON.stringify({ themeMode: 'dark' })]));
    store.set(themeAtom, { ...store.get(themeAtom), themeMode: 'light' });
    await settle();
    expect(themes.at(-1)).toEqual({ themeMode: 'light' });
  });

  it("sends the host's dapp data (SYNC_DAPP_DATA) and its theme with the safe variables (SYNC_THEME) for the frame's screens, the theme again on every change", async () => {
    const received: { name: string; payload: unknown }[] = [];
    const { store, settle } = await embeddedWallet({
      SYNC_THEME: (payload) => (received.push({ name: 'SYNC_THEME', payload }), {}),
      SYNC_DAPP_DATA: (payload) => (received.push({ name: 'SYNC_DAPP_DATA', payload }), {}),
    });
    await settle();
    expect(received).toContainEqual({
      name: 'SYNC_DAPP_DATA',
      payload: { projectId: expect.any(String), sdkVersion: SDK_VERSION, sdkType: SDK_TYPE, metadata: { name: 'Test dapp', description: 'A test', url: 'https://dapp.example', icons: [] } },
    });
    store.set(themeAtom, { themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff', '--portico-qr-color': 'red;background:url(x)' } });
    await settle();
    // The unsafe value stays with the modal.
    expect(received.at(-1)).toEqual({ name: 'SYNC_THEME', payload: { themeMode: 'dark', themeVariables: { '--portico-accent': '#3396ff' } } });
    store.set(themeAtom, { themeMode: 'light', themeVariables: {} });
    await settle();
    expect(received.at(-1)).toEqual({ name: 'SYNC_THEME', payload: { themeMode: 'light' } });
  });

  it("the key export (SHOW_EXPORT): the frame's own screen opens ExportPrivateKey over Account; its end there brings Account back; a refusal comes back in its words", async () => {
    let notify: ParentChannel['notify'] | undefined;
    let refusal: string | undefined;
    const { wallet, modal, frameNotify, settle, settled, view } = await loggedIn({
      // The secure site mails the code, draws its screen, then answers.
      SHOW_EXPORT: () => {
        if (refusal) throw new Error(refusal);
        notify!('APPROVAL_SHOWN', { height: 520, screen: 'keyExport' });
        return {};
      },
    });
    notify = frameNotify;
    modal.open({ view: 'Account' });
    await settled(wallet.approval.showKeyExport());
    expect(view()).toBe('ExportPrivateKey');
    expect(wallet.approval.getSnapshot()).toEqual({ height: 520, screen: 'keyExport' });
    // Done or Cancel on the frame's screen.
    frameNotify('APPROVAL_HIDDEN', {});
    await settle();
    expect(view()).toBe('Account');

    refusal = 'Add an email to this account to export its key';
    await expect(settled(wallet.approval.showKeyExport())).rejects.toThrow(refusal);
    expect(view()).toBe('Account');
  });

  it('a screen the modal did not ask for (a script posted to the frame) opens ApproveTransaction all the same', async () => {
    const { wallet, store, frameNotify, settle, view } = await loggedIn();
    // The frame shows its screen for whoever sent the request: the person sees it and decides there.
    frameNotify('APPROVAL_SHOWN', { height: 320 });
    await settle();
    expect(store.get(modalFlagsAtom).open).toBe(true);
    expect(view()).toBe('ApproveTransaction');
    expect(wallet.approval.getSnapshot()).toEqual({ height: 320, screen: 'approval' });
    frameNotify('APPROVAL_HIDDEN', {});
    await settle();
    expect(store.get(modalFlagsAtom).open).toBe(false);
  });
});

const socialUser = { address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' as const }], authProvider: 'github' as const, userName: 'ada-lovelace' };
const SOCIAL_HANDLERS = {
  GET_SOCIAL_REDIRECT_URI: ({ provider }: { provider: string }) => ({ uri: `http://127.0.0.1:8790/${provider}/auth?state=s1` }),
  CONNECT_SOCIAL: () => socialUser,
  // The AUTH connector's connect asks for the user with the preferred account type.
  GET_USER: () => socialUser,
  SIGN_OUT: () => ({}),
};

describe('embedded wallet: social login moves the router (issue 12)', () => {
  /** Lets the popup's watch look (every 250 ms) and the messages run. */
  const watch = () => rs.advanceTimersByTimeAsync(300);

  it('start shows ConnectingSocial titled for the provider; the popup closing connects ID_AUTH and shows Account', async () => {
    const { wallet, router, connects, popups, store, view, settled } = await embeddedWallet(SOCIAL_HANDLERS);
    router.reset('Connect');
    wallet.social.start('github');
    expect(view()).toBe('ConnectingSocial');
    expect(store.get(routerAtom).data).toEqual({ socialProviderName: 'GitHub' });
    await watch();
    expect(popups[0]!.visited).toEqual(['http://127.0.0.1:8790/github/auth?state=s1']);
    popups[0]!.closeAsPerson();
    await watch();
    expect(connects).toEqual(['ID_AUTH']);
    expect(view()).toBe('Account');
    expect(await settled(wallet.source.connect())).toEqual(connectedAs({ authProvider: 'github', username: 'ada-lovelace' }));
  });

  it('an error keeps ConnectingSocial (Try again starts over in place, no second entry)', async () => {
    const { wallet, router, connects, popups, store, view } = await embeddedWallet({
      ...SOCIAL_HANDLERS,
      CONNECT_SOCIAL: () => {
        throw new Error('Sign-in was cancelled at the provider');
      },
    });
    router.reset('Connect');
    wallet.social.start('google');
    await watch();
    popups[0]!.closeAsPerson();
    await watch();
    expect(view()).toBe('ConnectingSocial');
    expect(wallet.social.getSnapshot().error).toBe('Sign-in was cancelled at the provider');
    expect(connects).toEqual([]);
    wallet.social.start('google');
    expect(store.get(routerAtom).history).toEqual(['Connect', 'ConnectingSocial']);
    expect(popups).toHaveLength(2);
  });

  it('leaving ConnectingSocial while the popup is open closes it and drops the sign-in', async () => {
    const { wallet, router, popups, view } = await embeddedWallet(SOCIAL_HANDLERS);
    router.reset('Connect');
    wallet.social.start('discord');
    await watch();
    router.goBack();
    expect(view()).toBe('Connect');
    expect(wallet.social.getSnapshot()).toEqual({ step: 'idle' });
    expect(popups[0]!.closedByModal).toBe(true);
  });

  it('restore: a social user restores the social store (the email store stays at its field); sign-out clears both', async () => {
    const storage = createMemoryStorage();
    storage.setItem(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
    storage.setItem(EMBEDDED_STORAGE_KEYS.socialUsername, 'ada-lovelace');
    storage.setItem(EMBEDDED_STORAGE_KEYS.connectedSocial, 'github');
    const { wallet, settled } = await embeddedWallet({ ...SOCIAL_HANDLERS, IS_CONNECTED: () => ({ isConnected: true }), GET_USER: () => socialUser }, { storage });
    expect(await settled(wallet.source.restore())).toEqual(connectedAs({ authProvider: 'github', username: 'ada-lovelace' }));
    expect(wallet.social.getSnapshot()).toEqual({ step: 'connected', provider: 'github', user: socialUser });
    expect(wallet.login.getSnapshot().step).toBe('email');
    await settled(wallet.source.disconnect());
    expect(wallet.social.getSnapshot()).toEqual({ step: 'idle' });
    for (const key of ['loginCached', 'socialUsername', 'connectedSocial'] as const) expect(storage.getItem(EMBEDDED_STORAGE_KEYS[key])).toBeNull();
  });

  it('restore: no session any more clears the social keys too', async () => {
    const storage = createMemoryStorage();
    storage.setItem(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
    storage.setItem(EMBEDDED_STORAGE_KEYS.connectedSocial, 'github');
    const { wallet, settled } = await embeddedWallet({ IS_CONNECTED: () => ({ isConnected: false }) }, { storage });
    expect(await settled(wallet.source.restore())).toBeUndefined();
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.connectedSocial)).toBeNull();
  });
});

const farcasterUser = { ...socialUser, authProvider: 'farcaster' as const, userName: 'alice' };
const FARCASTER_URL = 'farcaster://connect?channelToken=t1&nonce=n1&siweUri=http%3A%2F%2F127.0.0.1%3A3010&domain=127.0.0.1%3A3010';

describe('embedded wallet: Farcaster login moves the router (issue 12; spec section 2)', () => {
  /** The secure site's Farcaster handlers: CONNECT_FARCASTER answers when the test approves (the app signed). */
  function farcasterSite() {
    const events: string[] = [];
    let approve: (() => void) | undefined;
    let refuse: ((message: string) => void) | undefined;
    const handlers: Handlers = {
      GET_FARCASTER_URI: () => (events.push('GET_FARCASTER_URI'), { url: FARCASTER_URL }),
      CONNECT_FARCASTER: () => {
        events.push('CONNECT_FARCASTER');
        return new Promise((resolve, reject) => {
          approve = () => resolve(farcasterUser);
          refuse = (message) => reject(new Error(message));
        });
      },
      RELOAD: () => (events.push('RELOAD'), {}),
      GET_USER: () => farcasterUser,
      SIGN_OUT: () => ({}),
    };
    return { handlers, events, approve: () => approve!(), refuse: (message: string) => refuse!(message) };
  }

  it("ConnectingFarcaster is titled 'Log in with Farcaster'; the view's start shows the URI; approval connects ID_AUTH and shows Account (no reload)", async () => {
    const site = farcasterSite();
    const { wallet, router, connects, settle, settled, view } = await embeddedWallet(site.handlers);
    router.reset('Connect');
    router.push('ConnectingFarcaster'); // Connect's Farcaster button
    expect(viewTitle(view())).toBe('Log in with Farcaster');
    wallet.farcaster.start(); // the view, on mount
    await settle();
    expect(wallet.farcaster.getSnapshot()).toEqual({ step: 'waiting', url: FARCASTER_URL });
    expect(view()).toBe('ConnectingFarcaster');
    site.approve();
    await settle();
    expect(connects).toEqual(['ID_AUTH']);
    expect(view()).toBe('Account');
    expect(await settled(wallet.source.connect())).toEqual(connectedAs({ authProvider: 'farcaster', username: 'alice' }));
    // Leaving ConnectingFarcaster connected (the move to Account) keeps the login and reloads nothing.
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS + 50);
    expect(wallet.farcaster.getSnapshot().step).toBe('connected');
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
  });

  it('an error keeps ConnectingFarcaster with the message; Try again starts over in place', async () => {
    const site = farcasterSite();
    const { wallet, router, connects, settle, store, view } = await embeddedWallet(site.handlers);
    router.reset('Connect');
    router.push('ConnectingFarcaster');
    wallet.farcaster.start();
    await settle();
    site.refuse('This Farcaster account could not be verified');
    await settle();
    expect(view()).toBe('ConnectingFarcaster');
    expect(wallet.farcaster.getSnapshot()).toEqual({ step: 'idle', error: 'This Farcaster account could not be verified' });
    expect(connects).toEqual([]);
    wallet.farcaster.start();
    await settle();
    expect(wallet.farcaster.getSnapshot().step).toBe('waiting');
    expect(store.get(routerAtom).history).toEqual(['Connect', 'ConnectingFarcaster']);
  });

  it('leaving ConnectingFarcaster while waiting clears the url and reloads the embedded wallet after about 100 ms', async () => {
    const site = farcasterSite();
    const { wallet, router, settle, view } = await embeddedWallet(site.handlers);
    router.reset('Connect');
    router.push('ConnectingFarcaster');
    wallet.farcaster.start();
    await settle();
    router.goBack();
    expect(view()).toBe('Connect');
    expect(wallet.farcaster.getSnapshot()).toEqual({ step: 'idle' });
    await rs.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS - 1);
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER']);
    await rs.advanceTimersByTimeAsync(20);
    expect(site.events).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'RELOAD']);
  });

  it('restore: a Farcaster user restores the Farcaster store (the email store stays at its field); sign-out resets it', async () => {
    const storage = createMemoryStorage();
    storage.setItem(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
    storage.setItem(EMBEDDED_STORAGE_KEYS.socialUsername, 'alice');
    storage.setItem(EMBEDDED_STORAGE_KEYS.connectedSocial, 'farcaster');
    const site = farcasterSite();
    const { wallet, settled } = await embeddedWallet({ ...site.handlers, IS_CONNECTED: () => ({ isConnected: true }), GET_USER: () => farcasterUser }, { storage });
    expect(await settled(wallet.source.restore())).toEqual(connectedAs({ authProvider: 'farcaster', username: 'alice' }));
    expect(wallet.farcaster.getSnapshot()).toEqual({ step: 'connected', user: farcasterUser });
    expect(wallet.social.getSnapshot()).toEqual({ step: 'idle' });
    expect(wallet.login.getSnapshot().step).toBe('email');
    await settled(wallet.source.disconnect());
    expect(wallet.farcaster.getSnapshot()).toEqual({ step: 'idle' });
    for (const key of ['loginCached', 'socialUsername', 'connectedSocial'] as const) expect(storage.getItem(EMBEDDED_STORAGE_KEYS[key])).toBeNull();
  });
});

describe('embedded wallet: session and network', () => {
  it('restore: a cached login with a live session is connected, the login store too', async () => {
    const { wallet, settled } = await embeddedWallet({ IS_CONNECTED: () => ({ isConnected: true }), GET_USER: () => user() }, { storage: cachedLogin() });
    expect(await settled(wallet.source.restore())).toEqual(connectedAs({ email: 'ada@example.com' }));
    expect(wallet.login.getSnapshot()).toMatchObject({ step: 'connected', email: 'ada@example.com' });
  });

  it('restore: no session any more clears the login cache (spec section 4); no cache asks nothing', async () => {
    const storage = cachedLogin();
    const asked: string[] = [];
    const { wallet, settled } = await embeddedWallet({ IS_CONNECTED: () => (asked.push('IS_CONNECTED'), { isConnected: false }) }, { storage });
    expect(await settled(wallet.source.restore())).toBeUndefined();
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached)).toBeNull();
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.email)).toBeNull();
    expect(await settled(wallet.source.restore())).toBeUndefined();
    expect(asked).toEqual(['IS_CONNECTED']);
  });

  it('switchNetwork asks the secure site and remembers the chain for the next load', async () => {
    const { wallet, storage, settled } = await embeddedWallet({ SWITCH_NETWORK: ({ chainId }) => ({ chainId }) });
    await settled(wallet.source.switchNetwork({ ...parseOptions(minimalOptions()).networks[0]!, id: 1, caipNetworkId: 'eip155:1' }));
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.lastChain)).toBe('1');
  });

  it("a secure site that never loads: after 20 s the alert 'Network Error - Could not load embedded wallet'", async () => {
    const { wallet, store } = await embeddedWallet({}, { ready: false });
    const login = track(wallet.login.submitEmail('ada@example.com'));
    await rs.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(store.get(alertAtom)?.title).toBe('Network Error - Could not load embedded wallet');
    expect(login.done).toBe(true);
    expect(wallet.login.getSnapshot().error).toBe('Unable to load email login dependency');
  });
});

describe('embedded wallet: account types (issue 12; spec sections 3, 5, 8)', () => {
  const SMART = '0x5ca1ab1e00000000000000000000000000004337';
  /** A secure site whose user has both accounts; GET_USER connects the asked type, SET_PREFERRED_ACCOUNT switches. */
  function smartAccountSite(handlers: Handlers = {}) {
    const asked: unknown[] = [];
    const userOf = (type = 'eoa') => ({
      ...user(),
      address: type === 'smartAccount' ? SMART : ADDRESS,
      accounts: [
        { address: ADDRESS, type: 'eoa' as const },
        { address: SMART, type: 'smartAccount' as const },
      ],
      smartAccountDeployed: false,
    });
    const site: Handlers = {
      IS_CONNECTED: () => ({ isConnected: true }),
      GET_USER: (payload) => (asked.push(payload), userOf(payload.preferredAccountType)),
      SET_PREFERRED_ACCOUNT: ({ type }) => ({ type, address: type === 'smartAccount' ? SMART : ADDRESS }),
      // The devchain has a bundler: smart accounts on 31337 only.
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [31337] }),
      ...handlers,
    };
    return { site, asked };
  }

  it("connect and restore ask GET_USER for the host's default type (smart account unless the host says otherwise)", async () => {
    const { site, asked } = smartAccountSite();
    const { wallet, settled } = await embeddedWallet(site, { storage: cachedLogin() });
    // allAccounts: the user's accounts with their types, the connected one first.
    const connectedSmart = {
      address: SMART,
      chainReference: '31337',
      addresses: [SMART, ADDRESS],
      accountTypes: ['smartAccount', 'eoa'],
      user: { email: 'ada@example.com', username: undefined, authProvider: 'email', smartAccountDeployed: false },
    };
    expect(await settled(wallet.source.restore())).toEqual(connectedSmart);
    expect(await settled(wallet.source.connect())).toEqual(connectedSmart);
    expect(asked).toEqual([
      { chainId: 31337, preferredAccountType: 'smartAccount' },
      { chainId: 31337, preferredAccountType: 'smartAccount' },
    ]);
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'smartAccount', smartAccountAvailable: true, smartAccountDeployed: false });

    const eoaHost = smartAccountSite();
    const other = await embeddedWallet(eoaHost.site, { hostOptions: { defaultAccountTypes: { eip155: 'eoa' } } });
    expect(await other.settled(other.wallet.source.connect())).toEqual({
      address: ADDRESS,
      chainReference: '31337',
      addresses: [ADDRESS, SMART],
      accountTypes: ['eoa', 'smartAccount'],
      user: connectedSmart.user,
    });
    expect(eoaHost.asked).toEqual([{ chainId: 31337, preferredAccountType: 'eoa' }]);
  });

  it('switching moves the AUTH connection to the answered address (accountsChanged, eth_accounts) and is remembered', async () => {
    const { site, asked } = smartAccountSite();
    const storage = createMemoryStorage();
    const { wallet, settled, tracked } = await embeddedWallet(site, { storage, hostOptions: { defaultAccountTypes: { eip155: 'eoa' } } });
    await settled(wallet.source.connect());
    const changes: unknown[] = [];
    const stop = wallet.source.watch({ accountsChanged: (...change) => changes.push(change), chainChanged: () => undefined, disconnect: () => undefined });
    await settled(wallet.accountType.switchTo('smartAccount'));
    // Told once (the store, the switch's own notice and the frame's accountsChanged all report it), typed, the smart account first.
    expect(changes).toEqual([[[SMART, ADDRESS], ['smartAccount', 'eoa'], '31337']]);
    expect(tracked).toContainEqual({ type: 'track', event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: { accountType: 'smartAccount', network: 'eip155:31337' } });
    expect(await settled(wallet.provider.request({ method: 'eth_accounts' }))).toEqual([SMART]);
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'smartAccount', notice: 'This application might not support Smart Accounts' });
    stop();
    // The next load asks for the person's choice, not the host's default.
    const reloaded = await embeddedWallet(site, { storage, hostOptions: { defaultAccountTypes: { eip155: 'eoa' } } });
    await reloaded.settled(reloaded.wallet.source.connect());
    expect(asked.at(-1)).toEqual({ chainId: 31337, preferredAccountType: 'smartAccount' });
  });

  it('a network without smart accounts: after the switch the account type is read again (EOA only, eth_accounts follows)', async () => {
    let chain = 31337;
    const { site, asked } = smartAccountSite({
      SWITCH_NETWORK: ({ chainId }) => ((chain = chainId as number), { chainId }),
      GET_USER: (payload) => {
        asked.push(payload);
        return chain === 31337 ? { ...user(), address: SMART, accounts: [{ address: ADDRESS, type: 'eoa' }, { address: SMART, type: 'smartAccount' }] } : { ...user(), chainId: chain };
      },
    });
    const { wallet, settled } = await embeddedWallet(site);
    await settled(wallet.source.connect());
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'smartAccount', smartAccountAvailable: true });
    await settled(wallet.source.switchNetwork({ ...parseOptions(minimalOptions()).networks[0]!, id: 1, caipNetworkId: 'eip155:1' }));
    expect(asked.at(-1)).toEqual({ chainId: 1, preferredAccountType: 'smartAccount' });
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'eoa', smartAccountAvailable: false });
    expect(await settled(wallet.provider.request({ method: 'eth_accounts' }))).toEqual([ADDRESS]);
  });

  it('allAccounts follow a network switch: told once GET_USER answers; on a chain without smart accounts no switch even before', async () => {
    let chain = 31337;
    let answerUser: (() => void) | undefined;
    const enabledAsked: unknown[] = [];
    const { site } = smartAccountSite({
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => (enabledAsked.push(chain), { smartAccountEnabledNetworks: [31337] }),
      SWITCH_NETWORK: ({ chainId }) => ((chain = chainId as number), { chainId }),
      GET_USER: () =>
        chain === 31337
          ? { ...user(), address: SMART, accounts: [{ address: ADDRESS, type: 'eoa' }, { address: SMART, type: 'smartAccount' }] }
          : new Promise((resolve) => (answerUser = () => resolve({ ...user(), chainId: chain }))),
    });
    const { wallet, settle, settled } = await embeddedWallet(site);
    await settled(wallet.source.connect());
    await settle();
    const changes: unknown[] = [];
    wallet.source.watch({ accountsChanged: (...change) => changes.push(change), chainChanged: () => undefined, disconnect: () => undefined });
    expect(wallet.accountType.getSnapshot().smartAccountAvailable).toBe(true);

    const switching = track(wallet.source.switchNetwork({ ...parseOptions(minimalOptions()).networks[0]!, id: 1, caipNetworkId: 'eip155:1' }));
    // The frame moves to the EOA (its accountsChanged) before SWITCH_NETWORK's answer.
    (wallet.provider as EmbeddedProvider).handleNotification({ name: 'ACCOUNTS_CHANGED', payload: { accounts: [ADDRESS] } });
    await settle();
    expect(switching.done).toBe(false); // GET_USER has not answered for chain 1
    expect(wallet.accountType.getSnapshot().smartAccountAvailable).toBe(false);
    // The store's chain change does not bring the smart account back.
    expect(changes).toEqual([[[ADDRESS, SMART], ['eoa', 'smartAccount'], '31337']]);
    answerUser!();
    await settle();
    expect(switching.done).toBe(true);
    expect(changes).toEqual([
      [[ADDRESS, SMART], ['eoa', 'smartAccount'], '31337'],
      [[ADDRESS], ['eoa'], '1'],
    ]);
    expect(enabledAsked).toEqual([31337]); // once per connection, not again after the switch
  });

  it('connect(network) reconnects on its chain (spec section 4): GET_USER asks it; watchers hear the chain, then the accounts there', async () => {
    const asked: unknown[] = [];
    const { site } = smartAccountSite({
      GET_USER: (payload) => {
        asked.push(payload);
        if (payload.chainId === 1) return { ...user(), chainId: 1 };
        return { ...user(), address: SMART, accounts: [{ address: ADDRESS, type: 'eoa' }, { address: SMART, type: 'smartAccount' }] };
      },
    });
    const { wallet, storage, settle, settled } = await embeddedWallet(site);
    await settled(wallet.source.connect());
    await settle();
    const heard: unknown[] = [];
    wallet.source.watch({
      accountsChanged: (...change) => heard.push(['accountsChanged', ...change]),
      chainChanged: (chain) => heard.push(['chainChanged', chain]),
      disconnect: () => undefined,
    });
    const ethereum = { ...parseOptions(minimalOptions()).networks[0]!, id: 1, caipNetworkId: 'eip155:1' as const };
    expect(await settled(wallet.source.connect(ethereum))).toMatchObject({ address: ADDRESS, chainReference: '1', addresses: [ADDRESS], accountTypes: ['eoa'] });
    expect(asked).toEqual([
      { chainId: 31337, preferredAccountType: 'smartAccount' },
      { chainId: 1, preferredAccountType: 'smartAccount' },
    ]);
    // As the frame's switch is told (CHAIN_CHANGED, then ACCOUNTS_CHANGED): the EOA on chain 1 as one change.
    expect(heard).toEqual([
      ['chainChanged', '1'],
      ['accountsChanged', [ADDRESS], ['eoa'], '1'],
    ]);
    expect(storage.getItem(EMBEDDED_STORAGE_KEYS.lastChain)).toBe('1');
    expect(await settled(wallet.provider.request({ method: 'eth_chainId' }))).toBe('0x1');
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'eoa', smartAccountAvailable: false });
    // Reconnecting on the chain it is on tells nothing.
    await settled(wallet.source.connect(ethereum));
    expect(heard).toHaveLength(2);
  });

  it("a refused switch keeps the account and shows the secure site's message", async () => {
    const { site } = smartAccountSite({
      SET_PREFERRED_ACCOUNT: () => {
        throw new Error('Smart accounts are not available on this network');
      },
    });
    const { wallet, settled } = await embeddedWallet(site, { hostOptions: { defaultAccountTypes: { eip155: 'eoa' } } });
    await settled(wallet.source.connect());
    await settled(wallet.accountType.switchTo('smartAccount'));
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'eoa', busy: false, error: 'Smart accounts are not available on this network' });
    expect(await settled(wallet.provider.request({ method: 'eth_accounts' }))).toEqual([ADDRESS]);
  });
});

describe('embedded wallet: the smart account deploys with its first user operation (issue 12)', () => {
  const SMART = '0x5ca1ab1e00000000000000000000000000004337';
  const FROM_SMART = { method: 'eth_sendTransaction', params: [{ from: SMART, to: BOB, value: '0x1' }] };
  const CALLS_FROM_SMART = { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: SMART, chainId: '0x7a69', atomicRequired: false, calls: [{ to: BOB, value: '0x1' }] }] };
  const smartUser = (deployed = false) => ({
    ...user(),
    address: SMART,
    accounts: [
      { address: ADDRESS, type: 'eoa' as const },
      { address: SMART, type: 'smartAccount' as const },
    ],
    smartAccountDeployed: deployed,
  });

  /** Connected with the undeployed smart account; the chain deploys it with the first send the site answers. */
  async function connectedSmartAccount(handlers: Handlers = {}, { enabled = [31337] } = {}) {
    const asked: string[] = [];
    let deployed = false;
    const setup = await embeddedWallet({
      GET_USER: () => smartUser(deployed),
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => (asked.push('GET_SMART_ACCOUNT_ENABLED_NETWORKS'), { smartAccountEnabledNetworks: enabled }),
      RPC_REQUEST: () => ((deployed = true), { result: '0x' + 'ab'.repeat(32) }),
      INIT_SMART_ACCOUNT: () => (asked.push('INIT_SMART_ACCOUNT'), { address: SMART, isDeployed: deployed }),
      ...handlers,
    });
    await setup.settled(setup.wallet.source.connect());
    await setup.settle();
    /** The request, approved in ApproveTransaction; resolves with its outcome once the site answered. */
    const approved = async (request: { method: string; params: unknown[] }) => {
      const sent = track(setup.wallet.provider.request(request));
      await setup.settle();
      setup.person.approve();
      await setup.settle();
      return sent;
    };
    return { ...setup, asked, approved };
  }

  it('an approved eth_sendTransaction from the smart account reads INIT_SMART_ACCOUNT: deployed; asked no more after', async () => {
    const { wallet, asked, approved } = await connectedSmartAccount();
    expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'smartAccount', smartAccountDeployed: false });
    expect((await approved(FROM_SMART)).done).toBe(true);
    expect(wallet.accountType.getSnapshot().smartAccountDeployed).toBe(true);
    await approved(FROM_SMART);
    expect(asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT']);
  });

  it('a rejected send, a send from the EOA, or a chain without smart accounts asks nothing', async () => {
    const rejected = await connectedSmartAccount();
    const sent = track(rejected.wallet.provider.request(FROM_SMART));
    await rejected.settle();
    rejected.person.reject();
    await rejected.settle();
    expect(sent.error).toBeInstanceOf(UserRejectedRequestError);
    expect(rejected.asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS']);

    const fromEoa = await connectedSmartAccount({ SET_PREFERRED_ACCOUNT: ({ type }) => ({ type, address: type === 'eoa' ? ADDRESS : SMART }) });
    await fromEoa.settled(fromEoa.wallet.accountType.switchTo('eoa'));
    await fromEoa.approved(SEND);
    expect(fromEoa.asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS']);

    const elsewhere = await connectedSmartAccount({}, { enabled: [8453] });
    await elsewhere.approved(FROM_SMART);
    expect(elsewhere.asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS']);
    expect(elsewhere.wallet.accountType.getSnapshot().smartAccountDeployed).toBe(false);
  });

  it('wallet_sendCalls answers before its calls are mined: the deployment is read when Account shows next', async () => {
    const { wallet, asked, approved, modal, settle } = await connectedSmartAccount();
    expect((await approved(CALLS_FROM_SMART)).done).toBe(true);
    expect(asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS']);
    modal.open({ view: 'Account' });
    await settle();
    expect(asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT']);
    expect(wallet.accountType.getSnapshot().smartAccountDeployed).toBe(true);
    modal.close();
    modal.open({ view: 'Account' });
    await settle();
    expect(asked).toHaveLength(2);
  });

  it('a failing INIT_SMART_ACCOUNT keeps what Account shows, raises nothing and logs nothing above debug; Account reads again', async () => {
    let failing = true;
    const { wallet, store, asked, approved, modal, settle } = await connectedSmartAccount({
      INIT_SMART_ACCOUNT: () => {
        asked.push('INIT_SMART_ACCOUNT');
        if (failing) throw new Error('The bundler is unreachable');
        return { address: SMART, isDeployed: true };
      },
    });
    const loud = (['error', 'warn', 'log', 'info'] as const).map((level) => rs.spyOn(console, level));
    try {
      await approved(FROM_SMART);
      expect(asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT']);
      expect(wallet.accountType.getSnapshot()).toMatchObject({ active: 'smartAccount', smartAccountDeployed: false, error: undefined });
      expect(store.get(alertAtom)).toBeUndefined();
      expect(store.get(toastAtom).open).toBe(false);
      for (const spy of loud) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of loud) spy.mockRestore();
    }
    failing = false;
    modal.open({ view: 'Account' });
    await settle();
    expect(wallet.accountType.getSnapshot().smartAccountDeployed).toBe(true);
  });

  it('a sign-out forgets the networks: the next connection asks again', async () => {
    const { wallet, asked, settled } = await connectedSmartAccount({ SIGN_OUT: () => ({}) });
    await settled(wallet.source.disconnect());
    expect(wallet.accountType.getSnapshot().smartAccountAvailable).toBe(false);
    await settled(wallet.source.connect());
    await settled(Promise.resolve());
    expect(asked).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS']);
  });
});

describe('embedded wallet: EIP-5792 batches that stopped short (issue 29)', () => {
  const BATCH_ID = `0x${'ba'.repeat(32)}`;
  const THREE_CALLS = { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: BOB }, { to: BOB }, { to: BOB }] }] };
  /** The secure site after the page was reloaded midway: the first call landed, the other two were never sent. */
  const stoppedAfterOne = { version: '2.0.0', id: BATCH_ID, chainId: '0x7a69', atomic: false, status: 600, receipts: [{ status: '0x1', logs: [] }] };

  async function restoredWith(storage: ReturnType<typeof createMemoryStorage>) {
    const asked: unknown[] = [];
    const setup = await embeddedWallet(
      {
        IS_CONNECTED: () => ({ isConnected: true }),
        GET_USER: () => user(),
        SIGN_OUT: () => ({}),
        RPC_REQUEST: (payload) => {
          if (payload.method === 'wallet_sendCalls') return { result: { id: BATCH_ID } };
          asked.push(payload.params);
          return { result: stoppedAfterOne };
        },
      },
      { storage },
    );
    await setup.settled(setup.wallet.source.restore());
    return { ...setup, asked };
  }

  it("a host's approved wallet_sendCalls is followed; after a reload Account's refresh reports it stopped after 1 of 3; sign-out forgets it", async () => {
    const storage = cachedLogin();
    const before = await restoredWith(storage);
    const sent = track(before.wallet.provider.request(THREE_CALLS));
    await before.settle();
    before.person.approve();
    await before.settle();
    expect(sent.value).toEqual({ id: BATCH_ID });

    const reloaded = await restoredWith(storage);
    await reloaded.settled(reloaded.wallet.callBatches.refresh());
    expect(reloaded.asked).toEqual([[BATCH_ID]]);
    expect(reloaded.wallet.callBatches.getSnapshot().reports).toEqual([{ id: BATCH_ID, calls: 3, landed: 1 }]);
    await reloaded.settled(reloaded.wallet.source.disconnect());
    expect(reloaded.wallet.callBatches.getSnapshot().reports).toEqual([]);
    await reloaded.settled(reloaded.wallet.callBatches.refresh());
    expect(reloaded.asked).toHaveLength(1);
  });

  it('a rejected wallet_sendCalls is not followed', async () => {
    const { wallet, person, settle, settled, asked } = await restoredWith(cachedLogin());
    const sent = track(wallet.provider.request(THREE_CALLS));
    await settle();
    person.reject();
    await settle();
    expect(sent.error).toBeInstanceOf(UserRejectedRequestError);
    await settled(wallet.callBatches.refresh());
    expect(asked).toEqual([]);
  });
});

function cachedLogin() {
  const storage = createMemoryStorage();
  storage.setItem(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
  storage.setItem(EMBEDDED_STORAGE_KEYS.email, 'ada@example.com');
  return storage;
}

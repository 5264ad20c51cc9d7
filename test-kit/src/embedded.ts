import { createMemoryStorage, type EmbeddedWallet, type EmbeddedWalletHandle, type KeyValueStorage, type Social } from '@portico/shared-state';
import {
  createAccountTypeStore,
  createApprovalFrame,
  createCallBatchStore,
  createEmbeddedLogins,
  createEmbeddedProvider,
  EmbeddedRequestAbortedError,
  EmbeddedWalletError,
  type AppRequestName,
  type EmbeddedProvider,
  type EmbeddedAccountType,
  type EmbeddedUser,
  type ApprovalFrameStore,
  type FrameChannel,
  type SocialWindow,
} from '@portico/shared-state/embedded';

/** The embedded test account (anvil's account 9: funded on the devchain, used by no other fixture). */
export const EMBEDDED_TEST_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
export const EMBEDDED_TEST_EMAIL = 'ada@example.com';
/** The embedded test user's smart account (a made-up counterfactual address: view tests never reach a chain). */
export const SMART_ACCOUNT_TEST_ADDRESS = '0x5ca1ab1e00000000000000000000000000004337';
/** The username the default script's social login (GitHub) gives. */
export const SOCIAL_TEST_USERNAME = 'ada-lovelace';
/** The Farcaster username the default script's Farcaster login gives. */
export const FARCASTER_TEST_USERNAME = 'alice';
/** The default script's Sign In With Farcaster URI, as the local auth relay builds it (services/farcaster-relay). */
export const FARCASTER_TEST_URL =
  'farcaster://connect?channelToken=test-channel-token&nonce=test-nonce&siweUri=http%3A%2F%2F127.0.0.1%3A3010&domain=127.0.0.1%3A3010';

type Reply = (payload: any) => unknown;
/** A scripted frame: each event's reply; a thrown error or a string reply to `fail` becomes the frame's error reply. */
export type FrameScript = Partial<Record<AppRequestName, Reply>>;

const defaultScript: FrameScript = {
  CANCEL_APPROVAL: () => ({}),
  CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
  CONNECT_DEVICE: () => ({}),
  CONNECT_OTP: () => testUser(),
  GET_USER: () => testUser(),
  IS_CONNECTED: () => ({ isConnected: true }),
  SIGN_OUT: () => ({}),
  UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
  UPDATE_EMAIL_PRIMARY_OTP: () => ({}),
  UPDATE_EMAIL_SECONDARY_OTP: ({ otp }: { otp: string }) => ({ newEmail: otp === '654321' ? 'grace@example.com' : 'new@example.com' }),
  RPC_REQUEST: () => ({ result: '0x' + 'ab'.repeat(32) }),
  // The local OpenID provider's authorization URL, as the secure site would ask the API for it.
  GET_SOCIAL_REDIRECT_URI: ({ provider }: { provider: string }) => ({
    uri: `http://127.0.0.1:8790/${provider}/auth?client_id=portico-${provider}&response_type=code&state=test-state-${provider}`,
  }),
  CONNECT_SOCIAL: () => socialTestUser(),
  GET_FARCASTER_URI: () => ({ url: FARCASTER_TEST_URL }),
  CONNECT_FARCASTER: () => farcasterTestUser(),
  RELOAD: () => ({}),
  SET_PREFERRED_ACCOUNT: ({ type }: { type: EmbeddedAccountType }) => ({ type, address: accountAddress(type) }),
  // A secure site without a bundler makes no smart accounts (SMART_ACCOUNT_SCRIPT has the devchain's).
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [] }),
};

const accountAddress = (type: EmbeddedAccountType) => (type === 'smartAccount' ? SMART_ACCOUNT_TEST_ADDRESS : EMBEDDED_TEST_ADDRESS);

/**
 * The email user on a chain with smart accounts (spec section 3): both accounts, connected with `type`'s
 * address, the smart account not deployed yet.
 */
export const smartAccountTestUser = (type: EmbeddedAccountType = 'eoa') => ({
  ...testUser(),
  address: accountAddress(type),
  accounts: [
    { address: EMBEDDED_TEST_ADDRESS, type: 'eoa' as const },
    { address: SMART_ACCOUNT_TEST_ADDRESS, type: 'smartAccount' as const },
  ],
  smartAccountDeployed: false,
  preferredAccountType: type,
});

/**
 * The secure site on a chain with smart accounts: the code login and GET_USER answer both accounts (GET_USER
 * connects the asked type), SET_PREFERRED_ACCOUNT (in the default script) switches.
 * @example const embedded = embeddedTestWallet(SMART_ACCOUNT_SCRIPT);
 */
export const SMART_ACCOUNT_SCRIPT: FrameScript = {
  CONNECT_OTP: () => smartAccountTestUser(),
  GET_USER: ({ preferredAccountType }: { preferredAccountType?: EmbeddedAccountType }) => smartAccountTestUser(preferredAccountType),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [31337] }),
};

const testUser = (email = EMBEDDED_TEST_EMAIL) => ({
  email,
  address: EMBEDDED_TEST_ADDRESS,
  chainId: 31337,
  accounts: [{ address: EMBEDDED_TEST_ADDRESS, type: 'eoa' as const }],
  authProvider: 'email' as const,
});

/** A social (or Farcaster) login's user (spec section 3): no email, the provider's username. */
export const socialTestUser = (authProvider: Social = 'github', userName = SOCIAL_TEST_USERNAME) => ({
  address: EMBEDDED_TEST_ADDRESS,
  chainId: 31337,
  accounts: [{ address: EMBEDDED_TEST_ADDRESS, type: 'eoa' as const }],
  authProvider,
  userName,
});

/** A Farcaster login's user: the fid's username, no email. */
export const farcasterTestUser = () => socialTestUser('farcaster', FARCASTER_TEST_USERNAME);

/** The social login's popup as a test sees it: what the modal did to it, and the person's side. */
export interface TestPopup extends SocialWindow {
  /** Every URL the modal sent the popup to, oldest first. */
  readonly visited: readonly string[];
  /** True once the modal closed it (cancel, an error, the lifetime). */
  readonly closedByModal: boolean;
  /** The person closed it, or the secure site's callback page closed itself after the provider's answer. */
  closeAsPerson(): void;
}

/**
 * A fake popup for `createSocialLogin`'s `openWindow`.
 * @example const popup = testPopup(); social.start('github'); … popup.closeAsPerson(); // the store sends CONNECT_SOCIAL
 */
export function testPopup(): TestPopup {
  const visited: string[] = [];
  let closed = false;
  let closedByModal = false;
  return {
    get closed() {
      return closed;
    },
    get closedByModal() {
      return closedByModal;
    },
    visited,
    location: {
      get href() {
        return visited.at(-1) ?? 'about:blank';
      },
      set href(url: string) {
        visited.push(url);
      },
    },
    close() {
      closedByModal ||= !closed;
      closed = true;
    },
    closeAsPerson() {
      closed = true;
    },
  };
}

/** Thrown by a script entry: the frame answers with this message (as the secure site would, e.g. 'Invalid code'). */
export const frameError = (message: string) => new EmbeddedWalletError(message);

/** An event whose requests wait for the test (`EmbeddedTestWallet.hold`). */
export interface HeldEvent {
  /** How many of its requests wait now. */
  readonly waiting: number;
  /** Answers the waiting requests with the script's reply (and stops holding the event). */
  release(): void;
  /** Answers them with the frame's error `message` (and stops holding the event). */
  fail(message: string): void;
}

export interface EmbeddedTestWallet {
  /** Pass to `testCore({ embedded: handle })` (or set `core.embedded`). */
  handle: EmbeddedWalletHandle;
  /** The wallet; its provider also takes the frame's notifications (`handleNotification`) and says `accountsChanged`. */
  wallet: EmbeddedWallet & { approval: ApprovalFrameStore; provider: EmbeddedProvider };
  /** The slots the approval frame was shown over (ApproveTransaction's placeholder), and whether each is still shown. */
  revealed: { slot: Element; shown: boolean }[];
  /** The frame says it draws an approval screen (APPROVAL_SHOWN) of `height` px, or that it is done (undefined: APPROVAL_HIDDEN). */
  frameShowsApproval(height: number | undefined): void;
  /** Every event the modal sent, oldest first. */
  requests: { name: AppRequestName; payload: unknown }[];
  storage: KeyValueStorage;
  /** Every social popup the modal opened, oldest first (none while `blockPopups(true)`). */
  popups: TestPopup[];
  /** The newest social popup. @throws when none was opened */
  popup(): TestPopup;
  /** From now on the browser blocks (or allows again) the social popup: `openWindow` returns null. */
  blockPopups(blocked?: boolean): void;
  /**
   * From now on the frame answers `name` only when the test says so, e.g. CONNECT_FARCASTER while the person has
   * not approved yet (a request the modal aborts meanwhile fails as with the real channel).
   * @example const approval = embedded.hold('CONNECT_FARCASTER'); … act(() => approval.release());
   */
  hold(name: AppRequestName): HeldEvent;
}

/** How often the test wallet's social login looks at its popup (the page's 250 ms would slow view tests). */
const TEST_WATCH_INTERVAL_MS = 10;

/**
 * The embedded wallet over a scripted frame: the real login stores, approval queue and provider, with
 * the secure site's replies from `script` (defaults: code login of ada@example.com, update via two codes,
 * social login as GitHub's ada-lovelace, Farcaster's QR URI and alice approving it) and fake social popups (`popup()`).
 *
 * @example
 * const embedded = embeddedTestWallet({ CONNECT_OTP: ({ otp }) => { if (otp !== '123456') throw frameError('Invalid code'); return undefined; } });
 * const { core } = await testCore({ embedded: embedded.handle });
 * @example
 * const embedded = embeddedTestWallet({ CONNECT_SOCIAL: () => { throw frameError('Sign-in was cancelled at the provider'); } });
 * embedded.wallet.social.start('google'); embedded.popup().closeAsPerson(); // social.getSnapshot().error after the reply
 */
export function embeddedTestWallet(script: FrameScript = {}, storage: KeyValueStorage = createMemoryStorage()): EmbeddedTestWallet {
  const requests: EmbeddedTestWallet['requests'] = [];
  const replies = { ...defaultScript, ...script };
  const held = new Map<AppRequestName, { answer: (outcome: { error?: Error }) => void }[]>();
  /** Resolves when the test releases a held event (at once for others); rejects when it fails it or the modal aborts. */
  const heldUntilAnswered = (name: AppRequestName, signal: AbortSignal | undefined) => {
    const waiting = held.get(name);
    if (!waiting) return undefined;
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new EmbeddedRequestAbortedError(false, 'aborted by the caller'));
      const entry = {
        answer({ error }: { error?: Error }) {
          signal?.removeEventListener('abort', onAbort);
          waiting.splice(waiting.indexOf(entry), 1);
          if (error) reject(error);
          else resolve();
        },
      };
      const onAbort = () => entry.answer({ error: new EmbeddedRequestAbortedError(false, 'aborted by the caller') });
      signal?.addEventListener('abort', onAbort);
      waiting.push(entry);
    });
  };
  const channel: Pick<FrameChannel, 'request'> = {
    async request(name, payload, options) {
      requests.push({ name, payload });
      const reply = replies[name];
      if (!reply) throw new EmbeddedWalletError(`${name} is not scripted`);
      await heldUntilAnswered(name, options?.signal);
      const result = await reply(payload);
      return (result === undefined ? defaultScript[name]?.(payload) : result) as never;
    },
  };
  const popups: TestPopup[] = [];
  let popupsBlocked = false;
  const openWindow = () => {
    if (popupsBlocked) return null;
    const popup = testPopup();
    popups.push(popup);
    return popup;
  };
  const { login, social, farcaster, user } = createEmbeddedLogins({
    channel,
    storage,
    watchIntervalMs: TEST_WATCH_INTERVAL_MS,
    openWindow,
  });
  const revealed: EmbeddedTestWallet['revealed'] = [];
  const approval = createApprovalFrame({
    channel,
    frameHost: {
      reveal(slot) {
        const entry = { slot, shown: true };
        revealed.push(entry);
        return () => void (entry.shown = false);
      },
    },
  });
  const accountType = createAccountTypeStore({
    channel,
    storage,
    defaultType: 'smartAccount',
    onSwitched: (address) => provider.handleNotification({ name: 'ACCOUNTS_CHANGED', payload: { accounts: [address] } }),
  });
  // The controller feeds it GET_USER's user on connect; here each new login's user stands in (no AUTH connector).
  let lastUser: EmbeddedUser | undefined;
  for (const store of [login, social, farcaster]) {
    store.subscribe(() => {
      const loggedIn = user();
      if (loggedIn === lastUser) return;
      lastUser = loggedIn;
      if (loggedIn) accountType.update(loggedIn);
      else accountType.reset();
    });
  }
  const provider = createEmbeddedProvider({
    channel,
    account: () => accountType.address() ?? user()?.address,
    chainId: () => 31337,
    onNotAllowed: () => undefined,
    // As the controller: a wallet_sendCalls answered is followed.
    onApproved: (method, params, result) => {
      if (method === 'wallet_sendCalls') callBatches.follow(params, result);
    },
  });
  const callBatches = createCallBatchStore({ request: (args) => provider.request(args), storage });
  const wallet = { login, social, farcaster, approval, accountType, callBatches, provider };
  // As the core's handle: `current()` is the wallet once a `load()` (or `preload()`) has finished.
  let loaded = false;
  const handle: EmbeddedWalletHandle = {
    load: () => Promise.resolve(wallet).then((ready) => ((loaded = true), ready)),
    preload: () => void handle.load(),
    current: () => (loaded ? wallet : undefined),
    openSocialWindow: openWindow,
  };
  return {
    handle,
    wallet,
    requests,
    storage,
    popups,
    revealed,
    frameShowsApproval(height) {
      approval.handleNotification(height === undefined ? { name: 'APPROVAL_HIDDEN', payload: {} } : { name: 'APPROVAL_SHOWN', payload: { height } });
    },
    popup() {
      const popup = popups.at(-1);
      if (!popup) throw new Error('embeddedTestWallet: no social popup was opened');
      return popup;
    },
    blockPopups(blocked = true) {
      popupsBlocked = blocked;
    },
    hold(name) {
      const waiting = held.get(name) ?? [];
      held.set(name, waiting);
      const answerAll = (outcome: { error?: Error }) => {
        held.delete(name);
        for (const entry of [...waiting]) entry.answer(outcome);
      };
      return {
        get waiting() {
          return waiting.length;
        },
        release: () => answerAll({}),
        fail: (message) => answerAll({ error: new EmbeddedWalletError(message) }),
      };
    },
  };
}

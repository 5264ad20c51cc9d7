import { createMemoryStorage, toCaipNetwork, type EmbeddedWallet, type EmbeddedWalletHandle, type KeyValueStorage, type SocialProvider } from '@portico/shared-state';
import {
  createApprovalQueue,
  createEmbeddedLogins,
  createEmbeddedProvider,
  EmbeddedWalletError,
  type AppRequestName,
  type ApprovalQueue,
  type FrameChannel,
  type SocialWindow,
} from '@portico/shared-state/embedded';
import { minimalOptions } from './fixtures';

/** The embedded test account (anvil's account 9: funded on the devchain, used by no other fixture). */
export const EMBEDDED_TEST_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
export const EMBEDDED_TEST_EMAIL = 'ada@example.com';
/** The username the default script's social login (GitHub) gives. */
export const SOCIAL_TEST_USERNAME = 'ada-lovelace';

type Reply = (payload: any) => unknown;
/** A scripted frame: each event's reply; a thrown error or a string reply to `fail` becomes the frame's error reply. */
export type FrameScript = Partial<Record<AppRequestName, Reply>>;

const defaultScript: FrameScript = {
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
};

const testUser = (email = EMBEDDED_TEST_EMAIL) => ({
  email,
  address: EMBEDDED_TEST_ADDRESS,
  chainId: 31337,
  accounts: [{ address: EMBEDDED_TEST_ADDRESS, type: 'eoa' as const }],
  authProvider: 'email' as const,
});

/** A social login's user (spec section 3): no email, the provider's username. */
export const socialTestUser = (authProvider: SocialProvider = 'github', userName = SOCIAL_TEST_USERNAME) => ({
  address: EMBEDDED_TEST_ADDRESS,
  chainId: 31337,
  accounts: [{ address: EMBEDDED_TEST_ADDRESS, type: 'eoa' as const }],
  authProvider,
  userName,
});

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

export interface EmbeddedTestWallet {
  /** Pass to `testCore({ embedded: handle })` (or set `core.embedded`). */
  handle: EmbeddedWalletHandle;
  wallet: EmbeddedWallet & { approval: ApprovalQueue };
  /** Every event the modal sent, oldest first. */
  requests: { name: AppRequestName; payload: unknown }[];
  storage: KeyValueStorage;
  /** Every social popup the modal opened, oldest first (none while `blockPopups(true)`). */
  popups: TestPopup[];
  /** The newest social popup. @throws when none was opened */
  popup(): TestPopup;
  /** From now on the browser blocks (or allows again) the social popup: `openWindow` returns null. */
  blockPopups(blocked?: boolean): void;
}

/** How often the test wallet's social login looks at its popup (the page's 250 ms would slow view tests). */
const TEST_WATCH_INTERVAL_MS = 10;

/**
 * The embedded wallet over a scripted frame: the real login stores, approval queue and provider, with
 * the secure site's replies from `script` (defaults: code login of ada@example.com, update via two codes,
 * social login as GitHub's ada-lovelace) and fake social popups (`popup()`).
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
  const channel: Pick<FrameChannel, 'request'> = {
    async request(name, payload) {
      requests.push({ name, payload });
      const reply = replies[name];
      if (!reply) throw new EmbeddedWalletError(`${name} is not scripted`);
      const result = await reply(payload);
      return (result === undefined ? defaultScript[name]?.(payload) : result) as never;
    },
  };
  const popups: TestPopup[] = [];
  let popupsBlocked = false;
  const { login, social, user } = createEmbeddedLogins({
    channel,
    storage,
    watchIntervalMs: TEST_WATCH_INTERVAL_MS,
    openWindow: () => {
      if (popupsBlocked) return null;
      const popup = testPopup();
      popups.push(popup);
      return popup;
    },
  });
  const approval = createApprovalQueue();
  const provider = createEmbeddedProvider({
    channel,
    account: () => user()?.address,
    chainId: () => 31337,
    networks: () => minimalOptions().networks.map(toCaipNetwork),
    approve: (description) => approval.ask(description),
    onNotAllowed: () => undefined,
  });
  const wallet = { login, social, approval, provider };
  return {
    handle: { load: async () => wallet, preload: () => undefined },
    wallet,
    requests,
    storage,
    popups,
    popup() {
      const popup = popups.at(-1);
      if (!popup) throw new Error('embeddedTestWallet: no social popup was opened');
      return popup;
    },
    blockPopups(blocked = true) {
      popupsBlocked = blocked;
    },
  };
}

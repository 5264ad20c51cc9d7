import { createMemoryStorage, toCaipNetwork, type EmbeddedWallet, type EmbeddedWalletHandle, type KeyValueStorage } from '@portico/shared-state';
import {
  createApprovalQueue,
  createEmailLogin,
  createEmbeddedProvider,
  EmbeddedWalletError,
  type AppRequestName,
  type ApprovalQueue,
  type FrameChannel,
} from '@portico/shared-state/embedded';
import { minimalOptions } from './fixtures';

/** The embedded test account (anvil's account 9: funded on the devchain, used by no other fixture). */
export const EMBEDDED_TEST_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
export const EMBEDDED_TEST_EMAIL = 'ada@example.com';

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
};

const testUser = (email = EMBEDDED_TEST_EMAIL) => ({
  email,
  address: EMBEDDED_TEST_ADDRESS,
  chainId: 31337,
  accounts: [{ address: EMBEDDED_TEST_ADDRESS, type: 'eoa' as const }],
  authProvider: 'email' as const,
});

/** Thrown by a script entry: the frame answers with this message (as the secure site would, e.g. 'Invalid code'). */
export const frameError = (message: string) => new EmbeddedWalletError(message);

export interface EmbeddedTestWallet {
  /** Pass to `testCore({ embedded: handle })` (or set `core.embedded`). */
  handle: EmbeddedWalletHandle;
  wallet: EmbeddedWallet & { approval: ApprovalQueue };
  /** Every event the modal sent, oldest first. */
  requests: { name: AppRequestName; payload: unknown }[];
  storage: KeyValueStorage;
}

/**
 * The embedded wallet over a scripted frame: the real login store, approval queue and provider, with
 * the secure site's replies from `script` (defaults: code login of ada@example.com, update via two codes).
 *
 * @example
 * const embedded = embeddedTestWallet({ CONNECT_OTP: ({ otp }) => { if (otp !== '123456') throw frameError('Invalid code'); return undefined; } });
 * const { core } = await testCore({ embedded: embedded.handle });
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
  const login = createEmailLogin({ channel, storage });
  const approval = createApprovalQueue();
  const provider = createEmbeddedProvider({
    channel,
    account: () => login.getSnapshot().user?.address,
    chainId: () => 31337,
    networks: () => minimalOptions().networks.map(toCaipNetwork),
    approve: (description) => approval.ask(description),
    onNotAllowed: () => undefined,
  });
  const wallet = { login, approval, provider };
  return { handle: { load: async () => wallet, preload: () => undefined }, wallet, requests, storage };
}

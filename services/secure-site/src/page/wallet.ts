/**
 * The page's embedded wallet: the email, social and Farcaster logins against the API, the session token and the per-browser
 * device id in this origin's storage, and signing through this site's server, which alone holds the key (issue 28,
 * ./remote-account.ts). `handlers()`
 * answers the frame protocol's events (shared-state `createParentChannel`). No DOM: fetch, storage and time
 * are passed in, so it runs in node tests.
 *
 * Reads and eth_sendTransaction go through the API's JSON-RPC proxy (`POST /v1/?chainId=eip155:<id>&projectId`),
 * the same node the modal reads from. The approval is this frame's own (issue 28, ./approvals.ts): a request that
 * signs or spends is checked, prepared and frozen, shown on this page's screen (`showApproval`), and signed only
 * once the person approved that frozen copy there. What the host page posts cannot approve anything.
 *
 * The session is scoped to the project and the parent page's verified origin: another site embedding this page sees
 * no session and signs in on its own.
 *
 * Smart accounts (issue 12): on the chains the operator enables, the key also has its smart account
 * (./smart-account.ts). The active account there is the smart account unless the user prefers the EOA (spec §5's
 * default account types); the preference is kept per user in this origin's storage.
 *
 * EIP-5792's wallet_getCapabilities / wallet_sendCalls / wallet_getCallsStatus are ./send-calls.ts.
 */
import { deviceProof, loadDeviceKey, publicJwk, type DeviceKeyStore } from './device-key';
import { exportCodeReply, exportedKeyReply, KEY_NOT_EXPORTED, NO_EXPORT_SCREEN, type KeyExport } from './export';
import {
  ACCOUNT_TYPES,
  AUTH_PROVIDERS,
  classifyRpcMethod,
  describeRequest,
  emailField,
  type ApprovalContext,
  type EmbeddedAccountType,
  SessionExpiredError,
  type EmbeddedUser,
  type ParsedRequestPayload,
  type RequestHandlers,
} from '@portico/shared-state/embedded';
import {
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  isHex,
  publicActions,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem';
import { z } from 'zod';
import { FEE_PAID_BY_SMART_ACCOUNT, FEE_SET_PER_CALL, screenOf, tokenInfoSchema, type FeeLine, type ReadToken, type SignedFee } from './approval-model';
import { createApprovalQueue, frozenCopy, type Ask, type ShownApproval } from './approvals';
import { createNameLookup } from './recipient-names';
import { remoteAccount } from './remote-account';
import { address, assertOwn, hexData, InvalidParamsError, parseParams, quantity } from './rpc-params';
import { checkReply } from './api-reply';
import { createCallBatches, type ActiveAccount, type BatchLocks } from './send-calls';
import { createSocialSignIn } from './social-sign-in';
import { porticoSmartAccounts, type OpenSmartAccount, type SmartAccount, type SmartAccountCall } from './smart-account';
import { walletAssets } from './wallet-assets';

/** How often CONNECT_DEVICE asks the API whether the device was approved (ms). */
export const DEVICE_POLL_INTERVAL_MS = 2_000;
/** How long CONNECT_DEVICE waits for the approval in all (ms): under the modal's 5 min for this event. */
export const DEVICE_WAIT_MS = 4.5 * 60_000;
export const DEVICE_NOT_APPROVED = 'The device was not approved in time: request a new link';
export const NO_PENDING_EMAIL = 'No email login in progress: enter your email first';
export const NOT_CONNECTED = 'The embedded wallet is not connected';
/** How often CONNECT_FARCASTER asks the API whether the Farcaster app signed (ms): the API allows 120 auth calls a minute per IP. */
export const FARCASTER_POLL_INTERVAL_MS = 1_000;
/** How long a Farcaster sign-in lives from its start (ms): the API's channel lifetime. */
export const FARCASTER_LIFETIME_MS = 10 * 60_000;
/** The API's own words for a channel past its lifetime. */
export const FARCASTER_EXPIRED = 'This Farcaster sign-in has expired. Please try again';
export const FARCASTER_CANCELLED = 'The Farcaster sign-in was cancelled';
export const NO_PENDING_FARCASTER = 'No Farcaster sign-in in progress: start one first';
/** Each API call's time limit (ms): under the modal's 30 s per event. */
export const API_TIMEOUT_MS = 20_000;

/** How often a sent user operation's receipt is asked of the bundler (ms). */
export const USER_OPERATION_POLL_INTERVAL_MS = 1_000;
/** How long eth_sendTransaction from the smart account waits for its user operation to be bundled (ms): under the modal's 5 min. */
export const USER_OPERATION_TIMEOUT_MS = 60_000;
export const userOperationNotIncluded = (hash: string) =>
  `The user operation ${hash} was not included within ${USER_OPERATION_TIMEOUT_MS / 1000} s: it may still be, so check the account's activity before sending again`;
export const smartAccountsNotEnabled = (chainId: number) => `Smart accounts are not enabled on eip155:${chainId}`;
/** Users whose preferred account type this browser keeps (the oldest is dropped). */
export const MAX_STORED_PREFERENCES = 20;

export const STORAGE_KEYS = {
  deviceId: 'portico.deviceId',
  /** Scoped: `siteScopedKey(STORAGE_KEYS.session, projectId, parentOrigin)`. */
  session: 'portico.session',
  /** Scoped as the session. */
  pendingEmail: 'portico.pendingEmail',
  preferredAccountTypes: 'portico.preferredAccountTypes',
  /** Scoped as the session: the EIP-5792 batches sent (./kept-batches.ts), so their status outlives a reload. */
  callBatches: 'portico.callBatches',
} as const;

/** The storage key of an entry kept per project and per embedding page's origin (the session, the pending email). */
export const siteScopedKey = (key: string, projectId: string, parentOrigin: string) => `${key}:${projectId}:${parentOrigin}`;

/** The transaction fields that are signed: the dapp's, the rest filled by the node, then frozen before the screen. */
export type FrozenTransaction = Readonly<
  { chainId: number; nonce: number; gas: bigint; to: Address | null; value: bigint; data: Hex } & (
    | { type: 'legacy'; gasPrice: bigint }
    | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  )
>;

/**
 * ERC-7715's permission requests (spec §9 `smartSessions`): this wallet's smart account has no session-key module to
 * grant a permission to, so both are refused before any screen as EIP-5792's 5700 (unsupported non-optional capability).
 */
export const PERMISSIONS_NOT_SUPPORTED = {
  code: 5700,
  message: (method: string) => `Unsupported non-optional capability: ${method} (ERC-7715 permissions, smart sessions) is not supported by this embedded wallet`,
} as const;
const PERMISSION_METHODS = new Set(['wallet_grantPermissions', 'wallet_revokePermissions']);

/** The requests needing approval that this wallet shows and signs; the other ones (user operations, solana_*) it does not support. */
const SHOWN_METHODS = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls'] as const);
type ShownMethod = typeof SHOWN_METHODS extends Set<infer M> ? M : never;
const isShownMethod = (method: string): method is ShownMethod => (SHOWN_METHODS as Set<string>).has(method);

/** The most a frozen transaction can cost: legacy `gas × gasPrice`, EIP-1559 `gas × maxFeePerGas`. */
export const signedFeeOf = (tx: FrozenTransaction): SignedFee =>
  tx.type === 'legacy' ? { wei: tx.gas * tx.gasPrice, upTo: false } : { wei: tx.gas * tx.maxFeePerGas, upTo: true };

export interface WalletDeps {
  apiUrl: string;
  projectId: string;
  /** The eip155 chain to start on. */
  chainId: number;
  /** This site's origin: its `POST /wallet/account` and `POST /wallet/sign` (the key's address and signatures). */
  siteUrl: string;
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Where this browser's device key pair is kept (IndexedDB in the page): sessions are bound to it (issue 28). */
  deviceKeys: DeviceKeyStore;
  /** The embedding page's origin, verified against the project's list (main.ts): it scopes the session and is shown on the approval screen. */
  parentOrigin: string;
  /** Draws a request waiting for approval on this page's screen; the screen calls its `approve` / `reject`. */
  showApproval: (approval: ShownApproval) => void;
  /** No approval waits any more: the modal may hide the frame (APPROVAL_HIDDEN). */
  onApprovalsIdle?: () => void;
  /** Draws the key export screen (./export-screen.ts) for SHOW_EXPORT; throws when the frame is taken (an approval). */
  showExport?: (keyExport: KeyExport) => void;
  /** A timer for the approvals' time limit; returns its cancel. Default setTimeout. */
  setTimer?: (run: () => void, ms: number) => () => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  onChainChanged?: (chainId: number) => void;
  /** The active account changed (the preferred type was switched, or the chain into or out of the smart-account chains): the dapp's `accountsChanged`. */
  onAccountsChanged?: (accounts: string[]) => void;
  /** The operator's smart accounts: the eip155 chains where the key has one, and the bundler taking its user operations. */
  smartAccounts?: { chains: readonly number[]; bundlerUrl: string };
  /** Opens the key's smart account on a chain; default Portico's account (./smart-account.ts). */
  openSmartAccount?: OpenSmartAccount;
  /** Web Locks, so another page of this origin sees a batch still being sent as pending; default the browser's `navigator.locks`. */
  locks?: BatchLocks;
}

const authProvider = z.enum(AUTH_PROVIDERS);
/** The API's user on /otp, /session, /social/finish and the email update (`email` null for a provider without one). */
const apiUser = z.object({ id: z.string().max(128), email: z.string().max(254).nullable(), username: z.string().max(256).nullable(), authProvider });
// Sessions stored before social login had only token, email and userId: they read as email logins.
const sessionSchema = z.object({
  token: z.string().min(1).max(4096),
  userId: z.string().max(128),
  email: z.string().max(254).nullable(),
  username: z.string().max(256).nullable().default(null),
  authProvider: authProvider.default('email'),
});
type StoredSession = z.output<typeof sessionSchema>;
const actionReply = z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) });
const sessionReply = z.object({ token: z.string().min(1).max(4096), user: apiUser });
/** The relay's channel token (Farcaster's relay: 8 characters, the local one 32), as the API checks it. */
const channelToken = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);
const farcasterStartReply = z
  // The relay's sign-in URI: `farcaster://connect?…` (the local relay) or an https link (Farcaster's own relay).
  .object({ url: z.url({ protocol: /^(farcaster|https)$/ }).max(2048), channelToken })
  // CONNECT_FARCASTER polls this token: it must be the channel the person is shown.
  .refine((reply) => new URL(reply.url).searchParams.get('channelToken') === reply.channelToken, { message: "the sign-in URI must carry the channel's token", path: ['url'] });
const farcasterPendingReply = z.object({ status: z.literal('pending') });
const farcasterSessionReply = sessionReply.extend({ user: apiUser.extend({ authProvider: z.literal('farcaster') }) });
const accountType = z.enum(ACCOUNT_TYPES);
/** The preferred account type per user id, oldest first. */
const storedPreferencesSchema = z.array(z.tuple([z.string().max(128), accountType])).max(MAX_STORED_PREFERENCES);
const updateReply = z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) });
const accountReply = z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) });
const rpcReply = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ code: z.number().optional(), message: z.string().max(1000) }) }),
]);

const transactionSchema = z.object({
  from: address.optional(),
  to: address.optional(),
  value: quantity.optional(),
  data: hexData.optional(),
  input: hexData.optional(),
  gas: quantity.optional(),
  gasPrice: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  nonce: quantity.optional(),
  chainId: quantity.optional(),
});
const typedDataSchema = z.object({
  domain: z.record(z.string(), z.unknown()).optional(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
});

/** `promise`, or the signal's reason as soon as it is aborted (the promise's own outcome is then ignored). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A random per-browser id (24 bytes, base64url: 32 characters), as the API's `deviceId` rule allows. */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createEmbeddedWallet(deps: WalletDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? Date.now;
  let chainId = deps.chainId;
  let account: LocalAccount | undefined;
  const openSmartAccount =
    deps.smartAccounts && (deps.openSmartAccount ?? porticoSmartAccounts({ bundlerUrl: deps.smartAccounts.bundlerUrl, fetch: deps.fetch, timeoutMs: API_TIMEOUT_MS }));
  const smartAccountChains = openSmartAccount ? (deps.smartAccounts?.chains ?? []) : [];
  /** The key's smart account per chain (opened once per key; dropped with the key). */
  const smartAccounts = new Map<number, Promise<SmartAccount>>();
  /** The Farcaster sign-in this page started (in memory, as the social one); `poll` once CONNECT_FARCASTER runs. */
  let pendingFarcaster: { channelToken: string; deadline: number; cancel: AbortController; poll?: Promise<EmbeddedUser> } | undefined;
  /** Counts Farcaster starts and cancellations: a start that returns after a newer one (or a RELOAD) is void. */
  let farcasterGeneration = 0;
  const sessionKey = siteScopedKey(STORAGE_KEYS.session, deps.projectId, deps.parentOrigin);
  const pendingEmailKey = siteScopedKey(STORAGE_KEYS.pendingEmail, deps.projectId, deps.parentOrigin);
  // Stored before issue 28 for every site embedding this page alike: dropped (its user signs in again).
  deps.storage.removeItem(STORAGE_KEYS.session);
  deps.storage.removeItem(STORAGE_KEYS.pendingEmail);
  /** The requests waiting for the person's approval on this page's screen, one at a time. */
  const approvals = createApprovalQueue({ show: deps.showApproval, onIdle: () => deps.onApprovalsIdle?.(), setTimer: deps.setTimer });
  /** The key export on screen (SHOW_EXPORT): aborted, its screen drops the key. */
  let keyExportShown: AbortController | undefined;

  const deviceId = (): string => {
    const kept = deps.storage.getItem(STORAGE_KEYS.deviceId);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const fresh = newDeviceId();
    deps.storage.setItem(STORAGE_KEYS.deviceId, fresh);
    return fresh;
  };
  const storedSession = (): StoredSession | undefined => {
    try {
      const parsed = sessionSchema.safeParse(JSON.parse(deps.storage.getItem(sessionKey) ?? 'null'));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  const dropKey = () => {
    // A request shown for this key must not be signed by it once it is gone (signed out, another user).
    approvals.cancelAll();
    // Nor may its export screen stay up.
    keyExportShown?.abort();
    account = undefined;
    smartAccounts.clear();
    callBatches.forget();
  };
  const forget = () => {
    deps.storage.removeItem(sessionKey);
    dropKey();
  };
  const storedPreferences = (): [string, EmbeddedAccountType][] => {
    try {
      const parsed = storedPreferencesSchema.safeParse(JSON.parse(deps.storage.getItem(STORAGE_KEYS.preferredAccountTypes) ?? '[]'));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  };
  const storePreference = (userId: string, type: EmbeddedAccountType) => {
    const kept = storedPreferences().filter(([id]) => id !== userId);
    kept.push([userId, type]);
    deps.storage.setItem(STORAGE_KEYS.preferredAccountTypes, JSON.stringify(kept.slice(-MAX_STORED_PREFERENCES)));
  };
  const pendingEmail = (): string => {
    const email = deps.storage.getItem(pendingEmailKey);
    if (!email) throw new Error(NO_PENDING_EMAIL);
    return email;
  };

  /** One API call; its `{ error }` becomes the thrown message, 401 'Session Expired' a SessionExpiredError. */
  async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: unknown }> {
    const url = `${deps.apiUrl}${path}${path.includes('?') ? '&' : '?'}projectId=${encodeURIComponent(deps.projectId)}`;
    const res = await deps.fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...(init.token && { Authorization: `Bearer ${init.token}` }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.ok) return { status: res.status, body };
    const message = (body as { error?: unknown } | undefined)?.error;
    if (res.status === 401 && message === 'Session Expired') {
      forget();
      throw new SessionExpiredError();
    }
    throw new Error(typeof message === 'string' && message ? message.slice(0, 500) : `The Portico API answered ${res.status}`);
  }

  let deviceKeyPair: Promise<CryptoKeyPair> | undefined;
  /** This browser's device key pair, loaded (or made) once per page. */
  const deviceKey = () => (deviceKeyPair ??= loadDeviceKey(deps.deviceKeys));
  /** The public device key every sign-in sends: the API binds the session to it. */
  const deviceKeyJwk = async () => publicJwk(await deviceKey());
  const social = createSocialSignIn({ post: async (path, body) => (await api(path, { body: { projectId: deps.projectId, ...body } })).body, deviceId, deviceKeyJwk });

  /**
   * A POST of `body` to this site's wallet route with the session and a proof of this device over exactly that body:
   * the JSON reply. Any 401 (expired, revoked, or not this device's session) forgets the session if it is still the
   * stored one; `failed` words an error without the server's own.
   */
  async function walletCall(session: StoredSession, path: '/wallet/account' | '/wallet/sign' | '/wallet/export', body: string, failed: string): Promise<unknown> {
    const url = new URL(path, deps.siteUrl).toString();
    const proof = await deviceProof(await deviceKey(), { method: 'POST', url, accessToken: session.token, body });
    const res = await deps.fetch(url, {
      method: 'POST',
      headers: { Authorization: `DPoP ${session.token}`, DPoP: proof, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body }),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const reply: unknown = await res.json().catch(() => undefined);
    if (res.status === 401) {
      // An account kept by a request of an older session must not sign the current one out.
      if (storedSession()?.token === session.token) forget();
      throw new SessionExpiredError();
    }
    if (res.ok) return reply;
    const message = (reply as { error?: unknown } | undefined)?.error;
    throw new Error(typeof message === 'string' && message ? message.slice(0, 500) : failed);
  }

  /** The stored session's account: its address from this site's server (made there on the first login), its signatures asked of it. */
  async function openWallet(session: StoredSession): Promise<LocalAccount> {
    const opened = accountReply.safeParse(await walletCall(session, '/wallet/account', '', 'The embedded wallet could not be opened'));
    if (!opened.success) throw new Error('The embedded wallet could not be opened');
    return remoteAccount(opened.data.address as Address, (body) => walletCall(session, '/wallet/sign', body, 'The embedded wallet could not sign'));
  }

  /** Stores the API's session reply (email, social or Farcaster login) and opens its wallet: the embedded user. */
  async function signIn({ token, user }: z.output<typeof sessionReply>): Promise<EmbeddedUser> {
    const session: StoredSession = { token, userId: user.id, email: user.email, username: user.username, authProvider: user.authProvider };
    dropKey();
    deps.storage.setItem(sessionKey, JSON.stringify(session));
    deps.storage.removeItem(pendingEmailKey);
    return embeddedUser();
  }

  /** The account of the stored session (opened once per page load); SessionExpiredError without a session. */
  async function connectedAccount(): Promise<{ account: LocalAccount; session: StoredSession }> {
    const session = storedSession();
    if (!session) throw new SessionExpiredError();
    account ??= await openWallet(session);
    return { account, session };
  }

  const smartAccountsOn = (id: number) => smartAccountChains.includes(id);

  /** @throws 'Unsupported chain eip155:<id>' when the API serves no RPC for the chain */
  async function assertSupportedChain(requested: number) {
    const { body } = await api('/v1/supported-chains');
    const supported = checkReply(z.object({ http: z.array(z.string()) }), body).http;
    if (!supported.includes(`eip155:${requested}`)) throw new Error(`Unsupported chain eip155:${requested}`);
  }

  /** The key's smart account on a chain, opened once (a failed open is tried again next time). */
  function smartAccountOf(owner: LocalAccount, id: number): Promise<SmartAccount> {
    let opened = smartAccounts.get(id);
    if (!opened) {
      opened = openSmartAccount!(owner, { id, rpcUrl: rpcUrl(id) });
      const kept = opened;
      kept.catch(() => {
        if (smartAccounts.get(id) === kept) smartAccounts.delete(id);
      });
      smartAccounts.set(id, kept);
    }
    return opened;
  }

  /** The account the dapp sees on a chain: the EOA, or where smart accounts are enabled the preferred one (default the smart account). */
  async function activeAccount(id: number) {
    const { account: owner, session } = await connectedAccount();
    const type: EmbeddedAccountType = smartAccountsOn(id) ? (storedPreferences().find(([userId]) => userId === session.userId)?.[1] ?? 'smartAccount') : 'eoa';
    const smartAccount = type === 'smartAccount' ? await smartAccountOf(owner, id) : undefined;
    return { session, owner, type, smartAccount, address: smartAccount?.address ?? owner.address };
  }

  /**
   * The active address on the current chain when a key is open, else undefined: a notification's input, so a failed
   * read (the node or the factory unreachable) gives none rather than failing the switch that asked.
   */
  const openedActiveAddress = async (): Promise<string | undefined> =>
    account && storedSession() ? activeAccount(chainId).then((active) => active.address, () => undefined) : undefined;

  /** The smart account GET_USER lists on the current chain (its address and whether it has code), if any. */
  async function listedSmartAccount(owner: LocalAccount, active: SmartAccount | undefined): Promise<{ address: string; deployed: boolean } | undefined> {
    if (!smartAccountsOn(chainId)) return undefined;
    if (active) return { address: active.address, deployed: await active.isDeployed() };
    try {
      const smartAccount = await smartAccountOf(owner, chainId);
      return { address: smartAccount.address, deployed: await smartAccount.isDeployed() };
    } catch {
      // With the EOA active, a smart account that cannot be read (node or factory unreachable) is left out of the
      // list rather than failing the user's sign-in; switching to it says why.
      return undefined;
    }
  }

  async function embeddedUser(): Promise<EmbeddedUser> {
    const { session, owner, type, smartAccount: active, address: activeAddress } = await activeAccount(chainId);
    const smartAccount = await listedSmartAccount(owner, active);
    return {
      // A provider's address that the frame protocol would refuse is left out rather than failing the sign-in.
      ...(session.email !== null && emailField.safeParse(session.email).success && { email: session.email }),
      address: activeAddress,
      chainId,
      accounts: [{ address: owner.address, type: 'eoa' }, ...(smartAccount ? [{ address: smartAccount.address, type: 'smartAccount' as const }] : [])],
      ...(session.username && { userName: session.username }),
      ...(smartAccount && { smartAccountDeployed: smartAccount.deployed }),
      preferredAccountType: type,
      authProvider: session.authProvider,
    };
  }

  /** One user operation with these calls, waited for until bundled: the bundling transaction's hash. */
  async function sendBundled(smartAccount: SmartAccount, calls: SmartAccountCall[]): Promise<Hex> {
    const hash = await smartAccount.sendUserOperation(calls);
    const deadline = now() + USER_OPERATION_TIMEOUT_MS;
    for (;;) {
      const outcome = await smartAccount.userOperationOutcome(hash);
      if (outcome?.success) return outcome.transactionHash;
      // Bundled, but the account's call reverted: the bundle's own receipt would still say success.
      if (outcome) throw new Error(`The user operation's call failed${outcome.reason ? ` (${outcome.reason.slice(0, 500)})` : ''} in transaction ${outcome.transactionHash}`);
      if (now() + USER_OPERATION_POLL_INTERVAL_MS > deadline) throw new Error(userOperationNotIncluded(hash));
      await sleep(USER_OPERATION_POLL_INTERVAL_MS);
    }
  }

  /** Stops the running Farcaster poll (its request fails with FARCASTER_CANCELLED) and forgets the sign-in. */
  function cancelFarcaster() {
    farcasterGeneration += 1;
    pendingFarcaster?.cancel.abort(new Error(FARCASTER_CANCELLED));
    pendingFarcaster = undefined;
  }

  /** Asks the API about once a second until the Farcaster app signed, the API refuses, or the sign-in's lifetime ends. */
  async function pollFarcaster(channel: NonNullable<typeof pendingFarcaster>): Promise<EmbeddedUser> {
    const { signal } = channel.cancel;
    for (;;) {
      const result = api('/v1/auth/farcaster/result', { body: { projectId: deps.projectId, channelToken: channel.channelToken, deviceId: deviceId(), deviceKey: await deviceKeyJwk() } });
      const { status, body } = await untilAborted(result, signal);
      if (status !== 202) return signIn(checkReply(farcasterSessionReply, body));
      checkReply(farcasterPendingReply, body);
      if (now() + FARCASTER_POLL_INTERVAL_MS > channel.deadline) throw new Error(FARCASTER_EXPIRED);
      await untilAborted(sleep(FARCASTER_POLL_INTERVAL_MS), signal);
    }
  }

  /**
   * EIP-5792's batches (./send-calls.ts): sent from the key through the API's RPC proxy (each call's fees and nonce
   * filled as it is signed), or as a user operation; kept under the session's scope.
   */
  const callBatches = createCallBatches({
    signFromKey: async (owner, id, call) => owner.signTransaction((await prepareFromKey(owner, id, call)) as TransactionSerializable),
    broadcast: (signed, id) => forward('eth_sendRawTransaction', [signed], id),
    readReceipt: (hash, id) => forward('eth_getTransactionReceipt', [hash], id),
    readTransaction: (hash, id) => forward('eth_getTransactionByHash', [hash], id),
    async userOperationOutcome(hash, id) {
      if (!smartAccountsOn(id)) throw new Error(smartAccountsNotEnabled(id));
      return (await smartAccountOf((await connectedAccount()).account, id)).userOperationOutcome(hash);
    },
    smartAccountsOn,
    storage: deps.storage,
    storageKey: siteScopedKey(STORAGE_KEYS.callBatches, deps.projectId, deps.parentOrigin),
    locks: deps.locks ?? globalThis.navigator?.locks,
    sleep,
    now,
  });

  const rpcUrl = (id: number) => `${deps.apiUrl}/v1/?chainId=eip155:${id}&projectId=${encodeURIComponent(deps.projectId)}`;

  /** A read through the API's JSON-RPC proxy; the node's error keeps its code. */
  async function forward(method: string, params: unknown, id: number): Promise<unknown> {
    const res = await deps.fetch(rpcUrl(id), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params !== undefined && { params }) }),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const reply = rpcReply.safeParse(await res.json().catch(() => undefined));
    if (!reply.success) throw new Error(`${method}: the RPC node answered ${res.status}`);
    if ('error' in reply.data) throw Object.assign(new Error(reply.data.error.message), { code: reply.data.error.code });
    return reply.data.result;
  }

  /** A wallet client of the key on a chain, reading through the API's RPC proxy. */
  function nodeClient(owner: LocalAccount, id: number) {
    const chain = defineChain({
      id,
      name: `eip155:${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl(id)] } },
    });
    return createWalletClient({ account: owner, chain, transport: http(rpcUrl(id), { fetchFn: deps.fetch, timeout: API_TIMEOUT_MS }) }).extend(publicActions);
  }

  /**
   * The transaction that will be signed, frozen: the dapp's fields kept (gas, gasPrice or the EIP-1559 fees, nonce),
   * the ones it left out filled by viem from the node (nonce, gas, type, fees); the node must be on the chain asked.
   */
  async function prepareFromKey(owner: LocalAccount, id: number, tx: Omit<z.output<typeof transactionSchema>, 'from'>): Promise<FrozenTransaction> {
    const client = nodeClient(owner, id);
    const nodeChain = await client.getChainId();
    if (nodeChain !== id) throw new Error(`The RPC node is on chain eip155:${nodeChain}, not eip155:${id}`);
    const fees = tx.gasPrice !== undefined ? { gasPrice: tx.gasPrice } : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas };
    const prepared = await client.prepareTransactionRequest({
      to: tx.to ?? null,
      value: tx.value ?? 0n,
      data: tx.data ?? tx.input ?? '0x',
      gas: tx.gas,
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
      ...fees,
      parameters: ['nonce', 'gas', 'fees', 'type', 'chainId'],
    } as Parameters<typeof client.prepareTransactionRequest>[0]);
    const signed = { chainId: id, nonce: prepared.nonce, gas: prepared.gas, to: (tx.to as Address | undefined) ?? null, value: tx.value ?? 0n, data: (tx.data ?? tx.input ?? '0x') as Hex };
    if (prepared.type === 'legacy' && prepared.gasPrice !== undefined) return frozenCopy({ ...signed, type: 'legacy', gasPrice: prepared.gasPrice });
    if (prepared.type === 'eip1559' && prepared.maxFeePerGas !== undefined && prepared.maxPriorityFeePerGas !== undefined) {
      return frozenCopy({ ...signed, type: 'eip1559', maxFeePerGas: prepared.maxFeePerGas, maxPriorityFeePerGas: prepared.maxPriorityFeePerGas });
    }
    throw new Error(`eth_sendTransaction: this wallet sends legacy and EIP-1559 transactions, not ${prepared.type}`);
  }

  /** Has exactly the frozen transaction signed (by this site's server) and sends it raw through the API's RPC proxy: its hash. */
  async function sendSigned(owner: LocalAccount, tx: FrozenTransaction): Promise<Hex> {
    const raw = await owner.signTransaction(tx as TransactionSerializable);
    return parseParams('eth_sendRawTransaction', hexData, await forward('eth_sendRawTransaction', [raw], tx.chainId)) as Hex;
  }

  /**
   * What the network itself would charge for this transaction (wei): its gas estimate (the signed limit when the
   * node cannot estimate it) × the node's gas price (legacy) or viem's `estimateFeesPerGas` max fee (EIP-1559).
   * Undefined when the node cannot say.
   */
  async function networkFeeEstimate(owner: LocalAccount, tx: FrozenTransaction): Promise<bigint | undefined> {
    const client = nodeClient(owner, tx.chainId);
    try {
      const gas = await client.estimateGas({ to: tx.to ?? undefined, value: tx.value, data: tx.data }).catch(() => tx.gas);
      const price = tx.type === 'legacy' ? await client.getGasPrice() : (await client.estimateFeesPerGas({ type: 'eip1559' })).maxFeePerGas;
      return gas * price;
    } catch {
      return undefined;
    }
  }

  /** wallet_getAssets' balances: the API's, for the account on a chain (./wallet-assets.ts). */
  const assetReader = {
    balances: async (owner: string, id: number) => (await api(`/v1/account/${owner}/balance?currency=usd&chainId=eip155:${id}`)).body,
  };

  /** The approval screen's names for recipients, from the API's identity route. */
  const recipientNames = createNameLookup({ apiUrl: deps.apiUrl, projectId: deps.projectId, fetch: deps.fetch });

  /** An ERC-20's symbol and decimals read through the API's RPC proxy; undefined when they cannot be read. */
  const tokenReader =
    (owner: LocalAccount, id: number): ReadToken =>
    async (token) => {
      const client = nodeClient(owner, id);
      try {
        const [symbol, decimals] = await Promise.all([
          client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
          client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
        ]);
        const parsed = tokenInfoSchema.safeParse({ symbol, decimals });
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    };

  /** shared-state's check and description of a request (-32602 when it refuses), for the chain the wallet answers on. */
  function described(method: string, params: unknown[], active: ActiveAccount, id: number) {
    const network: ApprovalContext['networks'][number] = {
      id,
      // describeRequest wants a network; the screen names the chain from its own table (./chain-names.ts), never this.
      name: `Chain ${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
      chainNamespace: 'eip155',
      caipNetworkId: `eip155:${id}`,
      testnet: false,
    };
    return describeRequest({ method, params }, { account: active.address, chainId: id, networks: [network] });
  }

  /** Draws the frozen request's screen and waits for the person (throws 4001 unless approved). */
  async function askAbout(ask: Ask, method: string, params: unknown[], active: ActiveAccount, id: number, fee?: FeeLine) {
    const context = { requestedBy: deps.parentOrigin, readToken: tokenReader(active.owner, id), lookupName: recipientNames };
    const screen = await screenOf(described(method, params, active, id), context, fee);
    await ask(frozenCopy(screen));
  }

  /** A transaction's call as shared-state describes it (hex quantities). */
  const callParams = (call: { to?: Address | null; value?: bigint; data?: Hex }) => ({
    ...(call.to && { to: call.to }),
    ...(call.value !== undefined && { value: toHex(call.value) }),
    ...(call.data !== undefined && { data: call.data }),
  });

  /**
   * A request that signs or spends: checked, then in its turn prepared and frozen, shown, and signed or sent only
   * once the person approved that frozen copy. `params` is this request's own copy, read before the screen only.
   */
  async function approvedRequest(method: string, params: unknown, id: number): Promise<unknown> {
    if (PERMISSION_METHODS.has(method)) throw Object.assign(new Error(PERMISSIONS_NOT_SUPPORTED.message(method)), { code: PERMISSIONS_NOT_SUPPORTED.code });
    // User operations and solana_*: nothing this wallet can show, refused before any screen or session.
    if (!isShownMethod(method)) throw Object.assign(new Error(`${method} is not supported by this embedded wallet`), { code: 4200 });
    const active = await activeAccount(id);
    switch (method) {
      case 'personal_sign': {
        const [message, claimed] = parseParams(method, z.tuple([z.string().max(256 * 1024), address]).rest(z.unknown()), params);
        assertOwn(active, method, claimed);
        return approvals.run(async (ask) => {
          await askAbout(ask, method, [message, active.address], active, id);
          const signable = isHex(message) ? { raw: message } : message;
          // The smart account signs ERC-1271 (ERC-6492-wrapped until deployed): viem does both.
          return active.smartAccount ? active.smartAccount.signMessage(signable) : active.owner.signMessage({ message: signable });
        });
      }
      case 'eth_signTypedData_v4': {
        const [claimed, data] = parseParams(method, z.tuple([address, z.union([z.string(), z.record(z.string(), z.unknown())])]), params);
        assertOwn(active, method, claimed);
        let raw: unknown = data;
        if (typeof data === 'string') {
          try {
            raw = JSON.parse(data);
          } catch {
            throw new InvalidParamsError(`${method}: params.1 must be typed data JSON`);
          }
        }
        const typed = parseParams(method, typedDataSchema, raw);
        // viem derives the domain's type from the domain itself.
        const { EIP712Domain: _domainType, ...types } = typed.types;
        // Shape checked above; viem checks the message against its types while hashing.
        const definition = frozenCopy({ domain: typed.domain ?? {}, types, primaryType: typed.primaryType, message: typed.message });
        return approvals.run(async (ask) => {
          await askAbout(ask, method, [active.address, definition], active, id);
          const signable = definition as unknown as TypedDataDefinition;
          return active.smartAccount ? active.smartAccount.signTypedData(signable) : active.owner.signTypedData(signable);
        });
      }
      case 'eth_sendTransaction': {
        const [tx] = parseParams(method, z.tuple([transactionSchema]), params);
        assertOwn(active, method, tx.from);
        const chainField = tx.chainId === undefined ? {} : { chainId: toHex(tx.chainId) };
        const { smartAccount } = active;
        if (smartAccount) {
          // A user operation runs calls from the account: it cannot create a contract. Gas, fees and nonce are the operation's own.
          if (!tx.to) throw new InvalidParamsError(`${method}: params.0.to is required: a smart account cannot create a contract`);
          const calls = frozenCopy([{ to: tx.to as Address, value: tx.value, data: (tx.data ?? tx.input) as Hex | undefined }]);
          return approvals.run(async (ask) => {
            await askAbout(ask, method, [{ from: active.address, ...callParams(calls[0]!), ...chainField }], active, id, { text: FEE_PAID_BY_SMART_ACCOUNT });
            return sendBundled(smartAccount, [...calls]);
          });
        }
        const dappSetFee = [tx.gas, tx.gasPrice, tx.maxFeePerGas, tx.maxPriorityFeePerGas].some((field) => field !== undefined);
        return approvals.run(async (ask) => {
          const prepared = await prepareFromKey(active.owner, id, tx);
          const estimateWei = dappSetFee ? await networkFeeEstimate(active.owner, prepared) : undefined;
          const fee: FeeLine = { signed: signedFeeOf(prepared), dappSet: dappSetFee, ...(estimateWei !== undefined && { estimateWei }) };
          await askAbout(ask, method, [{ from: active.address, ...callParams(prepared), ...chainField }], active, id, fee);
          return sendSigned(active.owner, prepared);
        });
      }
      case 'wallet_sendCalls': {
        const batch = frozenCopy(callBatches.prepare(params, active, id));
        const request = { chainId: toHex(id), from: active.address, atomicRequired: batch.atomicRequired, calls: batch.calls.map(callParams) };
        return approvals.run(async (ask) => {
          await askAbout(ask, method, [request], active, id, { text: active.smartAccount ? FEE_PAID_BY_SMART_ACCOUNT : FEE_SET_PER_CALL });
          return callBatches.send(batch, active, id);
        });
      }
    }
  }

  async function rpc({ method, params, chainId: requested }: ParsedRequestPayload<'RPC_REQUEST'>): Promise<unknown> {
    const targetChain = typeof requested === 'number' ? requested : chainId;
    // The request's own copy: what the person approves cannot be changed through the object the channel handed over.
    if (classifyRpcMethod(method) === 'needs-approval') return approvedRequest(method, structuredClone(params), targetChain);
    switch (method) {
      case 'eth_chainId':
        return toHex(targetChain);
      case 'eth_accounts':
        return storedSession() ? [(await activeAccount(targetChain)).address] : [];
      case 'wallet_getCapabilities':
        return callBatches.getCapabilities(params, await activeAccount(targetChain), targetChain);
      case 'wallet_getCallsStatus':
        return callBatches.getCallsStatus(params);
      case 'wallet_getAssets':
        // ERC-7811 from the API's balances (the RPC proxy has no such method).
        return walletAssets(assetReader, params, await activeAccount(targetChain), targetChain);
      default:
        // Only the modal's safe methods reach this point (the channel refuses the rest); none signs.
        return forward(method, params, targetChain);
    }
  }

  const handlers: RequestHandlers = {
    async CONNECT_EMAIL({ email }) {
      const { body } = await api('/v1/auth/email', { body: { email, deviceId: deviceId() } });
      deps.storage.setItem(pendingEmailKey, email);
      return checkReply(actionReply, body);
    },
    async CONNECT_DEVICE() {
      const email = pendingEmail();
      const deadline = now() + DEVICE_WAIT_MS;
      for (;;) {
        const { body } = await api('/v1/auth/device', { body: { email, deviceId: deviceId() } });
        if (checkReply(actionReply, body).action === 'VERIFY_OTP') return {};
        if (now() + DEVICE_POLL_INTERVAL_MS > deadline) throw new Error(DEVICE_NOT_APPROVED);
        await sleep(DEVICE_POLL_INTERVAL_MS);
      }
    },
    async CONNECT_OTP({ otp }) {
      const email = pendingEmail();
      const { body } = await api('/v1/auth/otp', { body: { email, deviceId: deviceId(), otp, deviceKey: await deviceKeyJwk() } });
      return signIn(checkReply(sessionReply, body));
    },
    GET_SOCIAL_REDIRECT_URI: ({ provider }) => social.start(provider),
    async CONNECT_SOCIAL({ uri }) {
      return signIn(checkReply(sessionReply, await social.connect(uri)));
    },
    async GET_FARCASTER_URI() {
      // A newer start replaces the older one (and stops its poll), also when it fails.
      cancelFarcaster();
      const generation = farcasterGeneration;
      const { body } = await api('/v1/auth/farcaster/start', { body: { projectId: deps.projectId, deviceId: deviceId(), deviceKey: await deviceKeyJwk() } });
      const started = checkReply(farcasterStartReply, body);
      if (generation !== farcasterGeneration) throw new Error(FARCASTER_CANCELLED);
      pendingFarcaster = { channelToken: started.channelToken, deadline: now() + FARCASTER_LIFETIME_MS, cancel: new AbortController() };
      return { url: started.url };
    },
    async CONNECT_FARCASTER() {
      const channel = pendingFarcaster;
      if (!channel) throw new Error(NO_PENDING_FARCASTER);
      // One poll per sign-in: a second CONNECT_FARCASTER (the modal asking again) waits for the same answer.
      channel.poll ??= pollFarcaster(channel).finally(() => {
        // Used up whatever the outcome: a session, the API's refusal or the lifetime.
        if (pendingFarcaster === channel) pendingFarcaster = undefined;
      });
      return channel.poll;
    },
    CANCEL_APPROVAL() {
      approvals.cancelAll();
      // The person left the view showing the frame: an export screen goes too.
      keyExportShown?.abort();
      return {};
    },
    async SHOW_EXPORT() {
      if (!deps.showExport) throw new Error(NO_EXPORT_SCREEN);
      const { session } = await connectedAccount();
      // A fresh code every time: the API mails it to the account's address (or says why not).
      const { body } = await api('/v1/auth/export/code', { body: {}, token: session.token });
      const { email } = checkReply(exportCodeReply, body);
      keyExportShown?.abort();
      const shown = (keyExportShown = new AbortController());
      deps.showExport({
        email,
        signal: shown.signal,
        async reveal(code) {
          const key = exportedKeyReply.safeParse(await walletCall(session, '/wallet/export', JSON.stringify({ code }), KEY_NOT_EXPORTED));
          if (!key.success) throw new Error(KEY_NOT_EXPORTED);
          return key.data;
        },
      });
      return {};
    },
    RELOAD() {
      // The modal left a sign-in view (spec §2): pending sign-ins end here; the session and the key stay.
      social.drop();
      cancelFarcaster();
      return {};
    },
    async GET_USER({ chainId: requested, preferredAccountType }) {
      if (typeof requested === 'number' && requested !== chainId) {
        // Another chain is the modal's reconnect that switches (spec §4): the chains SWITCH_NETWORK allows.
        await assertSupportedChain(requested);
        chainId = requested;
      }
      const { session } = await connectedAccount();
      // The modal's stored preference (spec §3) wins over this browser's.
      if (preferredAccountType) storePreference(session.userId, preferredAccountType);
      return embeddedUser();
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [...smartAccountChains] }),
    async INIT_SMART_ACCOUNT() {
      if (!smartAccountsOn(chainId)) throw new Error(smartAccountsNotEnabled(chainId));
      const { account: owner } = await connectedAccount();
      const smartAccount = await smartAccountOf(owner, chainId);
      return { address: smartAccount.address, isDeployed: await smartAccount.isDeployed() };
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      if (type === 'smartAccount' && !smartAccountsOn(chainId)) throw new Error(smartAccountsNotEnabled(chainId));
      const { session, account: owner } = await connectedAccount();
      // A smart account that cannot be read does not keep the user from switching away from it…
      const before = await openedActiveAddress();
      // …nor becomes the preference: opening it first says why.
      if (type === 'smartAccount') await smartAccountOf(owner, chainId);
      storePreference(session.userId, type);
      const { address: active } = await activeAccount(chainId);
      if (active !== before) deps.onAccountsChanged?.([active]);
      return { type, address: active };
    },
    async IS_CONNECTED() {
      const session = storedSession();
      if (!session) return { isConnected: false };
      try {
        await api('/v1/auth/session', { token: session.token });
        return { isConnected: true };
      } catch (error) {
        if (error instanceof SessionExpiredError) return { isConnected: false };
        throw error;
      }
    },
    async SIGN_OUT() {
      const session = storedSession();
      forget();
      deps.storage.removeItem(pendingEmailKey);
      if (session) {
        // Already expired or revoked: signed out all the same.
        await api('/v1/auth/sign-out', { body: {}, token: session.token }).catch((error: unknown) => {
          if (!(error instanceof SessionExpiredError)) throw error;
        });
      }
      return {};
    },
    async UPDATE_EMAIL({ email }) {
      const { session } = await connectedAccount();
      const { body } = await api('/v1/auth/email/update', { body: { newEmail: email }, token: session.token });
      return checkReply(updateReply, body);
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const { session } = await connectedAccount();
      await api('/v1/auth/email/update/primary', { body: { otp }, token: session.token });
      return {};
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { session } = await connectedAccount();
      const { body } = await api('/v1/auth/email/update/secondary', { body: { otp }, token: session.token });
      const { user } = checkReply(z.object({ user: apiUser.extend({ email: z.string().max(254) }) }), body);
      // The session stays valid (same user); GET_USER reports the new address from now on.
      deps.storage.setItem(sessionKey, JSON.stringify({ ...session, email: user.email }));
      return { newEmail: user.email };
    },
    GET_CHAIN_ID: () => ({ chainId }),
    async SWITCH_NETWORK({ chainId: requested }) {
      if (typeof requested !== 'number') throw new Error(`Unsupported chain ${requested}: this embedded wallet is eip155 only`);
      await assertSupportedChain(requested);
      if (requested !== chainId) {
        const before = await openedActiveAddress();
        chainId = requested;
        deps.onChainChanged?.(chainId);
        // Into or out of the chains with smart accounts: the dapp's account changes with the chain.
        const after = before && (await openedActiveAddress());
        if (after && after !== before) deps.onAccountsChanged?.([after]);
      }
      return { chainId };
    },
    async RPC_REQUEST(payload) {
      return { result: await rpc(payload) };
    },
  };

  return {
    handlers,
    /** The social callback page's hand-off (main.ts checks it came from this origin): true when it was this frame's sign-in. */
    receiveSocialAnswer: social.receive,
    get chainId() {
      return chainId;
    },
  };
}

/**
 * The email login flow of the embedded wallet (spec sections 4 and 5) as a framework-free store over the
 * frame channel: connect email → device approval (VERIFY_DEVICE) or one-time code (VERIFY_OTP) → user;
 * resend; update email (primary code, then secondary code); sign out. The views read `getSnapshot()`
 * (with `useSyncExternalStore` or a jotai atom) and call the actions; actions never throw for a failed
 * request: the message lands in `error`, in the secure site's (or server's) own words.
 */
import { STORAGE_PREFIX } from '../constants';
import { PorticoError } from '../errors';
import type { KeyValueStorage } from '../storage';
import type { FrameChannel } from './channel-types';
import { embeddedErrorText } from './errors';
import { emailField, otpField, type EmbeddedUser } from './fields';
import { parsePayload } from './messages';

/** Spec sections 5 and 9: a new email login or code request within 30 s of the last is refused. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000;

/** Spec section 3's embedded keys. Sign out clears all but the last email login time (spec section 4). */
export const EMBEDDED_STORAGE_KEYS = {
  /** Set after a login: the modal reconnects the embedded wallet on the next load. */
  loginCached: `${STORAGE_PREFIX}embedded_login`,
  email: `${STORAGE_PREFIX}embedded_email`,
  lastChain: `${STORAGE_PREFIX}embedded_last_chain`,
  socialUsername: `${STORAGE_PREFIX}embedded_social_username`,
  /** The social provider of the logged-in user (spec section 3's "connected social"). */
  connectedSocial: `${STORAGE_PREFIX}connected_social`,
  /** Milliseconds since the epoch of the last mail asked for; cleared by a successful login. */
  lastEmailLoginAt: `${STORAGE_PREFIX}embedded_last_email_login_at`,
} as const;

/** What sign-out (and a session the secure site no longer knows) clears: all but the last email login time (spec section 4). */
export const SIGNED_OUT_KEYS = ['loginCached', 'email', 'lastChain', 'socialUsername', 'connectedSocial'] as const;

export type EmailLoginStep = 'email' | 'verify-device' | 'verify-otp' | 'connected' | 'update-primary' | 'update-secondary';

export interface EmailLoginState {
  step: EmailLoginStep;
  /** The address being logged in, or the logged-in one. */
  email?: string;
  /** During an update: the address it changes to. */
  newEmail?: string;
  user?: EmbeddedUser;
  /** What to show under the field: the secure site's message as it sent it, or a local rule's. */
  error?: string;
  /** A request is out; actions called meanwhile are ignored (double clicks). */
  busy: boolean;
}

export interface EmailLoginOptions {
  channel: Pick<FrameChannel, 'request'>;
  storage: KeyValueStorage;
  /** The clock (tests pass a fake one). */
  now?: () => number;
}

export interface EmailLogin {
  getSnapshot(): EmailLoginState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** From 'email' (or a verify step, to start over): sends CONNECT_EMAIL. */
  submitEmail(email: string): Promise<void>;
  /** From 'verify-otp' or 'verify-device': asks for another mail to the same address. */
  resendCode(): Promise<void>;
  /** From 'verify-otp': CONNECT_OTP; success stores the email and connects. */
  submitCode(otp: string): Promise<void>;
  /** Back to the email field from a verify step, or to 'connected' from an update step. */
  back(): void;
  /** From 'connected': UPDATE_EMAIL to `newEmail`, then the primary and/or secondary code. */
  startUpdateEmail(newEmail: string): Promise<void>;
  /** From 'update-primary' or 'update-secondary': the code sent to the current or the new address. */
  submitUpdateCode(otp: string): Promise<void>;
  /** After a reload: the secure site still holds a session for `user` (IS_CONNECTED, GET_USER), so the store is 'connected'. */
  restore(user: EmbeddedUser): void;
  /** SIGN_OUT, then clears the login cache, email, last chain, social username and provider (also when the frame fails). */
  signOut(): Promise<void>;
}

/** A local rule's refusal, in the spec's wording ('Please try again after N seconds'). */
class EmailThrottledError extends PorticoError {
  override name = 'EmailThrottledError';
  constructor(seconds: number) {
    super(`Please try again after ${seconds} seconds`);
  }
}


/**
 * Creates the email login store. Nothing is sent until an action is called.
 *
 * @example
 * const login = createEmailLogin({ channel, storage: localStorage });
 * const state = useSyncExternalStore(login.subscribe, login.getSnapshot);
 * await login.submitEmail('ada@example.com'); // state.step: 'verify-otp' (or 'verify-device' on a new device)
 * await login.submitCode('123456'); // state.step: 'connected', state.user: the embedded user
 */
export function createEmailLogin({ channel, storage, now = Date.now }: EmailLoginOptions): EmailLogin {
  let state: EmailLoginState = { step: 'email', busy: false };
  const listeners = new Set<() => void>();
  const replace = (next: EmailLoginState): void => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const set = (next: Partial<EmailLoginState>): void => replace({ ...state, ...next });
  const store = quietStorage(storage);
  /** Bumped by every action: a step still running when the person moved on (back, resend) drops its outcome. */
  let generation = 0;
  /** The open CONNECT_DEVICE wait, aborted when the person goes back or asks for another mail. */
  let deviceWait: AbortController | undefined;
  const moveOn = (): number => {
    deviceWait?.abort();
    deviceWait = undefined;
    return ++generation;
  };

  /** Throws the spec's refusal while the last mail is under 30 s old (N rounded up). */
  const checkCooldown = (): void => {
    const stored = store.get(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt);
    const elapsed = now() - Number(stored);
    // A stored time ahead of the clock (the clock went back) or a bad value does not lock the person out.
    if (stored === null || !Number.isFinite(elapsed) || elapsed < 0 || elapsed >= EMAIL_LOGIN_COOLDOWN_MS) return;
    throw new EmailThrottledError(Math.ceil((EMAIL_LOGIN_COOLDOWN_MS - elapsed) / 1000));
  };
  const mailSent = (): void => store.set(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt, String(now()));

  /**
   * Runs one step: ignored while another runs or outside `from`; a failure becomes `error`, the step stays.
   * `check` runs first: its refusal (the throttle) leaves everything running as it was, e.g. the device wait.
   */
  async function run(from: readonly EmailLoginStep[], work: () => Promise<Partial<EmailLoginState>>, check?: () => void): Promise<void> {
    if (state.busy || !from.includes(state.step)) return;
    try {
      check?.();
    } catch (error) {
      set({ error: embeddedErrorText(error) });
      return;
    }
    const mine = moveOn();
    set({ busy: true, error: undefined });
    try {
      const next = await work();
      if (mine === generation) set({ ...next, busy: false });
    } catch (error) {
      if (mine === generation) set({ busy: false, error: embeddedErrorText(error) });
    }
  }

  const checked = <T>(parsed: { ok: true; value: T } | { ok: false; issue: string }): T => {
    if (!parsed.ok) throw new PorticoError(capitalize(parsed.issue));
    return parsed.value;
  };

  async function connectEmail(email: string): Promise<Partial<EmailLoginState>> {
    const { action } = await channel.request('CONNECT_EMAIL', { email });
    mailSent();
    if (action === 'VERIFY_OTP') return { step: 'verify-otp', email };
    // Not busy while the person opens the link in the mail (up to 5 minutes): they may go back or ask again.
    set({ step: 'verify-device', email, busy: false });
    deviceWait = new AbortController();
    await channel.request('CONNECT_DEVICE', {}, { signal: deviceWait.signal });
    // The code mail follows the approval (and a refused resend meanwhile is history).
    return { step: 'verify-otp', error: undefined };
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    submitEmail: (email) =>
      run(['email', 'verify-device', 'verify-otp'], () => connectEmail(checked(parsePayload(emailField, email.trim()))), checkCooldown),
    resendCode: () =>
      run(
        ['verify-otp', 'verify-device'],
        async () => {
          const { email } = state;
          if (email === undefined) return { step: 'email' };
          return connectEmail(email);
        },
        checkCooldown,
      ),
    submitCode: (otp) =>
      run(['verify-otp'], async () => {
        const user = await channel.request('CONNECT_OTP', { otp: checked(parsePayload(otpField, otp.trim())) });
        const email = user.email ?? state.email;
        if (email !== undefined) store.set(EMBEDDED_STORAGE_KEYS.email, email);
        store.set(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
        store.remove(EMBEDDED_STORAGE_KEYS.lastEmailLoginAt);
        return { step: 'connected', email, user };
      }),
    back() {
      if (state.busy) return;
      const { step } = state;
      if (step === 'email' || step === 'connected') return;
      moveOn();
      if (step === 'verify-device' || step === 'verify-otp') set({ step: 'email', error: undefined });
      else set({ step: 'connected', newEmail: undefined, error: undefined });
    },
    startUpdateEmail: (newEmail) =>
      run(['connected'], async () => {
        const email = checked(parsePayload(emailField, newEmail.trim()));
        if (email.toLowerCase() === state.email?.toLowerCase()) throw new PorticoError('The new email is the current one');
        const { action } = await channel.request('UPDATE_EMAIL', { email });
        mailSent();
        return { step: action === 'VERIFY_PRIMARY_OTP' ? 'update-primary' : 'update-secondary', newEmail: email };
      }, checkCooldown),
    submitUpdateCode: (otp) =>
      run(['update-primary', 'update-secondary'], async () => {
        const code = checked(parsePayload(otpField, otp.trim()));
        if (state.step === 'update-primary') {
          await channel.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: code });
          return { step: 'update-secondary' };
        }
        const { newEmail } = await channel.request('UPDATE_EMAIL_SECONDARY_OTP', { otp: code });
        store.set(EMBEDDED_STORAGE_KEYS.email, newEmail);
        return { step: 'connected', email: newEmail, newEmail: undefined, user: state.user && { ...state.user, email: newEmail } };
      }),
    restore(user) {
      moveOn();
      const email = user.email ?? store.get(EMBEDDED_STORAGE_KEYS.email) ?? undefined;
      replace({ step: 'connected', email, user, busy: false });
    },
    async signOut() {
      if (state.busy) return;
      const mine = moveOn();
      set({ busy: true, error: undefined });
      let error: string | undefined;
      try {
        await channel.request('SIGN_OUT', {});
      } catch (failure) {
        // Signed out here regardless: the cache no longer points at the session, so it is not restored.
        error = embeddedErrorText(failure);
      }
      for (const key of SIGNED_OUT_KEYS) store.remove(EMBEDDED_STORAGE_KEYS[key]);
      if (mine === generation) replace({ step: 'email', busy: false, error });
    },
  };
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Web Storage that never throws (also the social login's): blocked or full storage reads as empty and drops writes. */
export function quietStorage(storage: KeyValueStorage) {
  return {
    get(key: string): string | null {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        storage.setItem(key, value);
      } catch {
        // The flow still works; only the throttle or the reconnect after a reload is lost.
      }
    },
    remove(key: string): void {
      try {
        storage.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

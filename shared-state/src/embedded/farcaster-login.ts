/**
 * The Farcaster login of the embedded wallet (issue 12; spec sections 2, 3, 7): a framework-free store over the
 * frame channel, like the social login (`social-login.ts`), for Sign In With Farcaster's QR flow.
 *
 *   start()  — GET_FARCASTER_URI: the secure site opens a channel on the auth relay → `url` (spec section 3's
 *              farcasterUrl), which ConnectingFarcaster shows as a QR code and a deep link;
 *   then     — CONNECT_FARCASTER: the secure site polls the relay until the Farcaster app signed, and answers
 *              with the embedded user once the API checked the signature and the custody address (the
 *              channel's 5-minute wait for events that wait on a person applies);
 *   cancel() — spec section 2: "Leaving ConnectingFarcaster while not connected clears the stored Farcaster url
 *              and reloads the embedded wallet after about 100 ms" (RELOAD stops the frame's polling).
 *
 * Errors land in `error` in the secure site's (or API's) own words; nothing is half connected after one.
 */
import type { KeyValueStorage } from '../storage';
import type { FrameChannel } from './channel-types';
import { EMBEDDED_STORAGE_KEYS, quietStorage } from './email-login';
import { embeddedErrorText } from './errors';
import type { EmbeddedUser } from './fields';

/** Spec section 9: "100 ms after leaving Farcaster view" the embedded wallet reloads. */
export const FARCASTER_RELOAD_DELAY_MS = 100;

export type FarcasterLoginStep =
  /** Nothing going on (or an error to show with Try again). */
  | 'idle'
  /** GET_FARCASTER_URI is out: the secure site opens the relay channel (no `url` yet). */
  | 'connecting'
  /** `url` is shown; CONNECT_FARCASTER waits for the person to approve in the Farcaster app. */
  | 'waiting'
  /** The user is logged in (the controller then connects the AUTH connector and shows Account). */
  | 'connected';

export interface FarcasterLoginState {
  step: FarcasterLoginStep;
  /** The Sign In With Farcaster URI ('waiting' only): `farcaster://connect?channelToken=…` or an https link. */
  url?: string;
  /** The logged-in user (`userName`: the fid's Farcaster username). */
  user?: EmbeddedUser;
  /** What to show: the secure site's or the API's message as sent. */
  error?: string;
}

export interface FarcasterLogin {
  getSnapshot(): FarcasterLoginState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** From 'idle' (also after an error: Try again) asks for a new URI and waits; ignored otherwise. */
  start(): void;
  /**
   * The person left ConnectingFarcaster while not connected: drops the sign-in and its `url` ('idle', no error)
   * and, 100 ms later, sends RELOAD so the frame stops polling the relay. Ignored once 'connected'.
   */
  cancel(): void;
  /** After a reload: the secure site still holds a session for a Farcaster `user`. */
  restore(user: EmbeddedUser): void;
  /** After sign-out (the email store's SIGN_OUT, which also clears the social keys): 'idle'. */
  reset(): void;
}

export interface FarcasterLoginOptions {
  channel: Pick<FrameChannel, 'request'>;
  storage: KeyValueStorage;
  /** How long after `cancel` the frame reloads (default `FARCASTER_RELOAD_DELAY_MS`). */
  reloadDelayMs?: number;
  /** A RELOAD that failed (the frame gone meanwhile): nothing to show the person, so only reported here. */
  onReloadFailed?: (error: unknown) => void;
}

/**
 * Creates the Farcaster login store. Nothing is sent until `start` is called.
 *
 * @example
 * const farcaster = createFarcasterLogin({ channel, storage: localStorage });
 * farcaster.start(); // 'connecting' → 'waiting': state.url for the QR code
 * // the person approves in the Farcaster app → 'connected', state.user.userName
 * farcaster.cancel(); // left before approving: 'idle', RELOAD 100 ms later
 */
export function createFarcasterLogin({
  channel,
  storage,
  reloadDelayMs = FARCASTER_RELOAD_DELAY_MS,
  onReloadFailed = () => undefined,
}: FarcasterLoginOptions): FarcasterLogin {
  let state: FarcasterLoginState = { step: 'idle' };
  const listeners = new Set<() => void>();
  const replace = (next: FarcasterLoginState): void => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  /** Bumped when a sign-in ends: a reply that arrives for an ended one is dropped. */
  let generation = 0;
  /** The open CONNECT_FARCASTER wait, aborted when the sign-in ends. */
  let connectWait: AbortController | undefined;
  /** The reload after a cancel (until RELOAD is answered): a new sign-in waits for it, or the reload would abort it. */
  let reloading: Promise<void> | undefined;

  const end = (next: FarcasterLoginState): void => {
    generation++;
    connectWait?.abort();
    connectWait = undefined;
    replace(next);
  };

  function scheduleReload(): void {
    if (reloading) return;
    const reload = new Promise<void>((resolve) => setTimeout(resolve, reloadDelayMs))
      .then(() => channel.request('RELOAD', {}))
      .then(
        () => undefined,
        (error: unknown) => onReloadFailed(error),
      )
      .finally(() => {
        if (reloading === reload) reloading = undefined;
      });
    reloading = reload;
  }

  async function signIn(mine: number): Promise<void> {
    try {
      await reloading;
      if (mine !== generation) return;
      const { url } = await channel.request('GET_FARCASTER_URI', {});
      if (mine !== generation) return;
      replace({ step: 'waiting', url });
      connectWait = new AbortController();
      const user = await channel.request('CONNECT_FARCASTER', {}, { signal: connectWait.signal });
      if (mine !== generation) return;
      const stored = quietStorage(storage);
      stored.set(EMBEDDED_STORAGE_KEYS.connectedSocial, 'farcaster');
      if (user.userName !== undefined) stored.set(EMBEDDED_STORAGE_KEYS.socialUsername, user.userName);
      stored.set(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
      end({ step: 'connected', user });
    } catch (error) {
      if (mine === generation) end({ step: 'idle', error: embeddedErrorText(error) });
    }
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start() {
      if (state.step !== 'idle') return;
      end({ step: 'connecting' });
      void signIn(generation);
    },
    cancel() {
      if (state.step === 'connected') return;
      end({ step: 'idle' });
      scheduleReload();
    },
    restore(user) {
      end({ step: 'connected', user });
    },
    reset() {
      end({ step: 'idle' });
    },
  };
}

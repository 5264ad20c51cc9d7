/**
 * The social login flow of the embedded wallet (issue 12; spec sections 2–5, 7): a framework-free store
 * over the frame channel, like the email login (`email-login.ts`).
 *
 *   start(provider)  — in the person's click: opens the popup at once (about:blank, so no pop-up blocker
 *                      steps in), asks the secure site for the provider's URL (GET_SOCIAL_REDIRECT_URI),
 *                      sends the popup there, and waits for it to close (the secure site's callback page
 *                      reports the provider's answer to the API and closes itself);
 *   then             — CONNECT_SOCIAL { uri } (the URL the popup was sent to: its `state` names the sign-in)
 *                      → the embedded user; the social username and provider are stored (spec section 3).
 *
 * Errors land in `error` in the secure site's (or API's) own words: the window closed early, consent
 * denied, a state mismatch, an expired code. Nothing is half connected after one.
 */
import type { KeyValueStorage } from '../storage';
import type { OpenSocialWindow, SocialWindow } from './social-window';
import type { FrameChannel } from './channel-types';
import { EMBEDDED_STORAGE_KEYS, quietStorage } from './email-login';
import { embeddedErrorText } from './errors';
import { SOCIAL_PROVIDERS, type EmbeddedUser, type SocialProvider } from './fields';

export type { OpenSocialWindow, SocialWindow } from './social-window';

export type SocialLoginStep =
  /** Nothing going on (or an error to show with Try again). */
  | 'idle'
  /** The popup is open: the person signs in at the provider. */
  | 'waiting'
  /** The popup closed: CONNECT_SOCIAL is out. */
  | 'connecting'
  | 'connected';

export interface SocialLoginState {
  step: SocialLoginStep;
  /** The provider of the sign-in being made, or of the logged-in user. */
  provider?: SocialProvider;
  /** The logged-in user (its `userName` is the provider's username). */
  user?: EmbeddedUser;
  /** What to show: the secure site's or the API's message as sent, or a local rule's. */
  error?: string;
}

export interface SocialLogin {
  getSnapshot(): SocialLoginState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Must run synchronously inside the click handler (the popup opens before anything else), unless `popup` is
   * the blank window the click already opened (`null`: the browser blocked it), as when the person clicked
   * before the wallet had loaded. Ignored while a sign-in is under way (a given popup is then closed); from
   * 'idle' (also after an error: Try again) it starts over.
   */
  start(provider: SocialProvider, popup?: SocialWindow | null): void;
  /** Closes the popup and drops the sign-in (the person went back): 'idle', no error. */
  cancel(): void;
  /** After a reload: the secure site still holds a session for a social `user`. */
  restore(user: EmbeddedUser): void;
  /** After sign-out (the email store's SIGN_OUT, which also clears the social keys): 'idle', any popup closed. */
  reset(): void;
}

/** How long a sign-in may take in the popup: the API's state for it lives 10 minutes, so a later answer cannot work. */
export const SOCIAL_LOGIN_LIFETIME_MS = 10 * 60_000;
/** How often the store looks whether the popup closed (a cross-origin popup sends the opener no event). */
export const SOCIAL_WINDOW_WATCH_INTERVAL_MS = 250;

export const SOCIAL_WINDOW_BLOCKED_MESSAGE = 'The sign-in window was blocked. Allow pop-ups for this site and try again';
/** The API's wording for a popup closed before the provider answered (services/api `SOCIAL_WINDOW_CLOSED`). */
export const SOCIAL_WINDOW_CLOSED_MESSAGE = 'The sign-in window was closed before signing in';
export const SOCIAL_LOGIN_EXPIRED_MESSAGE = 'This sign-in has expired. Please try again';

export interface SocialLoginOptions {
  channel: Pick<FrameChannel, 'request'>;
  storage: KeyValueStorage;
  /** Opens the blank popup in the person's click (the page: `window.open`; tests: `testPopup()`). */
  openWindow: OpenSocialWindow;
  /** The clock (tests pass a fake one). */
  now?: () => number;
  /** How often to look whether the popup closed (default `SOCIAL_WINDOW_WATCH_INTERVAL_MS`). */
  watchIntervalMs?: number;
}

/** `openWindow()`, or `null` when it threw (as when the browser blocked it). */
function openBlankWindow(openWindow: OpenSocialWindow): SocialWindow | null {
  try {
    return openWindow();
  } catch {
    return null;
  }
}

/** Is `provider` one of the six social providers (an `authProvider` of 'email' or 'farcaster' is not)? */
export const isSocialProvider = (provider: unknown): provider is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly unknown[]).includes(provider);

/**
 * Creates the social login store. Nothing opens or is sent until `start` is called.
 *
 * @example
 * const social = createSocialLogin({ channel, storage: localStorage, openWindow: () => window.open('about:blank', 'portico-social', 'popup') });
 * button.onclick = () => social.start('github'); // state.step: 'waiting' while the person signs in at GitHub
 * // the popup closes itself after the provider's answer → 'connecting' → 'connected', state.user.userName
 */
export function createSocialLogin({
  channel,
  storage,
  openWindow,
  now = Date.now,
  watchIntervalMs = SOCIAL_WINDOW_WATCH_INTERVAL_MS,
}: SocialLoginOptions): SocialLogin {
  let state: SocialLoginState = { step: 'idle' };
  const listeners = new Set<() => void>();
  const replace = (next: SocialLoginState): void => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  /** The sign-in under way: its popup, the URL the popup was sent to (once known) and its watch timer. */
  let signIn: { popup: SocialWindow; uri?: string; startedAt: number; watch: ReturnType<typeof setInterval> } | undefined;
  /** Bumped when a sign-in ends: a reply that arrives for an ended one is dropped. */
  let generation = 0;

  /** Ends the sign-in under way (closing its popup) and says how the store stands afterwards. */
  const end = (next: SocialLoginState): void => {
    generation++;
    if (signIn) {
      clearInterval(signIn.watch);
      if (!signIn.popup.closed) signIn.popup.close();
      signIn = undefined;
    }
    replace(next);
  };
  const fail = (provider: SocialProvider, error: unknown): void =>
    end({ step: 'idle', provider, error: typeof error === 'string' ? error : embeddedErrorText(error) });

  /** The popup closed (the callback page closes itself after the provider's answer): ask the secure site for the outcome. */
  async function finish(provider: SocialProvider, uri: string, mine: number): Promise<void> {
    replace({ step: 'connecting', provider });
    try {
      const user = await channel.request('CONNECT_SOCIAL', { uri });
      if (mine !== generation) return;
      const stored = quietStorage(storage);
      stored.set(EMBEDDED_STORAGE_KEYS.connectedSocial, provider);
      if (user.userName !== undefined) stored.set(EMBEDDED_STORAGE_KEYS.socialUsername, user.userName);
      stored.set(EMBEDDED_STORAGE_KEYS.loginCached, 'true');
      end({ step: 'connected', provider, user });
    } catch (error) {
      if (mine === generation) fail(provider, error);
    }
  }

  function watch(provider: SocialProvider, mine: number): void {
    if (!signIn || mine !== generation) return;
    if (signIn.popup.closed) {
      const { uri } = signIn;
      clearInterval(signIn.watch);
      signIn = undefined;
      if (uri === undefined) fail(provider, SOCIAL_WINDOW_CLOSED_MESSAGE);
      else void finish(provider, uri, mine);
    } else if (now() - signIn.startedAt >= SOCIAL_LOGIN_LIFETIME_MS) {
      fail(provider, SOCIAL_LOGIN_EXPIRED_MESSAGE);
    }
  }

  async function sendToProvider(provider: SocialProvider, popup: SocialWindow, mine: number): Promise<void> {
    try {
      const { uri } = await channel.request('GET_SOCIAL_REDIRECT_URI', { provider });
      if (mine !== generation || !signIn) return;
      signIn.uri = uri;
      popup.location.href = uri;
    } catch (error) {
      if (mine === generation) fail(provider, error);
    }
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start(provider, openedPopup) {
      if (state.step !== 'idle') return openedPopup?.close();
      // First, while the click still counts as the person's gesture: anything awaited before would let the blocker in.
      const popup = openedPopup === undefined ? openBlankWindow(openWindow) : openedPopup;
      if (!popup) return fail(provider, SOCIAL_WINDOW_BLOCKED_MESSAGE);
      const mine = ++generation;
      signIn = { popup, startedAt: now(), watch: setInterval(() => watch(provider, mine), watchIntervalMs) };
      replace({ step: 'waiting', provider });
      void sendToProvider(provider, popup, mine);
    },
    cancel() {
      if (state.step === 'waiting' || state.step === 'connecting') end({ step: 'idle' });
      else if (state.error !== undefined) replace({ step: 'idle' });
    },
    restore(user) {
      const provider = isSocialProvider(user.authProvider) ? user.authProvider : undefined;
      end({ step: 'connected', provider, user });
    },
    reset() {
      end({ step: 'idle' });
    },
  };
}

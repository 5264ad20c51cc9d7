/**
 * The social login callback page (GET /social/callback, in the sign-in popup): the provider sent the person
 * back here with `?code&state[&iss]` or `?error&state`. The page hands that answer to the secure site's frame that
 * started the sign-in, in the page that opened this popup (../social-handoff.ts: this origin to this origin only),
 * waits for that frame to say it is its own, and closes. The frame finishes the sign-in with its PKCE verifier; this
 * page never calls the API and never gets a session. No DOM globals: node-testable.
 */
import { providerAnswerSchema, SOCIAL_CALLBACK_MESSAGE, socialCallbackTakenSchema, type ProviderAnswer } from '../social-handoff';

/** How long the frame has to say the sign-in is its own: it answers at once when it is there. */
export const HANDOFF_TIMEOUT_MS = 5_000;
/** How deep in the opener's frames the secure site's frame is looked for (a modal inside a host's own iframe). */
export const MAX_FRAME_DEPTH = 3;
/** How many frames are posted to at most. */
export const MAX_FRAMES = 64;

export const HANDED_OVER_HEADING = 'Back to the site';
export const HANDED_OVER_TEXT = 'The site is finishing your sign-in. You can close this window.';
export const FAILED_HEADING = 'Sign-in failed';
export const BAD_CALLBACK = 'This sign-in link is incomplete or was changed. Please close this window and try again';
export const NOT_STARTED_HERE =
  'This sign-in was not started in this browser, or the page that started it was closed. Close this window and sign in again from the site';

/** The provider's parameters the frame takes; others (Google's `scope`, `authuser`, an `error_description`) are left out. */
const PROVIDER_PARAMS = ['state', 'code', 'iss', 'error'] as const;

/**
 * The provider's answer from the callback URL's query, or undefined when it is not one (missing or malformed
 * state, neither or both of code and error, a parameter given twice).
 */
export function providerAnswerFromQuery(search: string): ProviderAnswer | undefined {
  const query = new URLSearchParams(search);
  const known: Record<string, string> = {};
  for (const name of PROVIDER_PARAMS) {
    const values = query.getAll(name);
    // RFC 6749 §3.1: a parameter must not be included more than once.
    if (values.length > 1) return undefined;
    if (values.length === 1) known[name] = values[0]!;
  }
  const parsed = providerAnswerSchema.safeParse(known);
  return parsed.success ? parsed.data : undefined;
}

/** A window as seen across origins: its frames and postMessage (WindowProxy's cross-origin surface). */
export interface CrossOriginWindow {
  readonly length: number;
  readonly [index: number]: CrossOriginWindow | undefined;
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The frames of `top`, breadth first, at most MAX_FRAME_DEPTH deep and MAX_FRAMES in all. */
export function framesOf(top: CrossOriginWindow): CrossOriginWindow[] {
  const found: CrossOriginWindow[] = [];
  let level: CrossOriginWindow[] = [top];
  for (let depth = 0; depth < MAX_FRAME_DEPTH && level.length > 0; depth++) {
    const next: CrossOriginWindow[] = [];
    for (const parent of level) {
      let count = 0;
      try {
        count = parent.length;
      } catch {
        continue;
      }
      for (let i = 0; i < count && found.length < MAX_FRAMES; i++) {
        const child = parent[i];
        if (child) next.push(child), found.push(child);
      }
    }
    level = next;
  }
  return found;
}

export interface CallbackOutcome {
  heading: string;
  text: string;
  /** The frame took the answer: the window may close. */
  close: boolean;
}

/** What the page needs from its window. */
export interface CallbackWindow {
  search: string;
  /** This page's origin: the only target the answer is posted to, and the only sender whose reply counts. */
  origin: string;
  opener: CrossOriginWindow | null;
  /** Adds a `message` listener; returns its removal. */
  listen(onMessage: (event: { origin: string; data: unknown }) => void): () => void;
  setTimer(run: () => void, ms: number): () => void;
}

/** Hands the provider's answer to the frame that started the sign-in; resolves with what the page says. */
export function handOverSocialSignIn(page: CallbackWindow, timeoutMs = HANDOFF_TIMEOUT_MS): Promise<CallbackOutcome> {
  const answer = providerAnswerFromQuery(page.search);
  if (!answer) return Promise.resolve({ heading: FAILED_HEADING, text: BAD_CALLBACK, close: false });
  const notStartedHere = { heading: FAILED_HEADING, text: NOT_STARTED_HERE, close: false };
  if (!page.opener) return Promise.resolve(notStartedHere);
  const opener = page.opener;
  return new Promise((resolve) => {
    const done = (outcome: CallbackOutcome) => {
      stopListening();
      cancelTimer();
      resolve(outcome);
    };
    const stopListening = page.listen((event) => {
      if (event.origin !== page.origin) return;
      const taken = socialCallbackTakenSchema.safeParse(event.data);
      if (taken.success && taken.data.state === answer.state) done({ heading: HANDED_OVER_HEADING, text: HANDED_OVER_TEXT, close: true });
    });
    const cancelTimer = page.setTimer(() => done(notStartedHere), timeoutMs);
    const message = { type: SOCIAL_CALLBACK_MESSAGE, answer };
    for (const frame of framesOf(opener)) {
      try {
        // The browser delivers it only to a document of this origin.
        frame.postMessage(message, page.origin);
      } catch {
        // A frame gone meanwhile: the others still get it.
      }
    }
  });
}

/** The page's elements (src/callback/index.html) the outcome is written into. */
export const CALLBACK_ELEMENT_IDS = { heading: 'callback-heading', text: 'callback-text' } as const;

/** The whole page: hands the answer over, shows the outcome, closes once the frame took it. */
export async function runSocialCallback(
  page: CallbackWindow & { document: Pick<Document, 'getElementById'>; close(): void },
  timeoutMs?: number,
): Promise<CallbackOutcome> {
  const outcome = await handOverSocialSignIn(page, timeoutMs);
  const heading = page.document.getElementById(CALLBACK_ELEMENT_IDS.heading);
  const text = page.document.getElementById(CALLBACK_ELEMENT_IDS.text);
  if (heading) heading.textContent = outcome.heading;
  if (text) text.textContent = outcome.text;
  if (outcome.close) page.close();
  return outcome;
}

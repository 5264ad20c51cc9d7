/**
 * The social login callback page (GET /social/callback, in the sign-in popup): the provider sent the person
 * back here with `?code&state[&iss]` or `?error&state`. The page forwards those to the API
 * (`POST /v1/auth/social/finish`), says what happened, and closes itself once the API answered: the outcome
 * then waits at the API for the frame that started the sign-in (the modal sends CONNECT_SOCIAL when it sees the
 * popup closed). The page never gets a session. No DOM globals: node-testable.
 */
import { z } from 'zod';
import { callbackConfigSchema, readPageConfig } from '../page/config';

/** The API's whole answer (a code exchange, user info, storing the user): above its 10 s per provider call. */
export const FINISH_TIMEOUT_MS = 30_000;
/** The longest API error message shown. */
export const MAX_SHOWN_ERROR_CHARS = 500;

export const SIGNED_IN_HEADING = 'Signed in';
export const SIGNED_IN_TEXT = 'Signed in. You can close this window.';
export const FAILED_HEADING = 'Sign-in failed';
export const BAD_CALLBACK = 'This sign-in link is incomplete or was changed. Please close this window and try again';
export const API_UNREACHABLE = 'The Portico API could not be reached. Please close this window and try again';
export const PAGE_BROKEN = 'This page is missing its settings. Please close this window and try again';

/** The provider's parameters the API takes (RFC 6749 §4.1.2, RFC 9207 `iss`), with the API's own rules. */
const PROVIDER_PARAMS = ['state', 'code', 'iss', 'error'] as const;
const finishBodySchema = z
  .object({
    state: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    code: z.string().regex(/^[\x21-\x7e]{1,2048}$/).optional(),
    iss: z.url({ protocol: /^https?$/ }).max(2048).optional(),
    error: z.string().regex(/^[\x20\x21\x23-\x5b\x5d-\x7e]{1,128}$/).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.error === undefined), 'exactly one of code and error');
export type FinishBody = z.output<typeof finishBodySchema>;

/**
 * The finish body from the callback URL's query, or undefined when it is not a provider's answer to a
 * sign-in (missing or malformed state, neither or both of code and error, a parameter given twice).
 * Other parameters (Google's `scope`, `authuser`, an `error_description`) are left out.
 */
export function finishBodyFromQuery(search: string): FinishBody | undefined {
  const query = new URLSearchParams(search);
  const known: Record<string, string> = {};
  for (const name of PROVIDER_PARAMS) {
    const values = query.getAll(name);
    // RFC 6749 §3.1: a parameter must not be included more than once.
    if (values.length > 1) return undefined;
    if (values.length === 1) known[name] = values[0]!;
  }
  const parsed = finishBodySchema.safeParse(known);
  return parsed.success ? parsed.data : undefined;
}

export interface CallbackOutcome {
  heading: string;
  text: string;
  /** The API answered with the sign-in's outcome (kept for the frame): the window may close. */
  close: boolean;
}

/**
 * The API's answers that settle the sign-in: 200 `{ ok: true }`, or 400/502/503 `{ error }` (the provider's or the
 * code's error, stored on the state for the frame; or a state already used or expired, which the frame hears too).
 * Anything else (origin refused, rate limit, a crash) leaves the window open with what the API said.
 */
const SETTLED_ERROR_STATUSES = new Set([400, 502, 503]);
const errorReply = z.object({ error: z.string().min(1) });

export async function finishSocialSignIn(options: { search: string; apiUrl: string; fetch: typeof fetch; timeoutMs?: number }): Promise<CallbackOutcome> {
  const body = finishBodyFromQuery(options.search);
  if (!body) return { heading: FAILED_HEADING, text: BAD_CALLBACK, close: false };
  let res: Response;
  try {
    res = await options.fetch(new URL('/v1/auth/social/finish', options.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? FINISH_TIMEOUT_MS),
    });
  } catch {
    return { heading: FAILED_HEADING, text: API_UNREACHABLE, close: false };
  }
  const reply: unknown = await res.json().catch(() => undefined);
  if (res.ok) return { heading: SIGNED_IN_HEADING, text: SIGNED_IN_TEXT, close: true };
  const error = errorReply.safeParse(reply);
  return {
    heading: FAILED_HEADING,
    text: error.success ? error.data.error.slice(0, MAX_SHOWN_ERROR_CHARS) : `The Portico API answered ${res.status}. Please close this window and try again`,
    close: error.success && SETTLED_ERROR_STATUSES.has(res.status),
  };
}

/** The page's elements (src/callback/index.html) the outcome is written into. */
export const CALLBACK_ELEMENT_IDS = { heading: 'callback-heading', text: 'callback-text' } as const;

/** The whole page: reads the server's meta, finishes the sign-in, shows the outcome, closes when settled. */
export async function runSocialCallback(page: {
  search: string;
  metaContent: string | null | undefined;
  fetch: typeof fetch;
  document: Pick<Document, 'getElementById'>;
  close(): void;
  timeoutMs?: number;
}): Promise<CallbackOutcome> {
  let outcome: CallbackOutcome;
  try {
    const { apiUrl } = readPageConfig(callbackConfigSchema, page.metaContent);
    outcome = await finishSocialSignIn({ search: page.search, apiUrl, fetch: page.fetch, timeoutMs: page.timeoutMs });
  } catch {
    outcome = { heading: FAILED_HEADING, text: PAGE_BROKEN, close: false };
  }
  const heading = page.document.getElementById(CALLBACK_ELEMENT_IDS.heading);
  const text = page.document.getElementById(CALLBACK_ELEMENT_IDS.text);
  if (heading) heading.textContent = outcome.heading;
  if (text) text.textContent = outcome.text;
  if (outcome.close) page.close();
  return outcome;
}

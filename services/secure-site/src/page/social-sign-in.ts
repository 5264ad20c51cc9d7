/**
 * The frame's side of the social login (issue 12; issue 28: bound to the browser that started it). The frame
 * makes the PKCE verifier and keeps it in memory; the API gets only its S256 challenge. The provider's answer
 * comes back from the callback popup by `postMessage` (../social-handoff.ts), never through the host page, and the
 * frame finishes with it at the API (`/v1/auth/social/finish`) with its verifier, device id and device key. Someone
 * who completes this frame's link in another browser hands the answer to no frame, and no other frame can use it.
 */
import { z } from 'zod';
import type { ProviderAnswer } from '../social-handoff';
import { checkReply } from './api-reply';

export const NO_PENDING_SOCIAL = 'No social sign-in in progress: choose a provider first';
export const SOCIAL_STATE_MISMATCH = 'This sign-in does not match the one started here. Please try again';
/** The modal's `SOCIAL_WINDOW_CLOSED_MESSAGE`: the popup closed before the provider's answer reached this frame. */
export const SOCIAL_WINDOW_CLOSED = 'The sign-in window was closed before signing in';

/** 32 random bytes, base64url: the state /v1/auth/social/start hands out. */
const socialState = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const startReply = z
  .object({ url: z.url({ protocol: /^https?$/ }).max(2048), state: socialState })
  // CONNECT_SOCIAL finds the sign-in by the state on this URL (the one the popup was sent to).
  .refine((reply) => new URL(reply.url).searchParams.get('state') === reply.state, { message: "the provider URL must carry the sign-in's state", path: ['url'] });

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** RFC 7636 S256: a 43-character verifier (32 random bytes) and base64url(SHA-256(verifier)). */
export async function newPkcePair(): Promise<{ codeVerifier: string; codeChallenge: string }> {
  const codeVerifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return { codeVerifier, codeChallenge: base64url(new Uint8Array(digest)) };
}

export interface SocialSignInDeps {
  /** A POST to the API (wallet.ts `api`: the projectId added, errors thrown in the API's words); answers the body. */
  post(path: string, body: Record<string, unknown>): Promise<unknown>;
  deviceId(): string;
  deviceKeyJwk(): Promise<JsonWebKey>;
}

export interface SocialSignIn {
  /** GET_SOCIAL_REDIRECT_URI: a new sign-in (replacing one under way); the provider's URL for the popup. */
  start(provider: string): Promise<{ uri: string }>;
  /** The callback page's hand-off: true (and the finish under way) when it is this frame's sign-in's answer. */
  receive(answer: ProviderAnswer): boolean;
  /** CONNECT_SOCIAL: the API's session reply for the sign-in whose popup was sent to `uri`. Used up either way. */
  connect(uri: string): Promise<unknown>;
  /** RELOAD and sign-out: the sign-in under way is dropped. */
  drop(): void;
}

export function createSocialSignIn(deps: SocialSignInDeps): SocialSignIn {
  /** In memory only: it lives as long as this frame, which the popup's opener keeps. */
  let pending: { state: string; codeVerifier: string; finish?: Promise<unknown> } | undefined;
  return {
    async start(provider) {
      // A newer start replaces the older one, also when it fails.
      pending = undefined;
      const { codeVerifier, codeChallenge } = await newPkcePair();
      const body = await deps.post('/v1/auth/social/start', { provider, deviceId: deps.deviceId(), deviceKey: await deps.deviceKeyJwk(), codeChallenge });
      const started = checkReply(startReply, body);
      // The provider must be asked with this frame's challenge, or the verifier kept here would not fit.
      if (new URL(started.url).searchParams.get('code_challenge') !== codeChallenge) throw new Error("The Portico API gave an unexpected answer (url: not this sign-in's challenge)");
      pending = { state: started.state, codeVerifier };
      return { uri: started.url };
    },
    receive(answer) {
      const mine = pending;
      if (!mine || mine.state !== answer.state || mine.finish) return false;
      const { code, iss, error } = answer;
      // Started now, so the session is ready by the time the modal sees the popup close and asks.
      mine.finish = (async () =>
        deps.post('/v1/auth/social/finish', {
          state: mine.state,
          ...(code !== undefined && { code }),
          ...(iss !== undefined && { iss }),
          ...(error !== undefined && { error }),
          codeVerifier: mine.codeVerifier,
          deviceId: deps.deviceId(),
          deviceKey: await deps.deviceKeyJwk(),
        }))();
      // A finish nobody asks for (the person went back) must not be an unhandled rejection.
      mine.finish.catch(() => undefined);
      return true;
    },
    async connect(uri) {
      const mine = pending;
      // One try per sign-in: a mismatch, no answer, an API error or a success all use it up.
      pending = undefined;
      if (!mine) throw new Error(NO_PENDING_SOCIAL);
      if (new URL(uri).searchParams.get('state') !== mine.state) throw new Error(SOCIAL_STATE_MISMATCH);
      if (!mine.finish) throw new Error(SOCIAL_WINDOW_CLOSED);
      return mine.finish;
    },
    drop() {
      pending = undefined;
    },
  };
}

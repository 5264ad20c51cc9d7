/**
 * The social sign-in's hand-off from the callback page (the popup, src/callback) to the frame that started the
 * sign-in (src/page), issue 28: both are this site's origin, so the browser itself keeps the provider's code away
 * from every other page (`postMessage` with this origin as the target; each side checks `event.origin`).
 *
 * The popup and the frame cannot share storage (the frame's is partitioned under the embedding site), and the code
 * must never pass through the host page. So the callback page walks the frames of the page that opened it and posts
 * the provider's answer to each with this origin as the target: only a frame of this site receives it, and only the
 * one holding the state's PKCE verifier can use it. A person who opens someone else's sign-in link has no such frame
 * (no opener, or an opener that did not start it): the code goes nowhere.
 */
import { z } from 'zod';

export const SOCIAL_CALLBACK_MESSAGE = 'portico:social-callback';
export const SOCIAL_CALLBACK_TAKEN = 'portico:social-callback-taken';

/** What the provider put on the callback URL (RFC 6749 §4.1.2, RFC 9207 `iss`), with the API's rules for each. */
export const providerAnswerSchema = z
  .object({
    state: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    code: z.string().regex(/^[\x21-\x7e]{1,2048}$/).optional(),
    iss: z.url({ protocol: /^https?$/ }).max(2048).optional(),
    error: z.string().regex(/^[\x20\x21\x23-\x5b\x5d-\x7e]{1,128}$/).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.error === undefined), 'exactly one of code and error');
export type ProviderAnswer = z.output<typeof providerAnswerSchema>;

/** callback → frame: the provider's answer. */
export const socialCallbackMessageSchema = z.strictObject({
  type: z.literal(SOCIAL_CALLBACK_MESSAGE),
  answer: providerAnswerSchema,
});
/** frame → callback: "this sign-in is mine and I have its answer". */
export const socialCallbackTakenSchema = z.strictObject({ type: z.literal(SOCIAL_CALLBACK_TAKEN), state: z.string().max(64) });

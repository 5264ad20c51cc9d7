/**
 * Every event of the embedded-wallet frame protocol (spec section 7, "Embedded wallet iframe"), one table
 * both ends read. The modal (app) sends `@portico-app/<NAME>`; the frame answers `@portico-frame/<NAME>_SUCCESS`
 * with the reply payload or `@portico-frame/<NAME>_ERROR` with `{ message, code? }`, under the request's id.
 * The frame also sends notifications (`@portico-frame/READY`, …) under fresh ids.
 *
 * Every message is an envelope `{ type: 'portico:embedded', id, event, payload }`.
 */
import * as z from 'zod/mini';
import { recordOf } from '../storage';
import { safeInteger } from '../zod-parts';
import {
  APP_EVENT_PREFIX,
  ENVELOPE_TYPE,
  FRAME_EVENT_PREFIX,
  MAX_ACCOUNTS,
  MAX_APPROVAL_HEIGHT_PX,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_RPC_PARAMS_CHARS,
} from './constants';
import {
  accountTypeField,
  addressField,
  chainIdField,
  dappDataSchema,
  emailField,
  embeddedUserSchema,
  farcasterUrlField,
  otpField,
  socialProviderField,
  themeSyncSchema,
  urlField,
} from './fields';
import { jsonLength, MESSAGE_ID_PATTERN } from './wire';

const empty = z.object({});
const emailPayload = z.object({ email: emailField });
const otpPayload = z.object({ otp: otpField });

/** JSON-RPC params: positional or named, at most `MAX_RPC_PARAMS_CHARS` as JSON. */
const rpcParamsField = z
  .union([z.array(z.unknown()), recordOf(z.unknown())])
  .check(
    z.refine(
      (params) => (jsonLength(params) ?? Infinity) <= MAX_RPC_PARAMS_CHARS,
      `must be JSON of at most ${MAX_RPC_PARAMS_CHARS} characters`,
    ),
  );

/** The requests the modal sends, each with the payload it carries and the payload of its success reply. */
export const REQUESTS = {
  SWITCH_NETWORK: { payload: z.object({ chainId: chainIdField }), reply: z.object({ chainId: chainIdField }) },
  CONNECT_EMAIL: { payload: emailPayload, reply: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }) },
  CONNECT_DEVICE: { payload: empty, reply: empty },
  CONNECT_OTP: { payload: otpPayload, reply: embeddedUserSchema },
  CONNECT_SOCIAL: { payload: z.object({ uri: urlField }), reply: embeddedUserSchema },
  GET_FARCASTER_URI: { payload: empty, reply: z.object({ url: farcasterUrlField }) },
  CONNECT_FARCASTER: { payload: empty, reply: embeddedUserSchema },
  GET_USER: {
    payload: z.object({ chainId: chainIdField, preferredAccountType: z.optional(accountTypeField) }),
    reply: embeddedUserSchema,
  },
  GET_SOCIAL_REDIRECT_URI: { payload: z.object({ provider: socialProviderField }), reply: z.object({ uri: urlField }) },
  SIGN_OUT: { payload: empty, reply: empty },
  IS_CONNECTED: {
    payload: z.object({ token: z.optional(z.string().check(z.maxLength(4096))) }),
    reply: z.object({ isConnected: z.boolean() }),
  },
  GET_CHAIN_ID: { payload: empty, reply: z.object({ chainId: chainIdField }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    payload: empty,
    reply: z.object({ smartAccountEnabledNetworks: z.array(chainIdField).check(z.maxLength(256)) }),
  },
  INIT_SMART_ACCOUNT: { payload: empty, reply: z.object({ address: addressField, isDeployed: z.boolean() }) },
  SET_PREFERRED_ACCOUNT: {
    payload: z.object({ type: accountTypeField }),
    reply: z.object({ type: accountTypeField, address: addressField }),
  },
  RPC_REQUEST: {
    payload: z.object({
      method: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be an RPC method name')),
      params: z.optional(rpcParamsField),
      chainId: z.optional(chainIdField),
    }),
    reply: z.object({ result: z.unknown() }),
  },
  UPDATE_EMAIL: {
    payload: emailPayload,
    reply: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: { payload: otpPayload, reply: empty },
  UPDATE_EMAIL_SECONDARY_OTP: { payload: otpPayload, reply: z.object({ newEmail: emailField }) },
  SYNC_THEME: { payload: themeSyncSchema, reply: empty },
  SYNC_DAPP_DATA: { payload: dappDataSchema, reply: empty },
  RELOAD: { payload: empty, reply: empty },
  /**
   * Portico's own (issue 28): the person left ApproveTransaction or force-closed the modal. The frame rejects every
   * approval it is showing or holding with 4001; nothing is signed. Rejecting is always safe, so the parent may ask.
   */
  CANCEL_APPROVAL: { payload: empty, reply: empty },
  /**
   * Portico's own (issue 28): the person asked to export the wallet's private key. The frame mails a fresh code to the
   * account's address and draws its own export screen (APPROVAL_SHOWN, like an approval): the code, a typed
   * confirmation, and the key shown only there. The reply comes once the screen is up; what happens on it is the
   * frame's alone (its end: APPROVAL_HIDDEN). Refused with the reason when the account has no address or the API throttles.
   */
  SHOW_EXPORT: { payload: empty, reply: empty },
  /** Sent by the modal's channel itself every `HEARTBEAT_INTERVAL_MS`; answered by the frame's channel itself. */
  HEARTBEAT: { payload: empty, reply: empty },
} as const;

export type RequestName = keyof typeof REQUESTS;
/** The events a caller sends (the heartbeat belongs to the channels). */
export type AppRequestName = Exclude<RequestName, 'HEARTBEAT'>;
/** What a caller passes (defaults not applied yet). */
export type RequestPayload<K extends RequestName> = z.input<(typeof REQUESTS)[K]['payload']>;
/** What a handler receives (validated, unknown keys dropped). */
export type ParsedRequestPayload<K extends RequestName> = z.output<(typeof REQUESTS)[K]['payload']>;
export type ReplyPayload<K extends RequestName> = z.output<(typeof REQUESTS)[K]['reply']>;
export type ReplyInput<K extends RequestName> = z.input<(typeof REQUESTS)[K]['reply']>;

/** Spec section 4: the events sent without waiting for the frame to be ready. */
export const SENT_BEFORE_READY: ReadonlySet<RequestName> = new Set(['SYNC_THEME', 'SYNC_DAPP_DATA', 'SET_PREFERRED_ACCOUNT']);

/** The screens the frame draws in its own document (issue 28). */
export const FRAME_SCREENS = ['approval', 'keyExport'] as const;
export type FrameScreen = (typeof FRAME_SCREENS)[number];

/** What the frame announces on its own. */
export const NOTIFICATIONS = {
  READY: empty,
  SESSION_EXPIRED: empty,
  ACCOUNTS_CHANGED: z.object({ accounts: z.array(addressField).check(z.maxLength(MAX_ACCOUNTS)) }),
  CHAIN_CHANGED: z.object({ chainId: chainIdField }),
  /**
   * Portico's own (issue 28): the frame drew an approval screen in its own document and needs to be seen to be
   * approved: the modal shows the frame in ApproveTransaction at this height (CSS pixels; sent again when it changes).
   */
  APPROVAL_SHOWN: z.object({
    height: z.number().check(safeInteger, z.minimum(1), z.maximum(MAX_APPROVAL_HEIGHT_PX)),
    /** Which of the frame's screens it is, for the view's title: an approval (the default) or the key export. */
    screen: z.optional(z.enum(FRAME_SCREENS)),
  }),
  /** Portico's own: no approval is waiting any more (approved, rejected, cancelled or timed out): the modal hides the frame. */
  APPROVAL_HIDDEN: empty,
} as const;
export type NotificationName = keyof typeof NOTIFICATIONS;
export type NotificationPayload<K extends NotificationName> = z.output<(typeof NOTIFICATIONS)[K]>;

export const errorReplySchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(MAX_ERROR_MESSAGE_CHARS)),
  code: z.optional(z.number().check(safeInteger)),
});
export type ErrorReply = z.output<typeof errorReplySchema>;

export const appEventName = (name: RequestName) => `${APP_EVENT_PREFIX}${name}`;
export const successEventName = (name: RequestName) => `${FRAME_EVENT_PREFIX}${name}_SUCCESS`;
export const errorEventName = (name: RequestName) => `${FRAME_EVENT_PREFIX}${name}_ERROR`;
export const notificationEventName = (name: NotificationName) => `${FRAME_EVENT_PREFIX}${name}`;

/** Where a wire event name leads: a request, its success or error reply, or a notification. */
export type EventRoute =
  | { kind: 'request' | 'success' | 'error'; name: RequestName }
  | { kind: 'notification'; name: NotificationName };

const ROUTES = new Map<string, EventRoute>([
  ...(Object.keys(REQUESTS) as RequestName[]).flatMap((name) => [
    [appEventName(name), { kind: 'request', name }] as const,
    [successEventName(name), { kind: 'success', name }] as const,
    [errorEventName(name), { kind: 'error', name }] as const,
  ]),
  ...(Object.keys(NOTIFICATIONS) as NotificationName[]).map(
    (name) => [notificationEventName(name), { kind: 'notification', name }] as const,
  ),
]);

const envelopeSchema = z.object({
  type: z.enum([ENVELOPE_TYPE]), // not z.literal (see zod-parts.ts)
  id: z.string().check(z.regex(MESSAGE_ID_PATTERN, 'must be an 11-character message id')),
  event: z.string().check(z.maxLength(96)),
  payload: z.unknown(),
});
export type Envelope = z.output<typeof envelopeSchema>;

export type DecodedMessage =
  | { ok: true; envelope: Envelope; route: EventRoute }
  | { ok: false; reason: 'not-portico' | 'too-large' | 'malformed' | 'unexpected-event'; lookalike: boolean; detail?: string };

/**
 * Reads a received `MessageEvent.data`: a Portico envelope of at most `MAX_MESSAGE_CHARS`, for a known event.
 * The payload is checked later, against the event's own schema (`parsePayload`).
 *
 * @example
 * const decoded = decodeMessage(event.data);
 * if (decoded.ok && decoded.route.kind === 'request') handle(decoded.route.name, decoded.envelope);
 */
export function decodeMessage(data: unknown): DecodedMessage {
  if (!looksLikePortico(data)) return { ok: false, reason: 'not-portico', lookalike: false };
  if ((jsonLength(data) ?? Infinity) > MAX_MESSAGE_CHARS) {
    return { ok: false, reason: 'too-large', lookalike: true, detail: `over ${MAX_MESSAGE_CHARS} characters as JSON` };
  }
  const parsed = envelopeSchema.safeParse(data);
  if (!parsed.success) return { ok: false, reason: 'malformed', lookalike: true, detail: firstIssue(parsed.error) };
  const route = ROUTES.get(parsed.data.event);
  if (!route) return { ok: false, reason: 'unexpected-event', lookalike: true, detail: parsed.data.event };
  return { ok: true, envelope: parsed.data, route };
}

/**
 * Builds an envelope. The app's payloads are bounded by their schemas; the frame's replies (RPC results)
 * are not, so the frame checks `withinMessageLimit` before posting.
 *
 * @example
 * createEnvelope(createMessageId(), appEventName('SIGN_OUT'), {});
 */
export function createEnvelope(id: string, event: string, payload: unknown): Envelope {
  return { type: ENVELOPE_TYPE, id, event, payload };
}

/** True when the envelope's JSON is at most `MAX_MESSAGE_CHARS` (and it has a JSON form at all). */
export function withinMessageLimit(envelope: Envelope): boolean {
  return (jsonLength(envelope) ?? Infinity) <= MAX_MESSAGE_CHARS;
}

/** A message that claims to be Portico's (whether or not it is well formed). */
export function looksLikePortico(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ENVELOPE_TYPE;
}

/**
 * Checks a payload against its schema; the failure names the first bad field.
 *
 * @example
 * parsePayload(REQUESTS.CONNECT_OTP.payload, { otp: '12345' }); // { ok: false, issue: 'otp: must be a 6-digit code' }
 */
export function parsePayload<S extends z.ZodMiniType>(
  schema: S,
  payload: unknown,
): { ok: true; value: z.output<S> } | { ok: false; issue: string } {
  const parsed = schema.safeParse(payload);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issue: firstIssue(parsed.error) };
}

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

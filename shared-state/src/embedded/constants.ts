/**
 * Times, limits and texts of the embedded-wallet frame protocol (spec sections 4, 6, 8 and 9).
 * Names say the unit. Values the spec does not give are Portico's own and say so.
 */

/** Spec section 9: the frame must post READY within 20 s of the channel's creation. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;
/** Spec section 9: 500 ms after the frame is ready before queued events go out. */
export const FRAME_READY_DELAY_MS = 500;
/** Spec section 9: "connect, OTP and social request timeout 30 s" (Portico applies it to every event but those below). */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Portico's own: events that wait on a person (approving a device from the mail, scanning a Farcaster code,
 * approving an unsafe RPC request in the frame) get 5 minutes instead of 30 s.
 */
export const USER_ACTION_TIMEOUT_MS = 5 * 60_000;
/** Spec section 9: heartbeat every 5 s; a heartbeat unanswered when the next one is due means the frame is gone. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** Spec section 4: a disallowed RPC method shows its error after 300 ms. */
export const ACTION_NOT_ALLOWED_DELAY_MS = 300;
/** Spec section 9: random id length 11. */
export const MESSAGE_ID_LENGTH = 11;

/** Portico's own: a whole message (envelope and payload, as JSON) may be at most 1 MiB of characters. */
export const MAX_MESSAGE_CHARS = 1024 * 1024;
/** Portico's own: RPC params (as JSON) up to 256 KiB: room for a 48 KiB contract creation as hex and typed data. */
export const MAX_RPC_PARAMS_CHARS = 256 * 1024;
/** Portico's own: an error reply's message is cut to 1,000 characters. */
export const MAX_ERROR_MESSAGE_CHARS = 1_000;
/** Portico's own: requests one side may have open at once (the modal's channel and the frame's each). */
export const MAX_PENDING_REQUESTS = 32;
/** Portico's own: the tallest approval screen the frame may ask the modal for (CSS pixels); it scrolls inside beyond. */
export const MAX_APPROVAL_HEIGHT_PX = 2_000;
/**
 * Portico's own (issue 28): the frame's Approve button works only once the frame has been visible, unmoved and
 * uncovered for this long (Intersection Observer v2's `isVisible` where the browser has it; else time since shown).
 */
export const APPROVAL_VISIBLE_DELAY_MS = 500;
/** Portico's own: a transaction whose dapp-set fee is above this many times the network's estimate needs an acknowledgement. */
export const FEE_WARNING_MULTIPLE = 10;
/** Portico's own: accounts in one embedded user or accounts-changed notification. */
export const MAX_ACCOUNTS = 16;

/** The `type` of every envelope: tells Portico's messages from anything else posted to a window. */
export const ENVELOPE_TYPE = 'portico:embedded';
/** Prefix of the events the modal (app) sends. */
export const APP_EVENT_PREFIX = '@portico-app/';
/** Prefix of the replies and notifications the frame sends. */
export const FRAME_EVENT_PREFIX = '@portico-frame/';

/** Spec section 8 (iframe load failure). */
export const FRAME_LOAD_FAILED_MESSAGE = 'Unable to load email login dependency';
/** Spec section 6: what the frame answers to a method off the allow-lists. */
export const RPC_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed';
/** Spec section 6: what the UI shows for it. */
export const ACTION_NOT_ALLOWED_UI_MESSAGE = 'Action not allowed';
/** Spec section 8: an aborted RPC request. */
export const REQUEST_ABORTED_MESSAGE = 'Request was aborted';
/** Spec section 8: any other aborted event. */
export const EVENT_ABORTED_MESSAGE = 'Something went wrong';
/** Spec section 8: the default of an error reply without a usable message. */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';
/** Portico's own: the frame stopped answering heartbeats. */
export const FRAME_GONE_MESSAGE = 'The embedded wallet stopped responding';

/** Spec section 8: the alerts the modal raises for the embedded wallet (titles as the spec writes them). */
export const EMBEDDED_ALERTS = {
  loadFailed: 'Network Error - Could not load embedded wallet',
  requestTimedOut: 'Embedded Wallet Request Timed Out',
  sessionExpired: 'Session Expired',
} as const;
export type EmbeddedAlert = (typeof EMBEDDED_ALERTS)[keyof typeof EMBEDDED_ALERTS];

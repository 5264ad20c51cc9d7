/**
 * What both ends of the frame protocol share below the events: the window shapes they talk through
 * (real `Window`s in the browser, small fakes in tests), message ids, origins and the size measure.
 */
import { MESSAGE_ID_LENGTH } from './constants';

/** The part of a `MessageEvent` the channels read. */
export interface MessageEventLike {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** Where a channel listens for `message` events (the modal's `window`, the secure site's `window`). */
export interface ListenTarget {
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

/** A window a channel posts to (`iframe.contentWindow`, `window.parent`). */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Why a received message was dropped; `lookalike` tells a Portico-shaped message from unrelated traffic. */
export interface IgnoredMessage {
  reason:
    | 'origin' // not the peer's origin
    | 'source' // not the peer's window
    | 'not-portico' // not a Portico envelope (other scripts' messages)
    | 'too-large'
    | 'malformed' // Portico-typed, but the envelope or the payload fails its schema
    | 'unexpected-event' // an event this side never receives
    | 'unknown-id'; // a reply to no open request (late, or for another channel)
  origin: string;
  lookalike: boolean;
  event?: string;
  detail?: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
export const MESSAGE_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${MESSAGE_ID_LENGTH}}$`);

/**
 * A fresh random message id: 11 characters (spec section 9) of a 64-letter alphabet, from the platform's CSPRNG,
 * so a page cannot guess the id of a request it did not send.
 *
 * @example
 * createMessageId(); // 'q3G_x9LmA0b'
 */
export function createMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(MESSAGE_ID_LENGTH));
  // 64 letters: the low 6 bits of a byte pick one without bias.
  return Array.from(bytes, (byte) => ID_ALPHABET[byte & 63]).join('');
}

/**
 * True for a serialised http(s) origin (`https://app.example`, `http://127.0.0.1:3000`): never `*`, `null` or a URL with a path.
 *
 * @example
 * isSerializedOrigin('http://127.0.0.1:3010'); // true
 * isSerializedOrigin('*'); // false
 */
export function isSerializedOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The length of `value` as JSON, or `undefined` when it has no JSON form (a BigInt, a cycle, nesting too deep).
 * The size limits measure this, on what both sides can read.
 *
 * @example
 * jsonLength({ a: 1 }); // 7
 */
export function jsonLength(value: unknown): number | undefined {
  try {
    return JSON.stringify(value)?.length;
  } catch {
    return undefined;
  }
}

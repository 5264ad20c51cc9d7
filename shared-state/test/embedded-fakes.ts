/**
 * Test doubles for the frame protocol tests: windows that deliver `postMessage` as a browser does
 * (a later task, a structured clone, only to a matching target origin, with the sender as `source`).
 */
import { rs } from '@rstest/core';
import { createFrameChannel } from '../src/embedded/app-channel';
import type { FrameChannelOptions } from '../src/embedded/channel-types';
import { FRAME_READY_DELAY_MS } from '../src/embedded/constants';
import { createParentChannel, type ParentChannelOptions } from '../src/embedded/frame-channel';
import type { IgnoredMessage, ListenTarget, MessageEventLike, PostTarget } from '../src/embedded/wire';

export class FakeWindow implements ListenTarget, PostTarget {
  readonly posts: { message: unknown; targetOrigin: string }[] = [];
  /** The window whose code posts into this one (the other end of the iframe pair). */
  peer?: FakeWindow;
  private readonly listeners = new Set<(event: MessageEventLike) => void>();

  constructor(readonly origin: string) {}

  addEventListener(_type: 'message', listener: (event: MessageEventLike) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: MessageEventLike) => void): void {
    this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** `peer` posting into this window. */
  postMessage(message: unknown, targetOrigin: string): void {
    const data = structuredClone(message); // throws DataCloneError as a browser does
    this.posts.push({ message: data, targetOrigin });
    const source = this.peer;
    if (!source || (targetOrigin !== '*' && targetOrigin !== this.origin)) return;
    setTimeout(() => this.dispatch({ data, origin: source.origin, source }), 0);
  }

  /** Any window posting here (an attacker page, an extension): delivered at once. */
  dispatch(event: MessageEventLike): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

export const APP_ORIGIN = 'https://dapp.example';
export const FRAME_ORIGIN = 'http://127.0.0.1:3010';

/** The modal page and the secure site's iframe, wired to each other. */
export function windowPair(): { app: FakeWindow; frame: FakeWindow } {
  const app = new FakeWindow(APP_ORIGIN);
  const frame = new FakeWindow(FRAME_ORIGIN);
  app.peer = frame;
  frame.peer = app;
  return { app, frame };
}

/** Collects what a channel reports, for assertions. */
export function recorder(): { ignored: IgnoredMessage[]; onIgnored: (ignored: IgnoredMessage) => void } {
  const ignored: IgnoredMessage[] = [];
  return { ignored, onIgnored: (entry) => ignored.push(entry) };
}

/** A promise's outcome, readable synchronously once fake time has run (no unhandled rejections meanwhile). */
export function track<T>(promise: Promise<T>): { done: boolean; value?: T; error?: unknown } {
  const outcome: { done: boolean; value?: T; error?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(outcome, { done: true, value }),
    (error: unknown) => Object.assign(outcome, { done: true, error }),
  );
  return outcome;
}

/**
 * The modal's channel and the secure site's, wired over a fake window pair and past READY + 500 ms
 * (call with fake timers on). `app` / `frame` add options to either end.
 * @example const { channel, parent } = await wiredChannels({ handlers: { GET_CHAIN_ID: () => ({ chainId: 1 }) } });
 */
export async function wiredChannels(options: {
  handlers: ParentChannelOptions['handlers'];
  allowedOrigins?: string[];
  app?: Partial<Omit<FrameChannelOptions, 'frameWindow' | 'frameOrigin' | 'listenTarget'>>;
  frame?: Partial<Omit<ParentChannelOptions, 'parentWindow' | 'parentOrigin' | 'allowedOrigins' | 'listenTarget' | 'handlers'>>;
}) {
  const { app, frame } = windowPair();
  const channel = createFrameChannel({ frameWindow: () => frame, frameOrigin: FRAME_ORIGIN, listenTarget: app, ...options.app });
  const parent = createParentChannel({
    parentWindow: app,
    parentOrigin: APP_ORIGIN,
    allowedOrigins: options.allowedOrigins ?? [APP_ORIGIN],
    listenTarget: frame,
    handlers: options.handlers,
    ...options.frame,
  });
  await rs.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS);
  return { app, frame, channel, parent };
}

import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { preloadImages, type ImageLoader } from '../src/images';

/** A loader whose images load (or fail) when the test says so. */
function heldLoader() {
  const requested: string[] = [];
  const settle = new Map<string, { load(): void; fail(): void }>();
  const load: ImageLoader = (url) =>
    new Promise<void>((resolve, reject) => {
      requested.push(url);
      settle.set(url, { load: resolve, fail: () => reject(new Error(`failed: ${url}`)) });
    });
  return { load, requested, settle: (url: string) => settle.get(url)! };
}

/** Whether `promise` has settled after the timers moved by `ms`. */
async function settledAfter(promise: Promise<void>, ms: number) {
  let settled = false;
  void promise.then(() => (settled = true));
  await rs.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('image preload wait (spec §9: 2 s)', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('resolves as soon as every image has loaded or failed', async () => {
    const loader = heldLoader();
    const waiting = preloadImages(['https://img.example/a.png', 'https://img.example/b.png'], { load: loader.load });
    expect(await settledAfter(waiting, 100)).toBe(false);
    loader.settle('https://img.example/a.png').load();
    expect(await settledAfter(waiting, 100)).toBe(false);
    // A broken image is not waited for any longer than a loaded one.
    loader.settle('https://img.example/b.png').fail();
    expect(await settledAfter(waiting, 0)).toBe(true);
  });

  it('waits at most 2 s for images that never arrive', async () => {
    const loader = heldLoader();
    const waiting = preloadImages(['https://img.example/slow.png'], { load: loader.load });
    expect(await settledAfter(waiting, 1_999)).toBe(false);
    expect(await settledAfter(waiting, 1)).toBe(true);
  });

  it('asks for each address once and skips absent ones; nothing to load or no loader resolves at once', async () => {
    const loader = heldLoader();
    void preloadImages(['https://img.example/a.png', null, undefined, 'https://img.example/a.png', ''], { load: loader.load });
    expect(loader.requested).toEqual(['https://img.example/a.png']);
    expect(await settledAfter(preloadImages([null, undefined], { load: loader.load }), 0)).toBe(true);
    // The unit tests run without a DOM: no Image, so there is nothing to wait for.
    expect(typeof Image).toBe('undefined');
    expect(await settledAfter(preloadImages(['https://img.example/a.png']), 0)).toBe(true);
  });
});

/**
 * The social callback page's script without a browser: the provider's query → the answer (the API's rules, each
 * bound at its edge), the hand-off to the frames of the page that opened the popup (this origin only, how deep and
 * how many, the reply that counts), and the whole page (src/callback/index.html in happy-dom).
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from '@rstest/core';
import { Window } from 'happy-dom';
import {
  BAD_CALLBACK,
  FAILED_HEADING,
  framesOf,
  handOverSocialSignIn,
  HANDED_OVER_HEADING,
  HANDED_OVER_TEXT,
  HANDOFF_TIMEOUT_MS,
  MAX_FRAME_DEPTH,
  MAX_FRAMES,
  NOT_STARTED_HERE,
  providerAnswerFromQuery,
  runSocialCallback,
  type CallbackWindow,
  type CrossOriginWindow,
} from '../src/callback/callback';
import { SOCIAL_CALLBACK_MESSAGE, SOCIAL_CALLBACK_TAKEN } from '../src/social-handoff';

const STATE = 'A'.repeat(42) + 'b';
const ISS = 'http://127.0.0.1:8790/google';
const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('providerAnswerFromQuery', () => {
  test('state with code (and iss), or state with error; other parameters are left out', () => {
    expect(providerAnswerFromQuery(query({ code: 'abc.DEF-1', state: STATE, iss: ISS, scope: 'openid', authuser: '0' }))).toEqual({ state: STATE, code: 'abc.DEF-1', iss: ISS });
    expect(providerAnswerFromQuery(query({ error: 'access_denied', error_description: 'The user said no', state: STATE }))).toEqual({ state: STATE, error: 'access_denied' });
  });

  test('not a provider answer → undefined', () => {
    const bad = [
      '',
      query({ code: 'abc' }),
      query({ state: STATE }),
      query({ state: 'short', code: 'abc' }),
      query({ state: `${STATE}=`, code: 'abc' }),
      query({ state: STATE, code: 'abc', error: 'access_denied' }),
      `${query({ state: STATE, code: 'abc' })}&state=${'B'.repeat(43)}`,
      `${query({ state: STATE, code: 'abc' })}&code=def`,
      query({ state: STATE, code: 'has space' }),
      query({ state: STATE, code: 'naïve' }),
      query({ state: STATE, code: 'abc', iss: 'not a url' }),
      query({ state: STATE, code: 'abc', iss: 'javascript:alert(1)' }),
      query({ state: STATE, error: 'quote"d' }),
    ];
    for (const search of bad) expect(providerAnswerFromQuery(search)).toBeUndefined();
  });

  test('limits: code ≤ 2,048 characters, iss ≤ 2,048, error ≤ 128', () => {
    expect(providerAnswerFromQuery(query({ state: STATE, code: 'c'.repeat(2048) }))?.code).toHaveLength(2048);
    expect(providerAnswerFromQuery(query({ state: STATE, code: 'c'.repeat(2049) }))).toBeUndefined();
    const longIss = `https://issuer.example/${'p'.repeat(2048 - 'https://issuer.example/'.length)}`;
    expect(providerAnswerFromQuery(query({ state: STATE, code: 'c', iss: longIss }))?.iss).toBe(longIss);
    expect(providerAnswerFromQuery(query({ state: STATE, code: 'c', iss: `${longIss}p` }))).toBeUndefined();
    expect(providerAnswerFromQuery(query({ state: STATE, error: 'e'.repeat(128) }))?.error).toHaveLength(128);
    expect(providerAnswerFromQuery(query({ state: STATE, error: 'e'.repeat(129) }))).toBeUndefined();
  });
});

const SITE = 'http://127.0.0.1:3010';

/** A window of the opener's tree: its frames, and what was posted to it (with the target origin). */
function fakeWindow(frames: CrossOriginWindow[] = []) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const win = Object.assign(Object.create(null), frames, {
    length: frames.length,
    postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }),
  }) as CrossOriginWindow;
  return { win, posted };
}

/** The popup's side: its query, the opener, and the replies its `message` listener hears (dispatched by `reply`). */
function popup(search: string, opener: CrossOriginWindow | null) {
  let listener: ((event: { origin: string; data: unknown }) => void) | undefined;
  let fire: (() => void) | undefined;
  const page: CallbackWindow = {
    search,
    origin: SITE,
    opener,
    listen: (onMessage) => {
      listener = onMessage;
      return () => (listener = undefined);
    },
    setTimer: (run) => {
      fire = run;
      return () => (fire = undefined);
    },
  };
  return { page, reply: (origin: string, data: unknown) => listener?.({ origin, data }), timeOut: () => fire?.(), listening: () => listener !== undefined };
}

describe('handOverSocialSignIn', () => {
  const search = query({ code: 'abc', state: STATE, iss: ISS });
  const answer = { state: STATE, code: 'abc', iss: ISS };

  test("posts the answer to every frame of the opener with this site's origin as the only target; the frame's reply for this state → handed over, close", async () => {
    const wallet = fakeWindow();
    const ad = fakeWindow();
    const opener = fakeWindow([ad.win, wallet.win]);
    const p = popup(search, opener.win);
    const outcome = handOverSocialSignIn(p.page);
    for (const frame of [wallet, ad]) expect(frame.posted).toEqual([{ message: { type: SOCIAL_CALLBACK_MESSAGE, answer }, targetOrigin: SITE }]);
    // Never to the host page itself.
    expect(opener.posted).toEqual([]);
    // Replies from another origin, of another shape or for another state count for nothing.
    p.reply('https://host.example', { type: SOCIAL_CALLBACK_TAKEN, state: STATE });
    p.reply(SITE, { type: SOCIAL_CALLBACK_TAKEN, state: 'B'.repeat(43) });
    p.reply(SITE, { type: 'other', state: STATE });
    expect(p.listening()).toBe(true);
    p.reply(SITE, { type: SOCIAL_CALLBACK_TAKEN, state: STATE });
    expect(await outcome).toEqual({ heading: HANDED_OVER_HEADING, text: HANDED_OVER_TEXT, close: true });
    expect(p.listening()).toBe(false);
  });

  test(`no frame takes it within ${HANDOFF_TIMEOUT_MS / 1000} s (someone else's link, the site closed) → not started here, stays open`, async () => {
    const p = popup(search, fakeWindow([fakeWindow().win]).win);
    const outcome = handOverSocialSignIn(p.page);
    p.timeOut();
    expect(await outcome).toEqual({ heading: FAILED_HEADING, text: NOT_STARTED_HERE, close: false });
  });

  test('no opener (the link opened on its own) → not started here at once, nothing posted', async () => {
    expect(await handOverSocialSignIn(popup(search, null).page)).toEqual({ heading: FAILED_HEADING, text: NOT_STARTED_HERE, close: false });
  });

  test('bad parameters → the error, nothing posted', async () => {
    const frame = fakeWindow();
    expect(await handOverSocialSignIn(popup(query({ code: 'abc' }), fakeWindow([frame.win]).win).page)).toEqual({ heading: FAILED_HEADING, text: BAD_CALLBACK, close: false });
    expect(frame.posted).toEqual([]);
  });
});

describe('framesOf', () => {
  test(`breadth first, ${MAX_FRAME_DEPTH} levels deep at most (a modal inside the host's own iframe is found)`, () => {
    const deepest = fakeWindow();
    const level3 = fakeWindow([deepest.win]);
    const level2 = fakeWindow([level3.win]);
    const level1 = fakeWindow([level2.win]);
    const found = framesOf(fakeWindow([level1.win]).win);
    expect(found).toEqual([level1.win, level2.win, level3.win]);
    expect(found).not.toContain(deepest.win);
  });

  test(`${MAX_FRAMES} frames at most; a frame whose length throws is skipped`, () => {
    const many = Array.from({ length: MAX_FRAMES + 10 }, () => fakeWindow().win);
    expect(framesOf(fakeWindow(many).win)).toHaveLength(MAX_FRAMES);
    const hostile = { get length(): number { throw new Error('blocked'); }, postMessage() {} } as CrossOriginWindow;
    const sibling = fakeWindow().win;
    expect(framesOf(fakeWindow([hostile, sibling]).win)).toEqual([hostile, sibling]);
  });
});

describe('the callback page (template in happy-dom)', () => {
  let template: string;
  beforeAll(async () => {
    template = await readFile(new URL('../src/callback/index.html', import.meta.url), 'utf8');
  });

  function page(search: string, opener: CrossOriginWindow | null) {
    const window = new Window({ url: `${SITE}/social/callback${search}` });
    window.document.write(template);
    const closed = { count: 0 };
    const p = popup(search, opener);
    const run = () => runSocialCallback({ ...p.page, document: window.document as unknown as Document, close: () => void closed.count++ });
    const seen = () => ({
      heading: window.document.querySelector('h1')?.textContent,
      status: window.document.querySelector('[role="status"]')?.textContent,
    });
    return { run, seen, closed, reply: p.reply };
  }

  test('before the script: a heading and a status line say what is going on', () => {
    expect(page('', null).seen()).toEqual({ heading: 'Finishing sign-in', status: "Handing the provider's answer back to the site…" });
  });

  test('the frame takes the answer → says so, the window closes', async () => {
    const shown = page(query({ error: 'access_denied', state: STATE }), fakeWindow([fakeWindow().win]).win);
    const running = shown.run();
    shown.reply(SITE, { type: SOCIAL_CALLBACK_TAKEN, state: STATE });
    await running;
    expect(shown.seen()).toEqual({ heading: HANDED_OVER_HEADING, status: HANDED_OVER_TEXT });
    expect(shown.closed.count).toBe(1);
  });

  test('opened on its own (no opener) → not started here, the window stays open', async () => {
    const alone = page(query({ code: 'abc', state: STATE }), null);
    await alone.run();
    expect(alone.seen()).toEqual({ heading: FAILED_HEADING, status: NOT_STARTED_HERE });
    expect(alone.closed.count).toBe(0);
  });
});

/**
 * The social callback page's script without a browser: the provider's query → the finish body (the API's rules,
 * each bound at its edge), what the page says and whether it closes for each API answer, and the whole page
 * (src/callback/index.html in happy-dom) against the API double.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, rs, test } from '@rstest/core';
import { Window } from 'happy-dom';
import {
  API_UNREACHABLE,
  BAD_CALLBACK,
  FAILED_HEADING,
  finishBodyFromQuery,
  finishSocialSignIn,
  FINISH_TIMEOUT_MS,
  MAX_SHOWN_ERROR_CHARS,
  PAGE_BROKEN,
  runSocialCallback,
  SIGNED_IN_HEADING,
  SIGNED_IN_TEXT,
} from '../src/callback/callback';
import { SOCIAL_MESSAGES, startApiDouble, type ApiDouble } from './api-double';

const STATE = 'A'.repeat(42) + 'b';
const ISS = 'http://127.0.0.1:8790/google';
const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('finishBodyFromQuery', () => {
  test('state with code (and iss), or state with error; other parameters are left out', () => {
    expect(finishBodyFromQuery(query({ code: 'abc.DEF-1', state: STATE, iss: ISS, scope: 'openid', authuser: '0' }))).toEqual({ state: STATE, code: 'abc.DEF-1', iss: ISS });
    expect(finishBodyFromQuery(query({ error: 'access_denied', error_description: 'The user said no', state: STATE }))).toEqual({ state: STATE, error: 'access_denied' });
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
    for (const search of bad) expect(finishBodyFromQuery(search)).toBeUndefined();
  });

  test('limits: code ≤ 2,048 characters, iss ≤ 2,048, error ≤ 128', () => {
    expect(finishBodyFromQuery(query({ state: STATE, code: 'c'.repeat(2048) }))?.code).toHaveLength(2048);
    expect(finishBodyFromQuery(query({ state: STATE, code: 'c'.repeat(2049) }))).toBeUndefined();
    const longIss = `https://issuer.example/${'p'.repeat(2048 - 'https://issuer.example/'.length)}`;
    expect(finishBodyFromQuery(query({ state: STATE, code: 'c', iss: longIss }))?.iss).toBe(longIss);
    expect(finishBodyFromQuery(query({ state: STATE, code: 'c', iss: `${longIss}p` }))).toBeUndefined();
    expect(finishBodyFromQuery(query({ state: STATE, error: 'e'.repeat(128) }))?.error).toHaveLength(128);
    expect(finishBodyFromQuery(query({ state: STATE, error: 'e'.repeat(129) }))).toBeUndefined();
  });
});

/** A fetch double answering `status` with `body` and recording what was sent. */
function answering(status: number, body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetchDouble = (async (url: string | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), init });
    return new Response(body === undefined ? 'not json' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fetchDouble, sent };
}

describe('finishSocialSignIn', () => {
  const apiUrl = 'http://127.0.0.1:8788';
  const search = query({ code: 'abc', state: STATE, iss: ISS });

  test('posts the body to the API; success → signed in, close', async () => {
    const api = answering(200, { ok: true });
    expect(await finishSocialSignIn({ search, apiUrl, fetch: api.fetch })).toEqual({ heading: SIGNED_IN_HEADING, text: SIGNED_IN_TEXT, close: true });
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.url).toBe(`${apiUrl}/v1/auth/social/finish`);
    expect(api.sent[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(api.sent[0]!.init.body))).toEqual({ state: STATE, code: 'abc', iss: ISS });
  });

  test("bad parameters → the error, nothing sent, stays open", async () => {
    const api = answering(200, { ok: true });
    expect(await finishSocialSignIn({ search: query({ code: 'abc' }), apiUrl, fetch: api.fetch })).toEqual({ heading: FAILED_HEADING, text: BAD_CALLBACK, close: false });
    expect(api.sent).toHaveLength(0);
  });

  test("the sign-in's stored outcome (400, 502, 503) → the API's words, close", async () => {
    for (const [status, error] of [
      [400, SOCIAL_MESSAGES.cancelled],
      [400, SOCIAL_MESSAGES.unusable],
      [502, "The provider's answer could not be verified. Please try again"],
      [503, 'The provider could not be reached. Please try again later'],
    ] as const) {
      expect(await finishSocialSignIn({ search, apiUrl, fetch: answering(status, { error }).fetch })).toEqual({ heading: FAILED_HEADING, text: error, close: true });
    }
  });

  test('answers that settle nothing (origin refused, rate limit, a crash, not JSON) → shown, stays open', async () => {
    expect(await finishSocialSignIn({ search, apiUrl, fetch: answering(403, { error: 'Unauthorized: origin not allowed' }).fetch })).toEqual({
      heading: FAILED_HEADING,
      text: 'Unauthorized: origin not allowed',
      close: false,
    });
    expect((await finishSocialSignIn({ search, apiUrl, fetch: answering(429, { error: 'Please try again after 60 seconds' }).fetch })).close).toBe(false);
    expect(await finishSocialSignIn({ search, apiUrl, fetch: answering(500, undefined).fetch })).toEqual({
      heading: FAILED_HEADING,
      text: 'The Portico API answered 500. Please close this window and try again',
      close: false,
    });
  });

  test(`an API error is shown up to ${MAX_SHOWN_ERROR_CHARS} characters`, async () => {
    const outcome = await finishSocialSignIn({ search, apiUrl, fetch: answering(400, { error: 'x'.repeat(MAX_SHOWN_ERROR_CHARS + 1) }).fetch });
    expect(outcome.text).toBe('x'.repeat(MAX_SHOWN_ERROR_CHARS));
  });

  test('the API unreachable → stays open with the error', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await finishSocialSignIn({ search, apiUrl, fetch: down })).toEqual({ heading: FAILED_HEADING, text: API_UNREACHABLE, close: false });
  });

  test(`the API's answer is awaited ${FINISH_TIMEOUT_MS / 1000} s at most`, async () => {
    const timeout = rs.spyOn(AbortSignal, 'timeout');
    try {
      await finishSocialSignIn({ search, apiUrl, fetch: answering(200, { ok: true }).fetch });
      expect(timeout).toHaveBeenCalledWith(FINISH_TIMEOUT_MS);
    } finally {
      timeout.mockRestore();
    }
    // A silent API: the page gives up and says so.
    const silent = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch;
    expect(await finishSocialSignIn({ search, apiUrl, fetch: silent, timeoutMs: 20 })).toEqual({ heading: FAILED_HEADING, text: API_UNREACHABLE, close: false });
  });
});

describe('the callback page (template in happy-dom, the API double)', () => {
  let api: ApiDouble;
  let template: string;
  beforeAll(async () => {
    api = await startApiDouble();
    template = await readFile(new URL('../src/callback/index.html', import.meta.url), 'utf8');
  });
  afterAll(() => api?.close());

  /** The page as served: its template with the server's meta; `close` counted. */
  function page(search: string, meta: string | null = JSON.stringify({ apiUrl: api.url })) {
    const window = new Window({ url: `http://127.0.0.1:3010/social/callback${search}` });
    window.document.write(template);
    const closed = { count: 0 };
    // As a browser does: this site's Origin on the cross-origin POST.
    const browserFetch: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: 'http://127.0.0.1:3010' } });
    const run = () => runSocialCallback({ search, metaContent: meta, fetch: browserFetch, document: window.document as unknown as Document, close: () => void closed.count++ });
    const seen = () => ({
      heading: window.document.querySelector('h1')?.textContent,
      status: window.document.querySelector('[role="status"]')?.textContent,
    });
    return { run, seen, closed };
  }

  test('before the script: a heading and a status line say what is going on', () => {
    const { seen } = page('');
    expect(seen()).toEqual({ heading: 'Finishing sign-in', status: "Reporting the provider's answer to Portico…" });
  });

  test('a provider answer the API settles → its words, the window closes', async () => {
    const start = await fetch(`${api.url}/v1/auth/social/start?projectId=portico-demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', projectId: 'portico-demo', deviceId: 'd'.repeat(32) }),
    });
    const { state } = (await start.json()) as { state: string };
    const cancelled = page(query({ error: 'access_denied', state }));
    await cancelled.run();
    expect(cancelled.seen()).toEqual({ heading: FAILED_HEADING, status: SOCIAL_MESSAGES.cancelled });
    expect(cancelled.closed.count).toBe(1);
    expect(api.finishBodies.at(-1)).toEqual({ state, error: 'access_denied' });
  });

  test('bad parameters → the error, nothing sent, the window stays open', async () => {
    const before = api.finishBodies.length;
    const broken = page(query({ code: 'abc', state: 'tampered' }));
    await broken.run();
    expect(broken.seen()).toEqual({ heading: FAILED_HEADING, status: BAD_CALLBACK });
    expect(broken.closed.count).toBe(0);
    expect(api.finishBodies).toHaveLength(before);
  });

  test('no server config → the error, nothing sent', async () => {
    const before = api.finishBodies.length;
    const bare = page(query({ code: 'abc', state: STATE }), null);
    await bare.run();
    expect(bare.seen()).toEqual({ heading: FAILED_HEADING, status: PAGE_BROKEN });
    expect(api.finishBodies).toHaveLength(before);
  });
});

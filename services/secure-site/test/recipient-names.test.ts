/**
 * The approval screen's recipient names (src/page/recipient-names.ts) against a fetch double: the API's identity
 * route asked on the request's chain; a name only from a clean reply within the time limit and within the rules
 * (no control, format or space characters, no brackets, nothing that reads as an address, at most 100 characters);
 * anything else gives no name, so the screen shows the address alone.
 */
import { describe, expect, test } from '@rstest/core';
import { createNameLookup, MAX_NAME_CHARS } from '../src/page/recipient-names';

const API = 'http://127.0.0.1:8788';
const BOB = '0x2222222222222222222222222222222222222222';

/** A fetch that answers every request with `answer` and keeps what was asked. */
function apiAnswering(answer: (url: URL) => Response | Promise<Response>) {
  const asked: { url: URL; signal?: AbortSignal | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    asked.push({ url, signal: init?.signal });
    return answer(url);
  }) as typeof globalThis.fetch;
  return { asked, lookup: createNameLookup({ apiUrl: API, projectId: 'project-1', fetch, timeoutMs: 50 }) };
}

const nameReply = (name: unknown) => Response.json({ name, avatar: null });

describe('recipient names', () => {
  test("asks the API's identity route on the request's chain, and answers its name", async () => {
    const { asked, lookup } = apiAnswering(() => nameReply('bob.portico.eth'));
    expect(await lookup(BOB, 31337)).toBe('bob.portico.eth');
    expect(asked).toHaveLength(1);
    const [{ url, signal }] = asked as [(typeof asked)[number]];
    expect(url.origin + url.pathname).toBe(`${API}/v1/identity/${BOB}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ chainId: 'eip155:31337', projectId: 'project-1' });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  test('no name, an error status, a reply off the contract or a failed fetch: no name', async () => {
    const answers: (() => Response | Promise<Response>)[] = [
      () => nameReply(null),
      () => Response.json({ error: 'chainId: not supported' }, { status: 400 }),
      () => Response.json({ name: 'bob.portico.eth' }, { status: 500 }),
      () => Response.json({ name: 42 }),
      () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    for (const answer of answers) expect(await apiAnswering(answer).lookup(BOB, 1)).toBeUndefined();
  });

  test('a name off the rules is not shown', async () => {
    const refused = [
      '',
      'a'.repeat(MAX_NAME_CHARS + 1),
      // Right-to-left override and zero-width space: the text would not read as it is.
      '\u202Ehte.bob',
      'bob\u200B.eth',
      'bob\n.eth',
      'bob .eth',
      // It could draw its own "name (address)".
      'bob.eth(0x2222',
      'bob[1].eth',
      '0xA11CE5.eth',
    ];
    for (const name of refused) expect(await apiAnswering(() => nameReply(name)).lookup(BOB, 1)).toBeUndefined();
    for (const name of ['alice.portico.eth', 'münchen.eth', 'a'.repeat(MAX_NAME_CHARS)]) expect(await apiAnswering(() => nameReply(name)).lookup(BOB, 1)).toBe(name);
  });

  test('no answer within the time limit: no name, even from a fetch that ignores the abort', async () => {
    const ignoring = apiAnswering(() => new Promise<Response>(() => {}));
    expect(await ignoring.lookup(BOB, 1)).toBeUndefined();
    const slowBody = apiAnswering(() => new Response(new ReadableStream({ start: () => {} })));
    expect(await slowBody.lookup(BOB, 1)).toBeUndefined();
  });
});

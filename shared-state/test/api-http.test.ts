import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import * as z from 'zod/mini';
import { HttpRequestError, InvalidResponseError, TimeoutError, requestJson } from '../src/api/http';
import { apiUrl, fetchAllowedOrigins } from '../src/api/client';
import { fetchWalletPage } from '../src/api/wallets';
import { SDK_TYPE, SDK_VERSION } from '../src/constants';
import { ORIGIN_NOT_ALLOWED } from '../src/api/origin-refusal';
import { RETRY_WAIT_MAX_MS, ServiceBusyError, retryAfterMs } from '../src/api/retry';
import { apiStub, unreachableUrl, type ApiReply, type ApiStub } from '@portico/test-kit';

const itemSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    '* /ok': { json: { data: [{ id: 'a' }, { id: 'b' }] } },
    '* /echo': (request) => ({ json: { data: [{ id: request.body }] } }),
    '* /malformed': { text: '{"data": [' },
    '* /mismatch': { json: { data: [{ id: 'a' }, { id: 7 }] } },
    '* /broken': { status: 500, text: 'upstream exploded' },
    '* /hang': { hang: true },
    '* /stalled-body': { partial: '{"data": [' },
    '* /stalled-error': { status: 400, partial: 'upstream' },
    '* /slow': { delayMs: 10_000, json: { data: [] } },
  });
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  api.reset();
});

/** Runs `promise` and returns what it threw (fails the test if it resolved). */
async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('requestJson', () => {
  it('parses a reply through the schema', async () => {
    await expect(requestJson({ url: `${api.url}/ok`, schema: itemSchema })).resolves.toEqual({
      data: [{ id: 'a' }, { id: 'b' }],
    });
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/ok' });
  });

  it('POSTs a JSON body with a content type', async () => {
    const reply = await requestJson({ url: `${api.url}/echo`, schema: itemSchema, method: 'POST', body: { x: 1 } });
    expect(reply.data[0]?.id).toBe('{"x":1}');
    expect(api.requests[0]?.method).toBe('POST');
    expect(api.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('a reply that is not JSON is an InvalidResponseError', async () => {
    const error = await failure(requestJson({ url: `${api.url}/malformed`, schema: itemSchema }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.shortMessage).toBe('The service sent a reply Portico could not read.');
    expect(error.details).toContain('not JSON');
  });

  it('a reply of the wrong shape is an InvalidResponseError naming the path', async () => {
    const error = await failure(requestJson({ url: `${api.url}/mismatch`, schema: itemSchema }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.details).toContain(`${api.url}/mismatch`);
    expect(error.details).toContain('data.1.id');
  });

  it('HTTP 500 is an HttpRequestError with the status and the body', async () => {
    const error = await failure(requestJson({ url: `${api.url}/broken`, schema: itemSchema }));
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error.shortMessage).toBe('HTTP request failed.');
    expect(error.status).toBe(500);
    expect(error.details).toContain('answered 500');
    expect(error.details).toContain('upstream exploded');
  });

  it('a server that never answers fails with TimeoutError after timeoutMs', async () => {
    const started = performance.now();
    const error = await failure(requestJson({ url: `${api.url}/hang`, schema: itemSchema, timeoutMs: 150 }));
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.shortMessage).toBe('The request took too long to respond.');
    expect(error.message).toContain('The request took too long to respond.');
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('a reply whose body stalls also fails with TimeoutError after timeoutMs', async () => {
    const started = performance.now();
    const error = await failure(requestJson({ url: `${api.url}/stalled-body`, schema: itemSchema, timeoutMs: 150 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(3_000);
    const errorBody = await failure(requestJson({ url: `${api.url}/stalled-error`, schema: itemSchema, timeoutMs: 150 }));
    // An error that is not retried still reports its status when its body stalls.
    expect(errorBody).toBeInstanceOf(HttpRequestError);
    expect(errorBody.status).toBe(400);
  });

  it('an external AbortSignal aborts the request (not reported as a timeout)', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const pending = requestJson({ url: `${api.url}/slow`, schema: itemSchema, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error.cause as Error).name).toBe('AbortError');
  });

  it('an external abort while the body streams is an HttpRequestError, not a bad reply', async () => {
    const controller = new AbortController();
    const pending = requestJson({ url: `${api.url}/stalled-body`, schema: itemSchema, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const error = await failure(pending);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).not.toBeInstanceOf(InvalidResponseError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it('an already-aborted signal never reaches the server', async () => {
    const error = await failure(requestJson({ url: `${api.url}/ok`, schema: itemSchema, signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(api.requests).toHaveLength(0);
  });

  it('a refused connection is an HttpRequestError without status', async () => {
    const error = await failure(requestJson({ url: `${await unreachableUrl()}/ok`, schema: itemSchema }));
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error.status).toBeUndefined();
  });
});

describe('requestJson retries (spec §8/§9: 3 retries, 150 ms backoff or Retry-After)', () => {
  const ok: ApiReply = { json: { data: [] } };
  /** `path` answers `first` for its first `times` requests, then 200. */
  const failFirst = (path: string, first: ApiReply, times = 1) => {
    api.override({ [`* ${path}`]: () => (api.requestsTo(path).length <= times ? first : ok) });
  };

  it('a 503 with Retry-After: 1 is asked again after a second, then succeeds', async () => {
    failFirst('/busy', { status: 503, json: { error: 'busy' }, headers: { 'retry-after': '1' } });
    const started = performance.now();
    await expect(requestJson({ url: `${api.url}/busy`, schema: itemSchema })).resolves.toEqual({ data: [] });
    expect(api.requestsTo('/busy')).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a 500 is retried 3 times with exponential backoff (150, 300, 600 ms), then fails', async () => {
    api.override({ '* /*': { status: 500, text: 'down' } });
    const started = performance.now();
    const error = await failure(requestJson({ url: `${api.url}/down`, schema: itemSchema }));
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error.status).toBe(500);
    expect(api.requestsTo('/down')).toHaveLength(4);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('each retried status is retried; 400 and 404 are not', async () => {
    for (const status of [403, 408, 413, 429, 500, 502, 503, 504]) {
      failFirst(`/s${status}`, { status, json: {}, headers: { 'retry-after': '0' } });
      await requestJson({ url: `${api.url}/s${status}`, schema: itemSchema });
      expect(api.requestsTo(`/s${status}`)).toHaveLength(2);
    }
    for (const status of [400, 404]) {
      failFirst(`/s${status}`, { status, json: {} });
      expect(await failure(requestJson({ url: `${api.url}/s${status}`, schema: itemSchema }))).toBeInstanceOf(HttpRequestError);
      expect(api.requestsTo(`/s${status}`)).toHaveLength(1);
    }
  });

  it('a Retry-After of an hour is not waited for: it fails at once with a clear error', async () => {
    api.override({ '* /*': { status: 429, json: { error: 'Too many requests' }, headers: { 'retry-after': '3600' } } });
    const started = performance.now();
    const error = await failure(requestJson({ url: `${api.url}/limited`, schema: itemSchema }));
    expect(performance.now() - started).toBeLessThan(RETRY_WAIT_MAX_MS);
    expect(error).toBeInstanceOf(ServiceBusyError);
    expect(error.shortMessage).toBe('The service is busy. Try again in 3600 seconds.');
    expect(api.requestsTo('/limited')).toHaveLength(1);
  });

  it('a Retry-After up to the 10 s request timeout is honoured (here 6 s, over the old 5 s cap)', async () => {
    failFirst('/later', { status: 503, json: {}, headers: { 'retry-after': '6' } });
    const started = performance.now();
    await requestJson({ url: `${api.url}/later`, schema: itemSchema });
    expect(performance.now() - started).toBeGreaterThanOrEqual(5_900);
    expect(api.requestsTo('/later')).toHaveLength(2);
  }, 15_000);

  it('the timeout covers the waits between retries', async () => {
    api.override({ '* /*': { status: 503, json: {}, headers: { 'retry-after': '2' } } });
    const error = await failure(requestJson({ url: `${api.url}/slow-retry`, schema: itemSchema, timeoutMs: 300 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(api.requestsTo('/slow-retry')).toHaveLength(1);
  });

  it('a POST that changes state is resent only on 429 and 503 (the server did not act)', async () => {
    for (const status of [500, 502, 504, 408, 403]) {
      failFirst(`/post${status}`, { status, json: {} });
      await failure(requestJson({ url: `${api.url}/post${status}`, schema: itemSchema, method: 'POST', body: {} }));
      expect(api.requestsTo(`/post${status}`)).toHaveLength(1);
    }
    for (const status of [429, 503]) {
      failFirst(`/post${status}`, { status, json: {}, headers: { 'retry-after': '0' } });
      await requestJson({ url: `${api.url}/post${status}`, schema: itemSchema, method: 'POST', body: {} });
      expect(api.requestsTo(`/post${status}`)).toHaveLength(2);
    }
  });

  it('an idempotent POST (a build or a quote) is retried like a GET', async () => {
    failFirst('/build', { status: 502, json: {} });
    await requestJson({ url: `${api.url}/build`, schema: itemSchema, method: 'POST', body: {}, idempotent: true });
    expect(api.requestsTo('/build')).toHaveLength(2);
  });

  it('a 403 "Unauthorized: origin not allowed" is not retried; another 403 is', async () => {
    api.override({ '* /*': { status: 403, json: { error: ORIGIN_NOT_ALLOWED } } });
    const error = await failure(requestJson({ url: `${api.url}/refused`, schema: itemSchema }));
    expect(error.status).toBe(403);
    expect(error.details).toContain(ORIGIN_NOT_ALLOWED);
    expect(api.requestsTo('/refused')).toHaveLength(1);
    failFirst('/flaky-403', { status: 403, json: { error: 'edge refused' } });
    await requestJson({ url: `${api.url}/flaky-403`, schema: itemSchema });
    expect(api.requestsTo('/flaky-403')).toHaveLength(2);
  });
});

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates; ignores garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('apiUrl', () => {
  it('carries projectId, st and sv, then the non-empty params', () => {
    const url = new URL(
      apiUrl({ apiUrl: 'http://api.example/base', projectId: 'p 1' }, 'v1/wallets', {
        page: 2,
        search: '',
        include: undefined,
        chains: 'eip155:1',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://api.example/base/v1/wallets');
    expect(url.searchParams.get('projectId')).toBe('p 1');
    expect(url.searchParams.get('st')).toBe(SDK_TYPE);
    expect(url.searchParams.get('sv')).toBe(SDK_VERSION);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('chains')).toBe('eip155:1');
    expect(url.searchParams.has('search')).toBe(false);
    expect(url.searchParams.has('include')).toBe(false);
  });

  it('keeps a base path whether or not it ends with a slash', () => {
    const context = { apiUrl: 'http://api.example/base/', projectId: 'p' };
    expect(new URL(apiUrl(context, 'v1/x')).pathname).toBe('/base/v1/x');
  });
});

describe('fetchWalletPage', () => {
  it('sends page, entries, search, joined include/exclude/chains and badge_type', async () => {
    api.override({ '* /*': { json: { count: 1, data: [{ id: 'w1', name: 'Wallet 1' }] } } });
    const page = await fetchWalletPage(
      { apiUrl: api.url, projectId: 'proj' },
      {
        page: 3,
        entries: 40,
        search: 'meta',
        include: ['a', 'b'],
        exclude: ['c', 'd'],
        chains: ['eip155:1', 'eip155:10'],
        badgeType: 'certified',
      },
    );
    expect(page).toEqual({ count: 1, data: [{ id: 'w1', name: 'Wallet 1' }] });
    const [request] = api.requests;
    expect(request?.path).toBe('/v1/wallets');
    expect(Object.fromEntries(request!.params)).toEqual({
      projectId: 'proj',
      st: SDK_TYPE,
      sv: SDK_VERSION,
      page: '3',
      entries: '40',
      search: 'meta',
      include: 'a,b',
      exclude: 'c,d',
      chains: 'eip155:1,eip155:10',
      badge_type: 'certified',
    });
  });

  it('leaves out lists that are not given', async () => {
    api.override({ '* /*': { json: { count: 0, data: [] } } });
    await fetchWalletPage({ apiUrl: api.url, projectId: 'proj' }, { page: 1, entries: 40 });
    const params = api.requests[0]!.params;
    for (const key of ['search', 'include', 'exclude', 'chains', 'badge_type']) expect(params.has(key)).toBe(false);
  });

  it('uses the context fetch when given', async () => {
    const seen: string[] = [];
    const stubFetch = (async (input: string | URL | Request) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ count: 0, data: [] }), { status: 200 });
    }) as typeof fetch;
    await fetchWalletPage({ apiUrl: 'http://nowhere.invalid', projectId: 'p', fetch: stubFetch }, { page: 1, entries: 4 });
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!).pathname).toBe('/v1/wallets');
  });
});

describe('fetchAllowedOrigins', () => {
  it('reads the project allow-list', async () => {
    api.override({ 'GET /v1/projects/my%20proj/allowed-origins': { json: { allowedOrigins: ['https://a.example'] } } });
    await expect(fetchAllowedOrigins({ apiUrl: api.url, projectId: 'my proj' })).resolves.toEqual(['https://a.example']);
  });
});

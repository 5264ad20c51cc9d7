import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import * as z from 'zod/mini';
import { HttpRequestError, InvalidResponseError, TimeoutError, requestJson } from '../src/api/http';
import { apiUrl, fetchAllowedOrigins } from '../src/api/client';
import { fetchWalletPage } from '../src/api/wallets';
import { SDK_TYPE, SDK_VERSION } from '../src/constants';
import { startStubApi, unreachableUrl, type StubApi } from './helpers/api-server';

const itemSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.handle = (request) => {
    switch (request.path) {
      case '/ok':
        return { json: { data: [{ id: 'a' }, { id: 'b' }] } };
      case '/echo':
        return { json: { data: [{ id: request.body }] } };
      case '/malformed':
        return { text: '{"data": [' };
      case '/mismatch':
        return { json: { data: [{ id: 'a' }, { id: 7 }] } };
      case '/broken':
        return { status: 500, text: 'upstream exploded' };
      case '/hang':
        return { hang: true };
      case '/stalled-body':
        return { partial: '{"data": [' };
      case '/stalled-error':
        return { status: 500, partial: 'upstream' };
      case '/slow':
        return { delayMs: 10_000, json: { data: [] } };
      default:
        return undefined;
    }
  };
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
    expect(errorBody).toBeInstanceOf(HttpRequestError);
    expect(errorBody.status).toBe(500);
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
    api.handle = () => ({ json: { count: 1, data: [{ id: 'w1', name: 'Wallet 1' }] } });
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
    api.handle = () => ({ json: { count: 0, data: [] } });
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
    api.handle = (request) =>
      request.path === '/v1/projects/my%20proj/allowed-origins' ? { json: { allowedOrigins: ['https://a.example'] } } : undefined;
    await expect(fetchAllowedOrigins({ apiUrl: api.url, projectId: 'my proj' })).resolves.toEqual(['https://a.example']);
  });
});

/**
 * Every route that takes a body reads JSON only: `text/plain`, form and multipart bodies — what a page
 * may send cross-origin without a preflight — are answered 415 by the one validator. The routes are
 * read from the app's own route table (createApp), so a route added later is covered without a list.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createApp, type AppContext } from '../src/app';
import { JSON_ONLY } from '../src/http/validate';
import type { RunningApi } from '../src/server';
import { getJson, PROJECT, start } from './helpers';

/** The HTML pages' own forms (their pages post `application/x-www-form-urlencoded`); every other body route is JSON. */
const FORM_ROUTES = ['POST /v1/auth/device/approve', 'POST /onramp-demo/complete'];
const JSON_RPC_ROUTES = ['POST /v1', 'POST /v1/'];
const REFUSED_TYPES = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD /path` of every body-taking route the API serves (the route table only: nothing is called). */
function bodyRoutes(): string[] {
  const app = createApp({} as AppContext);
  return [...new Set(app.routes.filter((r) => BODY_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`))];
}

/** A concrete URL for a route pattern (`:address` → an address, any other parameter → a plain value). */
function concrete(path: string): string {
  return path.replace(/:address\b/g, '0x0000000000000000000000000000000000000001').replace(/:projectId\b/g, PROJECT).replace(/:\w+/g, 'x');
}

let api: RunningApi;
beforeAll(async () => {
  api = await start({ development: true, indexer: { enabled: false } });
});
afterAll(async () => {
  await api?.close();
});

describe('JSON bodies only', () => {
  const routes = bodyRoutes();
  const jsonRoutes = routes.filter((route) => !FORM_ROUTES.includes(route));

  test('the route table has the body routes this test walks: the JSON ones and the two HTML forms', () => {
    for (const route of [...FORM_ROUTES, ...JSON_RPC_ROUTES, 'POST /v1/sessions/nonce', 'POST /v1/onramp/quote', 'POST /v1/fungible/price', 'PUT /v1/auth/wallet', 'POST /v1/auth/social/start']) {
      expect(routes).toContain(route);
    }
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(25);
  });

  test('every JSON route answers 415 to text/plain, form and multipart bodies (the JSON-RPC endpoint in JSON-RPC form)', async () => {
    const answers: Record<string, unknown> = {};
    for (const route of jsonRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      for (const type of REFUSED_TYPES) {
        const url = `${api.url}${concrete(path)}?projectId=${PROJECT}&chainId=eip155:31337`;
        const { status, body } = await getJson(url, { method, headers: { 'content-type': type }, body: '{}' });
        answers[`${route} (${type})`] = { status, body };
      }
    }
    const expected = Object.fromEntries(
      Object.keys(answers).map((name) => [
        name,
        JSON_RPC_ROUTES.some((route) => name.startsWith(`${route} (`))
          ? { status: 415, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: Content-Type must be application/json' } } }
          : { status: 415, body: { error: JSON_ONLY } },
      ]),
    );
    expect(answers).toEqual(expected);
  });

  test('a JSON body, or none at all on a route that reads none (the modal asks for a sign-in nonce so), is taken', async () => {
    const nonce = `${api.url}/v1/sessions/nonce?projectId=${PROJECT}`;
    expect((await getJson(nonce, { method: 'POST' })).status).toBe(201);
    expect((await getJson(nonce, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{}' })).status).toBe(201);
    // A route with a body needs its Content-Type: JSON sent without one is refused too.
    const quote = await getJson(`${api.url}/v1/onramp/quote?projectId=${PROJECT}`, { method: 'POST', body: new Uint8Array(Buffer.from('{}')) });
    expect(quote).toMatchObject({ status: 415, body: { error: JSON_ONLY } });
  });
});

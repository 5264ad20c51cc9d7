/**
 * The gateway in front of Alto (src/gateway.ts) against a recording double of Alto: what it forwards, what it
 * refuses without forwarding (methods, underpriced operations, other origins, oversized or malformed bodies),
 * and its limits. The same rules against the real Alto: executor.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUNDLER_RPC_METHODS, CORS_MAX_AGE_S, isLoopbackOrigin, MAX_REQUEST_BYTES, startGateway, UPSTREAM_TIMEOUT_MS, type AllowedOrigins, type RunningGateway } from '../src/gateway';

/** Alto's gas price in the double: 2 gwei, priority 1 gwei. */
const GAS_PRICE = { maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' };

let alto: Server;
let altoUrl: string;
let forwarded: { method: string; body: string }[] = [];
/** When set, the double never answers (the timeout test). */
let altoHangs = false;

beforeAll(async () => {
  alto = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (altoHangs) return;
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      if (method === 'pimlico_getUserOperationGasPrice') {
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: { slow: GAS_PRICE, standard: GAS_PRICE, fast: GAS_PRICE } }));
        return;
      }
      forwarded.push({ method, body });
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: `answered by Alto: ${method}` }));
    });
  });
  await new Promise<void>((resolve) => alto.listen(0, '127.0.0.1', resolve));
  altoUrl = `http://127.0.0.1:${(alto.address() as AddressInfo).port}/rpc`;
});
afterAll(() => new Promise<void>((resolve) => alto.close(() => resolve())));

const gateways: RunningGateway[] = [];
afterEach(async () => {
  forwarded = [];
  altoHangs = false;
  await Promise.all(gateways.splice(0).map((g) => g.stop()));
});

async function gateway(allowedOrigins: AllowedOrigins = { origins: [], loopback: true }, upstreamTimeoutMs?: number) {
  const started = await startGateway({ host: '127.0.0.1', port: 0, upstreamUrl: altoUrl, allowedOrigins, upstreamTimeoutMs });
  gateways.push(started);
  return started.url;
}

const rpc = (method: string, params: unknown[] = []) => JSON.stringify({ jsonrpc: '2.0', id: 7, method, params });
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** A user operation as viem sends it; only the fees matter to the gateway. */
const userOperation = (fees: { maxFeePerGas: string; maxPriorityFeePerGas: string }) => ({
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x5208',
  verificationGasLimit: '0x186a0',
  preVerificationGas: '0xc350',
  signature: '0x',
  ...fees,
});
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

describe('the gateway forwards to Alto', () => {
  it('each allowed method, with Alto’s answer unchanged', async () => {
    const url = await gateway();
    for (const method of BUNDLER_RPC_METHODS.filter((m) => m !== 'eth_sendUserOperation')) {
      const response = await post(url, rpc(method));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(method === 'pimlico_getUserOperationGasPrice'
        ? { jsonrpc: '2.0', id: 7, result: { slow: GAS_PRICE, standard: GAS_PRICE, fast: GAS_PRICE } }
        : { jsonrpc: '2.0', id: 7, result: `answered by Alto: ${method}` });
    }
  });

  it('a user operation priced at or above Alto’s gas price, as sent', async () => {
    const url = await gateway();
    const body = rpc('eth_sendUserOperation', [userOperation(GAS_PRICE), ENTRY_POINT]);
    expect(await (await post(url, body)).json()).toEqual({ jsonrpc: '2.0', id: 7, result: 'answered by Alto: eth_sendUserOperation' });
    expect(forwarded).toEqual([{ method: 'eth_sendUserOperation', body }]);
  });
});

describe('the gateway refuses, forwarding nothing', () => {
  it('a user operation priced below Alto’s gas price: 1 wei, or a priority fee below its own', async () => {
    const url = await gateway();
    for (const [fees, message] of [
      [{ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }, "maxFeePerGas must be at least 2000000000 wei (the bundler's gas price), not 1: use pimlico_getUserOperationGasPrice"],
      [{ maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0' }, "maxFeePerGas must be at least 2000000000 wei (the bundler's gas price), not 0: use pimlico_getUserOperationGasPrice"],
      [
        { maxFeePerGas: '0xffffffffff', maxPriorityFeePerGas: '0x3b9ac9ff' },
        "maxPriorityFeePerGas must be at least 1000000000 wei (the bundler's gas price), not 999999999: use pimlico_getUserOperationGasPrice",
      ],
    ] as const) {
      const reply = await (await post(url, rpc('eth_sendUserOperation', [userOperation(fees), ENTRY_POINT]))).json();
      expect(reply).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message } });
    }
    expect(forwarded).toEqual([]);
  });

  it('methods outside the allow-list: Alto’s zero-fee boost, instant bundling, debug and node methods', async () => {
    const url = await gateway();
    for (const method of ['boost_sendUserOperation', 'pimlico_sendUserOperationNow', 'debug_bundler_sendBundleNow', 'debug_bundler_clearState', 'eth_sendRawTransaction', 'pimlico_simulateAssetChange']) {
      const reply = await (await post(url, rpc(method, [userOperation({ maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0' }), ENTRY_POINT]))).json();
      expect(reply).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: `Method not supported: ${method} (this bundler serves ${BUNDLER_RPC_METHODS.join(', ')})` } });
    }
    expect(forwarded).toEqual([]);
  });

  it('every path but POST /rpc: Alto’s /v1/rpc (no price floor there), /v2/rpc, / and GET', async () => {
    const url = await gateway();
    const origin = new URL(url).origin;
    for (const path of ['/v1/rpc', '/v2/rpc', '/', '/health']) {
      const response = await post(`${origin}${path}`, rpc('eth_sendUserOperation', [userOperation({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }), ENTRY_POINT]));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found: this bundler answers POST /rpc only' });
    }
    expect((await fetch(url)).status).toBe(404);
    expect(forwarded).toEqual([]);
  });

  it('malformed requests, with the reason', async () => {
    const url = await gateway();
    const cases: [string, Record<string, string>, number, number, string][] = [
      [rpc('eth_chainId'), { 'content-type': 'text/plain' }, 415, -32600, 'The content-type must be application/json'],
      ['{"jsonrpc":', {}, 400, -32700, 'The body is not JSON'],
      [`[${rpc('eth_chainId')}]`, {}, 400, -32600, 'Batch requests are not supported: send one request at a time'],
      [JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'eth_chainId' }), {}, 400, -32600, 'Invalid JSON-RPC request: jsonrpc: Invalid input: expected "2.0"'],
      [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', extra: 1 }), {}, 400, -32600, 'Invalid JSON-RPC request: request: Unrecognized key: "extra"'],
    ];
    for (const [body, headers, status, code, message] of cases) {
      const response = await post(url, body, headers);
      expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { jsonrpc: '2.0', id: null, error: { code, message } } });
    }
    const badFee = await (await post(url, rpc('eth_sendUserOperation', [userOperation({ maxFeePerGas: '1 gwei', maxPriorityFeePerGas: '0x1' }), ENTRY_POINT]))).json();
    expect(badFee).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'Invalid eth_sendUserOperation params: 0.maxFeePerGas: must be a hex quantity of at most 256 bits' },
    });
    expect(forwarded).toEqual([]);
  });
});

describe('CORS: an allow-list of origins', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

  it('a foreign origin gets no Access-Control-Allow-Origin, and its requests are refused', async () => {
    const url = await gateway({ origins: ['https://wallet.example.com'], loopback: true });
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example:3010', 'null', 'https://wallet.example.com.evil.example']) {
      const answer = await preflight(url, origin);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const response = await post(url, rpc('eth_chainId'), { origin });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Origin ${origin} is not allowed to use this bundler` } });
    }
    expect(forwarded).toEqual([]);
  });

  it('an allowed origin, and in development any loopback page, gets its own origin back', async () => {
    const url = await gateway({ origins: ['https://wallet.example.com'], loopback: true });
    for (const origin of ['https://wallet.example.com', 'http://127.0.0.1:3010', 'http://localhost:5173', 'http://[::1]:3010']) {
      const answer = await preflight(url, origin);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      // A browser keeps the preflight's answer CORS_MAX_AGE_S seconds.
      expect(answer.headers.get('access-control-max-age')).toBe(String(CORS_MAX_AGE_S));
      expect(CORS_MAX_AGE_S).toBe(600);
      const response = await post(url, rpc('eth_chainId'), { origin });
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(await response.json()).toMatchObject({ result: 'answered by Alto: eth_chainId' });
    }
  });

  it('without loopback (outside development), loopback pages are foreign too; servers (no Origin) are served', async () => {
    const url = await gateway({ origins: [], loopback: false });
    const response = await post(url, rpc('eth_chainId'), { origin: 'http://127.0.0.1:3010' });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await post(url, rpc('eth_chainId'))).status).toBe(200);
  });

  it('isLoopbackOrigin: http(s) on 127.0.0.1, localhost or [::1], any port; nothing else', () => {
    expect(['http://127.0.0.1:3010', 'https://localhost', 'http://[::1]:8080'].map(isLoopbackOrigin)).toEqual([true, true, true]);
    expect(
      ['http://127.0.0.2:3010', 'http://127.0.0.1:3010/', 'file://localhost', 'http://localhost.example', 'http://0.0.0.0:3010', 'null', ''].map(isLoopbackOrigin),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('limits', () => {
  it(`a body of more than MAX_REQUEST_BYTES (${MAX_REQUEST_BYTES}) is refused with 413`, async () => {
    const url = await gateway();
    const envelope = rpc('eth_estimateUserOperationGas', ['', ENTRY_POINT]);
    const fill = (size: number) => envelope.replace('""', `"${'a'.repeat(size - envelope.length)}"`);
    const tooLarge = await post(url, fill(MAX_REQUEST_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `The request body must be at most ${MAX_REQUEST_BYTES} bytes` } });
    expect((await post(url, fill(MAX_REQUEST_BYTES))).status).toBe(200);
    expect(forwarded).toHaveLength(1);
  });

  it(`Alto not answering within the timeout (default UPSTREAM_TIMEOUT_MS = ${UPSTREAM_TIMEOUT_MS} ms): 502, and no send without a gas price`, async () => {
    expect(UPSTREAM_TIMEOUT_MS).toBe(30_000);
    const url = await gateway(undefined, 300);
    altoHangs = true;
    const started = Date.now();
    const reply = await post(url, rpc('eth_chainId'));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect({ status: reply.status, body: await reply.json() }).toEqual({ status: 502, body: { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'The bundler did not answer' } } });
    const send = await post(url, rpc('eth_sendUserOperation', [userOperation(GAS_PRICE), ENTRY_POINT]));
    expect({ status: send.status, body: await send.json() }).toEqual({
      status: 502,
      body: { jsonrpc: '2.0', id: 7, error: { code: -32603, message: "The bundler's gas price could not be read, so the operation was not sent" } },
    });
  });
});

/**
 * The JSON-RPC endpoint's allow-list, batch cap, content type and re-serialisation, against a
 * recording upstream (a test double standing in for the node: it answers every call it receives
 * and keeps the bodies it was sent); its refusals as viem, a published client, reports them.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createServer, type Server } from 'node:http';
import { createPublicClient, http, MethodNotFoundRpcError } from 'viem';
import type { RunningApi } from '../src/server';
import { ALLOWED_RPC_METHODS } from '../src/rpc/methods';
import { MAX_RPC_BATCH, RPC_NOT_ALLOWED } from '../src/routes/chains';
import { freePort } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = 'eip155:31337';
let node: Server;
let api: RunningApi;
const received: unknown[] = [];

beforeAll(async () => {
  const port = await freePort();
  node = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as { id?: unknown } | { id?: unknown }[];
      received.push(body);
      const answer = (call: { id?: unknown }) => ({ jsonrpc: '2.0', id: call.id ?? null, result: '0x1' });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
    });
  });
  await new Promise<void>((r) => node.listen(port, '127.0.0.1', r));
  api = await start({
    indexer: { enabled: false },
    chains: [{ caipNetworkId: CHAIN, name: 'Recorder', rpcUrl: `http://127.0.0.1:${port}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  });
});
afterAll(async () => {
  await api?.close();
  await new Promise((r) => node?.close(r));
});

const url = () => `${api.url}/v1/?projectId=${PROJECT}&chainId=${CHAIN}`;
const post = (body: unknown, contentType = 'application/json') =>
  getJson(url(), { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const REFUSED = [
  'eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v4', 'eth_sendUnsignedTransaction',
  'eth_accounts', 'eth_requestAccounts', 'eth_coinbase', 'wallet_addEthereumChain', 'wallet_sendCalls', 'personal_sign', 'personal_unlockAccount',
  'trace_block', 'ots_getApiLevel', 'debug_traceTransaction', 'admin_peers', 'txpool_content', 'anvil_setBalance', 'hardhat_impersonateAccount',
  'evm_mine', 'evm_snapshot', 'miner_start', 'eth_noSuchMethod', 'ETH_CALL', 'eth_call ',
];

describe('JSON-RPC proxy allow-list', () => {
  test('reads, net_/web3_ and eth_sendRawTransaction are forwarded', async () => {
    for (const method of ['eth_call', 'eth_getBalance', 'eth_blockNumber', 'eth_chainId', 'eth_getLogs', 'eth_feeHistory', 'eth_getProof', 'net_version', 'net_listening', 'web3_clientVersion', 'eth_sendRawTransaction']) {
      expect(ALLOWED_RPC_METHODS.has(method)).toBe(true);
      const r = await post({ jsonrpc: '2.0', id: method, method, params: [] });
      expect(r).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: method, result: '0x1' } });
    }
  });

  test('signing, wallet, admin, tracing, dev-chain and unknown methods are refused with -32601 (HTTP 200, as RPC providers answer), keeping the id; nothing reaches the node', async () => {
    received.length = 0;
    for (const [i, method] of REFUSED.entries()) {
      const r = await post({ jsonrpc: '2.0', id: i, method, params: [] });
      expect(r).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: i, error: { code: -32601, message: RPC_NOT_ALLOWED } } });
    }
    expect(received).toEqual([]);
  });

  test('a batch: each call checked; only the allowed ones are forwarded, each refused one answered in its place', async () => {
    received.length = 0;
    const r = await post([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_sendTransaction', params: [{}] },
      { jsonrpc: '2.0', id: 3, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 4, method: 'anvil_setBalance', params: ['0x0', '0x0'] },
      { jsonrpc: '2.0', id: 5, method: 'eth_getBalance', params: ['0x0000000000000000000000000000000000000001', 'latest'] },
    ]);
    expect(r.status).toBe(200);
    const refused = { jsonrpc: '2.0', error: { code: -32601, message: RPC_NOT_ALLOWED } };
    expect(r.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { ...refused, id: 2 },
      { jsonrpc: '2.0', id: 3, result: '0x1' },
      { ...refused, id: 4 },
      { jsonrpc: '2.0', id: 5, result: '0x1' },
    ]);
    expect(received).toEqual([[
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 3, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 5, method: 'eth_getBalance', params: ['0x0000000000000000000000000000000000000001', 'latest'] },
    ]]);
    // Every call refused: the errors alone, HTTP 200, still nothing forwarded.
    const allRefused = await post([{ jsonrpc: '2.0', id: 'a', method: 'eth_sign' }, { jsonrpc: '2.0', id: 'b', method: 'evm_mine' }]);
    expect(allRefused).toMatchObject({ status: 200, body: [{ ...refused, id: 'a' }, { ...refused, id: 'b' }] });
    expect(received).toHaveLength(1);
  });

  test("viem hears 'Requested RPC call is not allowed' as the JSON-RPC error it is, for single calls and in batches", async () => {
    for (const batch of [false, true]) {
      const client = createPublicClient({ transport: http(url(), { batch, retryCount: 0 }) });
      // Any method name, as a dapp's provider passes them on (viem's types list only the public ones).
      const ask = (method: string, params: unknown[] = []) => client.request({ method, params } as never);
      const [allowed, signing, devChain] = await Promise.allSettled([
        ask('eth_chainId'),
        ask('eth_sign', ['0x0000000000000000000000000000000000000001', '0x00']),
        ask('evm_mine'),
      ]);
      expect(allowed).toEqual({ status: 'fulfilled', value: '0x1' });
      for (const refused of [signing, devChain]) {
        expect(refused.status).toBe('rejected');
        const error = (refused as PromiseRejectedResult).reason as MethodNotFoundRpcError;
        expect(error).toBeInstanceOf(MethodNotFoundRpcError);
        expect(error.code).toBe(-32601);
        expect(error.details).toBe(RPC_NOT_ALLOWED);
        expect(error.message).toContain(RPC_NOT_ALLOWED);
      }
    }
    // A batch of refused calls only (the API answered it 400, which viem reported as an HTTP failure).
    const batched = createPublicClient({ transport: http(url(), { batch: true, retryCount: 0 }) });
    const refusedOnly = await Promise.allSettled(['eth_accounts', 'eth_coinbase'].map((method) => batched.request({ method } as never)));
    for (const refused of refusedOnly) expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(MethodNotFoundRpcError);
  });

  test(`at most ${MAX_RPC_BATCH} calls per batch`, async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' });
    const full = await post(Array.from({ length: MAX_RPC_BATCH }, (_, i) => call(i)));
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(MAX_RPC_BATCH);
    const over = await post(Array.from({ length: MAX_RPC_BATCH + 1 }, (_, i) => call(i)));
    expect(over).toMatchObject({ status: 200, body: { id: null, error: { code: -32600, message: `Invalid Request: at most ${MAX_RPC_BATCH} calls per batch` } } });
  });

  test('the node receives the validated, re-serialised call, never the raw body', async () => {
    received.length = 0;
    const raw = '{"jsonrpc":"2.0","id":9,"method":"eth_call","params":[{"to":"0x0000000000000000000000000000000000000001"},"latest"],"extra":"x","__proto__":{"polluted":true}}';
    expect((await post(raw)).status).toBe(200);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 9, method: 'eth_call', params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'] }]);
  });

  test('only application/json bodies (415 otherwise); bodies over 1 MB → 413', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      const r = await post(call, type);
      expect(r).toMatchObject({ status: 415, body: { error: { code: -32600, message: 'Invalid Request: Content-Type must be application/json' } } });
    }
    expect((await post(call, 'application/json; charset=utf-8')).status).toBe(200);
    const huge = await post({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [`0x${'00'.repeat(600_000)}`] });
    expect(huge.status).toBe(413);
  });
});

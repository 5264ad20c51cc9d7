import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** 10000 ETH in wei, as anvil funds its first account. */
export const TEN_THOUSAND_ETH_HEX = `0x${(10_000n * 10n ** 18n).toString(16)}`;

/** A tiny JSON-RPC node on 127.0.0.1: answers eth_getBalance and eth_chainId, records every method. */
export interface StubRpc {
  url: string;
  methods: string[];
  /** When set, eth_getBalance answers with this JSON-RPC error. */
  balanceError?: { code: number; message: string };
  /** HTTP failures answered, in order, before any JSON-RPC reply (e.g. a 429 with Retry-After). */
  httpFailures: Array<{ status: number; headers?: Record<string, string>; body?: string }>;
  /** HTTP requests received (a batch counts once). */
  httpRequests: number;
  close(): Promise<void>;
}

export async function startStubRpc(chainIdHex = '0x7a69'): Promise<StubRpc> {
  const state = { methods: [] as string[], httpFailures: [], httpRequests: 0 } as unknown as StubRpc;
  const answer = (request: { id: unknown; method: string }) => {
    state.methods.push(request.method);
    if (request.method === 'eth_chainId') return { jsonrpc: '2.0', id: request.id, result: chainIdHex };
    if (request.method === 'eth_getBalance') {
      if (state.balanceError) return { jsonrpc: '2.0', id: request.id, error: state.balanceError };
      return { jsonrpc: '2.0', id: request.id, result: TEN_THOUSAND_ETH_HEX };
    }
    return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      state.httpRequests++;
      const failure = state.httpFailures.shift();
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
        res.end(failure.body ?? '{}');
        return;
      }
      const parsed = JSON.parse(body);
      const reply = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

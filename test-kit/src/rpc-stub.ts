import { apiStub, type ApiReply } from './api-stub';

/** 10000 ETH in wei, as anvil funds its first account (what rpcStub answers to eth_getBalance). @example BigInt(TEN_THOUSAND_ETH_HEX) */
export const TEN_THOUSAND_ETH_HEX = `0x${(10_000n * 10n ** 18n).toString(16)}`;

/** What rpcStub answers to eth_estimateGas (a plain transfer's 21000) and eth_gasPrice (1 gwei): a 0.000021 ETH fee. */
export const GAS_ESTIMATE_HEX = '0x5208';
export const GAS_PRICE_HEX = '0x3b9aca00';

/**
 * A tiny JSON-RPC node: answers eth_chainId, net_listening, eth_getBalance (10000 ETH), eth_estimateGas and eth_gasPrice; records every method.
 * @example rpc.balanceError = { code: -32602, message: 'invalid params' };
 */
export interface RpcStub {
  /** POST any path under it (e.g. `${rpc.url}/anvil`). */
  url: string;
  /** JSON-RPC methods asked, in order (a batch adds each). */
  methods: string[];
  /** Answers eth_call (hex result); without it, or when it returns undefined, eth_call is 'execution reverted'. */
  ethCall?: (call: { to: string; data: string }) => string | undefined;
  /** When set, eth_getBalance answers with this JSON-RPC error. */
  balanceError?: { code: number; message: string };
  /** HTTP failures answered, in order, before any JSON-RPC reply (e.g. a 429 with Retry-After). */
  httpFailures: Array<{ status: number; headers?: Record<string, string>; /** JSON text. */ body?: string }>;
  /** HTTP requests received (a batch counts once); a test may set it back to 0. */
  httpRequests: number;
  close(): Promise<void>;
}

interface RpcCall {
  id: unknown;
  method: string;
  params?: unknown[];
}

/**
 * Starts a JSON-RPC node on 127.0.0.1 for viem's http transport (served by `apiStub`).
 * @example
 * const rpc = await rpcStub();
 * const network = { ...anvil, rpcUrls: { default: { http: [rpc.url] } } };
 * rpc.httpFailures.push({ status: 429, headers: { 'retry-after': '1' } });
 */
export async function rpcStub(chainIdHex = '0x7a69'): Promise<RpcStub> {
  const answer = (call: RpcCall) => {
    rpc.methods.push(call.method);
    if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: chainIdHex };
    if (call.method === 'net_listening') return { jsonrpc: '2.0', id: call.id, result: true };
    if (call.method === 'eth_getBalance') {
      if (rpc.balanceError) return { jsonrpc: '2.0', id: call.id, error: rpc.balanceError };
      return { jsonrpc: '2.0', id: call.id, result: TEN_THOUSAND_ETH_HEX };
    }
    if (call.method === 'eth_call') {
      const result = rpc.ethCall?.(call.params?.[0] as { to: string; data: string });
      if (result !== undefined) return { jsonrpc: '2.0', id: call.id, result };
      return { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted' } };
    }
    if (call.method === 'eth_estimateGas') return { jsonrpc: '2.0', id: call.id, result: GAS_ESTIMATE_HEX };
    if (call.method === 'eth_gasPrice') return { jsonrpc: '2.0', id: call.id, result: GAS_PRICE_HEX };
    return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } };
  };
  const server = await apiStub({
    'POST /*': (request): ApiReply => {
      rpc.httpRequests++;
      const failure = rpc.httpFailures.shift();
      if (failure) return { status: failure.status, headers: failure.headers, json: JSON.parse(failure.body ?? '{}') };
      const parsed = JSON.parse(request.body) as RpcCall | RpcCall[];
      return { json: Array.isArray(parsed) ? parsed.map(answer) : answer(parsed) };
    },
  });
  const rpc: RpcStub = { url: server.url, methods: [], httpFailures: [], httpRequests: 0, close: server.close };
  return rpc;
}

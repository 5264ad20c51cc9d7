import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { RpcTransport } from '@solana/kit';
import { getNativeBalance } from '../src/adapters/solana/rpc';
import { rankedTransport, scoreTransports } from '../src/adapters/solana/ranked-transport';
import { toCaipNetwork } from '../src/network';
import { solanaLocalnet, solanaRpcStub, type SolanaRpcStub } from '@portico/test-kit';

const WEIGHTS = { stability: 0.7, latency: 0.3 };
const RANK = { interval: 20, timeout: 50, sampleCount: 10, weights: WEIGHTS };

describe('scoreTransports (viem\'s ranking, spec §9 weights)', () => {
  it('stable and fast beats stable and slow beats flaky; never answering scores 0', () => {
    const ok = (latencyMs: number) => ({ latencyMs, ok: true });
    const failed = { latencyMs: 1_000, ok: false };
    const [fast, slow, flaky, dead] = scoreTransports(
      [[ok(10), ok(10)], [ok(100), ok(100)], [ok(10), failed], [failed, failed]],
      WEIGHTS,
    );
    expect(fast).toBeCloseTo(0.7 + 0.3 * 0.9);
    expect(slow).toBeCloseTo(0.7);
    expect(flaky).toBeCloseTo(0.35 + 0.3 * 0.9);
    expect(dead).toBe(0);
    expect(fast!).toBeGreaterThan(slow!);
    expect(slow!).toBeGreaterThan(flaky!);
  });
});

describe('rankedTransport', () => {
  const answering = (name: string, calls: string[]): RpcTransport =>
    (async ({ payload }: { payload: unknown }) => {
      calls.push(name);
      return { jsonrpc: '2.0', id: (payload as { id: unknown }).id, result: name };
    }) as RpcTransport;
  const failing = (name: string, calls: string[]): RpcTransport =>
    (async () => {
      calls.push(name);
      throw new Error(`${name} is down`);
    }) as RpcTransport;
  const request = (transport: RpcTransport) => transport<{ result: string }>({ payload: { jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] } });

  it('a URL that fails is skipped for the next; once pinged, the healthy one is asked first', async () => {
    const calls: string[] = [];
    const transport = rankedTransport([failing('a', calls), answering('b', calls)], async (ranked) => request(ranked), RANK);
    expect((await request(transport)).result).toBe('b');
    await expect.poll(() => calls.filter((name) => name === 'b').length).toBeGreaterThan(2);
    calls.length = 0;
    expect((await request(transport)).result).toBe('b');
    expect(calls[0]).toBe('b');
  });

  it('every URL failing fails with the last error; one URL is used as it is', async () => {
    const calls: string[] = [];
    await expect(request(rankedTransport([failing('a', calls), failing('b', calls)], async () => undefined, RANK))).rejects.toThrow('b is down');
    const only = answering('only', calls);
    expect(rankedTransport([only], async () => undefined, RANK)).toBe(only);
  });
});

describe('Solana reads over every RPC URL of the network', () => {
  let rpc: SolanaRpcStub;
  beforeAll(async () => {
    rpc = await solanaRpcStub();
  });
  afterAll(async () => {
    await rpc.close();
  });

  it('a first URL that refuses connections does not fail the balance', async () => {
    const owner = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    rpc.balances.set(owner, 2_500_000_000);
    const network = toCaipNetwork({ ...solanaLocalnet, name: 'two-urls', rpcUrls: { default: { http: ['http://127.0.0.1:9/', rpc.url] } } });
    await expect(getNativeBalance(owner, network)).resolves.toMatchObject({ decimalText: '2.5' });
    await expect.poll(() => rpc.methods.includes('getHealth')).toBe(true);
  });
});

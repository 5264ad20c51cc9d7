import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { decodeFunctionData, erc20Abi, getAddress, parseUnits } from 'viem';
import { getNativeBalance, toHexQuantity, transferTransaction } from '../src/adapters/eip155/rpc';
import { ORIGIN_NOT_ALLOWED } from '../src/api/origin-refusal';
import { errorText } from '../src/errors';
import { toCaipNetwork } from '../src/network';
import { ACCOUNT, ANVIL_ADDRESS, anvil, rpcStub, type RpcStub } from '@portico/test-kit';

const RECEIVER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

describe('transferTransaction', () => {
  it('native: value in wei to the receiver, no data', () => {
    const transaction = transferTransaction({ from: ANVIL_ADDRESS, to: RECEIVER, amount: '1.5', decimals: 18 });
    expect(transaction).toEqual({
      from: ACCOUNT,
      to: getAddress(RECEIVER),
      value: 1_500_000_000_000_000_000n,
    });
    expect(transaction.data).toBeUndefined();
  });

  it('ERC-20: to the token contract, value 0, data = transfer(receiver, amount in token units)', () => {
    const transaction = transferTransaction({
      from: ANVIL_ADDRESS,
      to: RECEIVER,
      amount: '12.345678',
      decimals: 6,
      tokenAddress: TOKEN,
    });
    expect(transaction.from).toBe(ACCOUNT);
    expect(transaction.to).toBe(getAddress(TOKEN));
    expect(transaction.value).toBe(0n);
    const decoded = decodeFunctionData({ abi: erc20Abi, data: transaction.data! });
    expect(decoded.functionName).toBe('transfer');
    expect(decoded.args).toEqual([getAddress(RECEIVER), parseUnits('12.345678', 6)]);
    expect(decoded.args?.[1]).toBe(12_345_678n);
  });

  it('rejects a malformed address', () => {
    expect(() => transferTransaction({ from: ANVIL_ADDRESS, to: '0x1234', amount: '1', decimals: 18 })).toThrow();
  });

  it('toHexQuantity writes minimal hex', () => {
    expect(toHexQuantity(0n)).toBe('0x0');
    expect(toHexQuantity(255n)).toBe('0xff');
  });
});

describe('RPC reads: retries (spec §8/§9)', () => {
  let rpc: RpcStub;
  // One network per test: the transport keeps one client per network and RPC URL.
  const network = (name: string) => toCaipNetwork({ ...anvil, name, rpcUrls: { default: { http: [`${rpc.url}/${name}`] } } });
  beforeAll(async () => {
    rpc = await rpcStub();
  });
  afterAll(async () => {
    await rpc.close();
  });
  beforeEach(() => {
    rpc.httpFailures.length = 0;
    rpc.httpRequests = 0;
  });

  it('honours Retry-After on a 429, then reads the balance', async () => {
    rpc.httpFailures.push({ status: 429, headers: { 'retry-after': '1' } });
    const started = performance.now();
    await expect(getNativeBalance(ANVIL_ADDRESS, network('retry-after'))).resolves.toMatchObject({ decimalText: '10000' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(rpc.httpRequests).toBe(2);
  });

  it('backs off on 5xx and gives up after 3 retries with "HTTP request failed."', async () => {
    rpc.httpFailures.push(...Array.from({ length: 5 }, () => ({ status: 502 })));
    const started = performance.now();
    const error = await getNativeBalance(ANVIL_ADDRESS, network('backoff')).catch((e: unknown) => e);
    expect(errorText(error)).toBe('HTTP request failed.');
    expect(rpc.httpRequests).toBe(4);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('a Retry-After of an hour fails at once with a clear reason instead of freezing', async () => {
    rpc.httpFailures.push({ status: 429, headers: { 'retry-after': '3600' } });
    const started = performance.now();
    const error = (await getNativeBalance(ANVIL_ADDRESS, network('hour')).catch((e: unknown) => e)) as Error;
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(error.message).toContain('The service is busy. Try again in 3600 seconds.');
    expect(rpc.httpRequests).toBe(1);
  });

  it('a refused origin (403) is not retried', async () => {
    rpc.httpFailures.push(...Array.from({ length: 4 }, () => ({ status: 403, body: JSON.stringify({ error: ORIGIN_NOT_ALLOWED }) })));
    await expect(getNativeBalance(ANVIL_ADDRESS, network('origin'))).rejects.toThrow();
    expect(rpc.httpRequests).toBe(1);
  });
});

describe('RPC reads: a ranked fallback over every RPC URL, identical reads shared (spec §9)', () => {
  let healthy: RpcStub;
  let flaky: RpcStub;
  beforeAll(async () => {
    [healthy, flaky] = await Promise.all([rpcStub(), rpcStub()]);
  });
  afterAll(async () => {
    await Promise.all([healthy.close(), flaky.close()]);
  });

  it('a failing first URL does not fail the read: the next one answers', async () => {
    flaky.httpFailures.push(...Array.from({ length: 8 }, () => ({ status: 502 })));
    const network = toCaipNetwork({ ...anvil, name: 'two-urls', rpcUrls: { default: { http: [`${flaky.url}/a`, `${healthy.url}/a`] } } });
    await expect(getNativeBalance(ANVIL_ADDRESS, network)).resolves.toMatchObject({ decimalText: '10000' });
    expect(healthy.methods).toContain('eth_getBalance');
    // Ranking pings every URL with net_listening (then every 4 s): the failing one's pings fail.
    await expect.poll(() => healthy.methods.includes('net_listening')).toBe(true);
  });

  it('two identical reads at once make one request', async () => {
    const network = toCaipNetwork({ ...anvil, name: 'dedupe', rpcUrls: { default: { http: [`${healthy.url}/dedupe`] } } });
    const before = healthy.methods.filter((method) => method === 'eth_getBalance').length;
    const [first, second] = await Promise.all([getNativeBalance(ANVIL_ADDRESS, network), getNativeBalance(ANVIL_ADDRESS, network)]);
    expect(first).toEqual(second);
    expect(healthy.methods.filter((method) => method === 'eth_getBalance').length - before).toBe(1);
  });
});

/**
 * src/page/smart-account.ts without a chain: the account's address is the factory's answer read through the
 * given RPC URL with the page's fetch, and a chain without the factory is said in plain words. (Sending and
 * signing on a real chain: smart-account.integration.test.ts.)
 */
import { describe, expect, test } from '@rstest/core';
import { PORTICO_ACCOUNT_FACTORY } from '@portico/bundler/account';
import { BaseError, encodeAbiParameters } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { bundlerErrorMessage, porticoSmartAccounts } from '../src/page/smart-account';

const RPC_URL = 'http://127.0.0.1:8788/v1/?chainId=eip155:31337&projectId=portico-demo';

/** A JSON-RPC node double: eth_call answers `callResult`; it records the calls' targets and URLs. */
function nodeDouble(callResult: string) {
  const calls: { url: string; to?: string }[] = [];
  const fetchDouble: typeof fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: [{ to?: string }] };
    calls.push({ url: String(input), to: body.params?.[0]?.to });
    if (body.method !== 'eth_call') return Response.json({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: `${body.method} not in the double` } });
    return Response.json({ jsonrpc: '2.0', id: body.id, result: callResult });
  };
  return { calls, fetch: fetchDouble };
}

describe('porticoSmartAccounts', () => {
  test("the address is Portico's factory's answer, read through the page's RPC URL", async () => {
    const expected = privateKeyToAddress(generatePrivateKey());
    const node = nodeDouble(encodeAbiParameters([{ type: 'address' }], [expected]));
    const open = porticoSmartAccounts({ bundlerUrl: 'http://127.0.0.1:4337/rpc', fetch: node.fetch, timeoutMs: 1_000 });
    const account = await open(privateKeyToAccount(generatePrivateKey()), { id: 31337, rpcUrl: RPC_URL });
    expect(account.address).toBe(expected);
    expect(node.calls).toEqual([{ url: RPC_URL, to: PORTICO_ACCOUNT_FACTORY }]);
  });

  test('a chain without the factory: said in plain words', async () => {
    const open = porticoSmartAccounts({ bundlerUrl: 'http://127.0.0.1:4337/rpc', fetch: nodeDouble('0x').fetch, timeoutMs: 1_000 });
    await expect(open(privateKeyToAccount(generatePrivateKey()), { id: 31337, rpcUrl: RPC_URL })).rejects.toThrow(
      /^The smart account's address could not be read on eip155:31337: /,
    );
  });

  test("bundlerErrorMessage: viem's details (the bundler's words), at most 500 characters", () => {
    const error = new BaseError('User operation failed', { details: "AA21 didn't pay prefund" });
    expect(bundlerErrorMessage(error)).toBe("AA21 didn't pay prefund");
    expect(bundlerErrorMessage(new Error('x'.repeat(600)))).toHaveLength(500);
  });
});

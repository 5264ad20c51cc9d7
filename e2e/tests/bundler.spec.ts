// The ERC-4337 bundler that pnpm demo and the e2e setup start beside anvil (services/bundler: Alto,
// EntryPoint v0.7, Portico's smart-account factory). The embedded wallet's smart accounts (issue 12)
// send their user operations here; this checks the part every later test relies on.
import { createPublicClient, http } from 'viem';
import { expect, test } from '../fixtures/test.ts';

const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

async function bundlerCall(url: string, method: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: unknown }).result;
}

test('the bundler serves the canonical EntryPoint v0.7 of the devchain, which holds its code', async ({ env }) => {
  expect(env.bundler).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rpc$/);
  expect(await bundlerCall(env.bundler!, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_V07]);
  expect(await bundlerCall(env.bundler!, 'eth_chainId')).toBe(`0x${env.chainId.toString(16)}`);
  const node = createPublicClient({ transport: http(env.rpcUrl) });
  expect((await node.getCode({ address: ENTRY_POINT_V07 }))?.length).toBeGreaterThan(2);
});

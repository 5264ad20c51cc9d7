/** The CLI as scripts/services.mjs runs it: tsx src/main.ts with env. */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createPublicClient, http } from 'viem';
import { DEV_BUNDLER_KEYS, ENTRY_POINT_07, PORTICO_ACCOUNT_FACTORY } from '../src/index';
import { badEnvironmentExits, freePort, runServiceCli, startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);
let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

describe('bundler CLI (src/main.ts)', () => {
  it('development mode: deploys the contracts, serves the bundler, stops on SIGTERM', async () => {
    const port = await freePort();
    const main = runServiceCli(PACKAGE, { HOST: '127.0.0.1', PORT: String(port), PORTICO_BUNDLER_MODE: 'development', PORTICO_BUNDLER_RPC_URL: anvil.rpcUrl });
    await main.waitForStdout(/Bundler \(Alto\)/, 45_000);
    expect(main.stdout()).toContain(`Bundler (Alto) http://127.0.0.1:${port}/rpc  (DEVELOPMENT: public dev keys), safe mode off`);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await client.getCode({ address: ENTRY_POINT_07 })).toMatch(/^0x6080/);
    expect(await client.getCode({ address: PORTICO_ACCOUNT_FACTORY })).toMatch(/^0x6080/);
    const reply = await fetch(`http://127.0.0.1:${port}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    }).then((response) => response.json());
    expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result: [ENTRY_POINT_07] });
    // Development's browser origins: loopback pages (the demo's secure site), no other.
    const fromOrigin = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] }) });
    expect((await fromOrigin('http://127.0.0.1:3010')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3010');
    const foreign = await fromOrigin('https://evil.example');
    expect([foreign.status, foreign.headers.get('access-control-allow-origin')]).toEqual([403, null]);

    expect(await main.stop()).toBe(0);
  }, 60_000);

  // Each variable's own refusals are config.test.ts's; these show them as printed.
  it('exits 2 on a bad environment, saying what is wrong', async () => {
    const rpc = { PORTICO_BUNDLER_RPC_URL: anvil.rpcUrl };
    const operatorKeys = { ...rpc, PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: `0x${'1'.repeat(64)}, 0x${'2'.repeat(64)}`, PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: `0x${'3'.repeat(64)}` };
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [rpc, 'bundler: bad environment: PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS and PORTICO_BUNDLER_UTILITY_PRIVATE_KEY are required outside development mode'],
      [
        { ...operatorKeys, PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: DEV_BUNDLER_KEYS.utilityPrivateKey },
        'bundler: bad environment: The development keys (derived from the public anvil mnemonic) are refused outside development mode',
      ],
      [{ ...operatorKeys, PORT: '0' }, 'bundler: bad environment: PORT must be a port number 1–65535'],
      [
        { ...operatorKeys, PORTICO_BUNDLER_ALLOWED_ORIGINS: '*' },
        'bundler: bad environment: PORTICO_BUNDLER_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://wallet.example.com (scheme://host[:port], no path)',
      ],
      [
        { ...operatorKeys, PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: `0x${'1'.repeat(64)},nope` },
        'bundler: bad environment: PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: must be a 0x-prefixed 32-byte hex private key',
      ],
    ]);
    expect(actual).toEqual(expected);
  }, 60_000);
});

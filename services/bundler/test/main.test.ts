/** The CLI as scripts/services.mjs runs it: tsx src/main.ts with env. */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';
import { ENTRY_POINT_07, PORTICO_ACCOUNT_FACTORY } from '../src/index';
import { freePort, startAnvil, type Anvil } from './anvil';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

function runMain(env: Record<string, string>) {
  const child = spawn(`${packageDir}node_modules/.bin/tsx`, ['src/main.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('bundler CLI (src/main.ts)', () => {
  it('development mode: deploys the contracts, serves the bundler, stops on SIGTERM', async () => {
    const port = await freePort();
    const main = runMain({ HOST: '127.0.0.1', PORT: String(port), PORTICO_BUNDLER_MODE: 'development', PORTICO_BUNDLER_RPC_URL: anvil.rpcUrl });
    const deadline = Date.now() + 45_000;
    while (!main.output().stdout.includes('Bundler (Alto)')) {
      if (Date.now() > deadline) throw new Error(`not ready:\n${main.output().stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(main.output().stdout).toContain(`Bundler (Alto) http://127.0.0.1:${port}/rpc  (DEVELOPMENT: public dev keys), safe mode off`);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await client.getCode({ address: ENTRY_POINT_07 })).toMatch(/^0x6080/);
    expect(await client.getCode({ address: PORTICO_ACCOUNT_FACTORY })).toMatch(/^0x6080/);
    const reply = await fetch(`http://127.0.0.1:${port}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    }).then((response) => response.json());
    expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result: [ENTRY_POINT_07] });

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
  }, 60_000);

  it('exits 2 on a bad environment, saying what is wrong', async () => {
    const main = runMain({ PORTICO_BUNDLER_RPC_URL: anvil.rpcUrl });
    expect(await main.exited).toBe(2);
    expect(main.output().stderr).toContain(
      'bundler: bad environment: PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS and PORTICO_BUNDLER_UTILITY_PRIVATE_KEY are required outside development mode',
    );
  });
});

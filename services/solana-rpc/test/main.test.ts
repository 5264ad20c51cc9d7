// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_SOLANA_RPC_* variables.
import { spawn } from 'node:child_process';
import { describe, expect, it } from '@rstest/core';
import { SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { post } from './helpers';

const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

function run(env: Record<string, string>) {
  const child = spawn(TSX, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main (CLI)', () => {
  it('starts in development mode on the given port, airdrops, stops on SIGTERM', async () => {
    const p = run({ PORT: '0', PORTICO_SOLANA_RPC_MODE: 'development', PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL: '2' });
    const deadline = Date.now() + 20_000;
    while (!/^SOLANA RPC/m.test(p.out()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /^SOLANA RPC {2}(http:\/\/\S+) {2}\(/m.exec(p.out())![1]!;
    expect(p.out()).toContain('DEVELOPMENT: requestAirdrop');
    const airdrop = await post(url, { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [SOLANA_DEV_ACCOUNTS[3]!.address, 2_000_000_001] });
    expect(airdrop.json.error.message).toBe('Invalid params: an airdrop is at most 2000000000 lamports per request, not 2000000001');
    expect(typeof (await post(url, { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: [SOLANA_DEV_ACCOUNTS[3]!.address, 1] })).json.result).toBe('string');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const cases = [
      [{ PORT: 'http' }, 'solana-rpc: bad environment: PORT must be a port number 0–65535'],
      [{ PORTICO_SOLANA_RPC_MODE: 'dev' }, "solana-rpc: bad environment: PORTICO_SOLANA_RPC_MODE must be 'development' or 'production'"],
      [{ PORTICO_SOLANA_RPC_MAX_TRANSACTIONS: '0' }, 'solana-rpc: bad environment: PORTICO_SOLANA_RPC_MAX_TRANSACTIONS must be 1–1000000'],
      [{ PORTICO_SOLANA_RPC_CORS_ORIGINS: 'localhost' }, 'solana-rpc: bad environment: bad option corsOrigins.0: corsOrigins must be origins such as http://localhost:3000'],
    ] as const;
    const results = await Promise.all(
      cases.map(async ([env]) => {
        const p = run({ PORT: '0', ...env });
        return { env, code: await p.exited, err: p.err().trim() };
      }),
    );
    expect(results).toEqual(cases.map(([env, err]) => ({ env, code: 2, err })));
  });

  it('exits 1 when the host is not loopback and remote is not allowed', async () => {
    const p = run({ HOST: '0.0.0.0', PORT: '0' });
    expect(await p.exited).toBe(1);
    expect(p.err()).toMatch(/refusing to listen on 0\.0\.0\.0/);
  });
});

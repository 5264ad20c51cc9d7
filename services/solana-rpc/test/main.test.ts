// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_SOLANA_RPC_* variables.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli, runServiceCliToExit } from '@portico/service-kit/testing';
import { SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { post } from './helpers';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('starts in development mode on the given port, airdrops, stops on SIGTERM', async () => {
    const p = runServiceCli(PACKAGE, { PORT: '0', PORTICO_SOLANA_RPC_MODE: 'development', PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL: '2' });
    const url = (await p.waitForStdout(/^SOLANA RPC {2}(http:\/\/\S+) {2}\(/m))[1]!;
    expect(p.stdout()).toContain('DEVELOPMENT: requestAirdrop');
    const airdrop = await post(url, { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [SOLANA_DEV_ACCOUNTS[3]!.address, 2_000_000_001] });
    expect(airdrop.json.error.message).toBe('Invalid params: an airdrop is at most 2000000000 lamports per request, not 2000000001');
    expect(typeof (await post(url, { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: [SOLANA_DEV_ACCOUNTS[3]!.address, 1] })).json.result).toBe('string');
    expect(await p.stop()).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'solana-rpc: bad environment: PORT must be a port number 0–65535'],
      [{ PORTICO_SOLANA_RPC_MODE: 'dev' }, "solana-rpc: bad environment: PORTICO_SOLANA_RPC_MODE must be 'development' or 'production'"],
      [{ PORTICO_SOLANA_RPC_MAX_TRANSACTIONS: '0' }, 'solana-rpc: bad environment: PORTICO_SOLANA_RPC_MAX_TRANSACTIONS must be 1–1000000'],
      [{ PORTICO_SOLANA_RPC_CORS_ORIGINS: 'localhost' }, 'solana-rpc: bad environment: bad option corsOrigins.0: corsOrigins must be origins such as http://localhost:3000'],
    ], { baseEnv: { PORT: '0' } });
    expect(actual).toEqual(expected);
  });

  it('exits 1 when the host is not loopback and remote is not allowed', async () => {
    const { code, stderr } = await runServiceCliToExit(PACKAGE, { HOST: '0.0.0.0', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/refusing to listen on 0\.0\.0\.0/);
  });
});

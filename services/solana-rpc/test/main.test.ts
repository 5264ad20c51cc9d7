// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_SOLANA_RPC_* variables.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, freePort, runServiceCli, runServiceCliToExit } from '@portico/service-kit/testing';
import { WebSocket } from 'ws';
import { SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { post } from './helpers';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('starts in development mode on the given ports, airdrops, serves PubSub, stops on SIGTERM', async () => {
    const pubsubPort = await freePort();
    const p = runServiceCli(PACKAGE, { PORT: '0', PORTICO_SOLANA_RPC_PUBSUB_PORT: String(pubsubPort), PORTICO_SOLANA_RPC_MODE: 'development', PORTICO_SOLANA_RPC_AIRDROP_MAX_SOL: '2' });
    const [, url, pubsubUrl] = (await p.waitForStdout(/^SOLANA RPC {2}(http:\/\/\S+) {2}(ws:\/\/\S+) {2}\(/m)) as unknown as [string, string, string];
    expect(pubsubUrl).toBe(`ws://127.0.0.1:${pubsubPort}`);
    const ws = new WebSocket(pubsubUrl);
    const reply = await new Promise<unknown>((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' })));
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
      ws.once('error', reject);
    });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result: 0 });
    ws.close();
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
      [{ PORTICO_SOLANA_RPC_MAX_BLOCKS: '0' }, 'solana-rpc: bad environment: PORTICO_SOLANA_RPC_MAX_BLOCKS must be 1–1000000'],
      [{ PORTICO_SOLANA_RPC_PUBSUB_PORT: 'ws' }, 'solana-rpc: bad environment: PORTICO_SOLANA_RPC_PUBSUB_PORT must be a port number 0–65535'],
      [{ PORT: '65535' }, 'solana-rpc: bad environment: bad option pubsubPort: port is 65535, so the PubSub port (port + 1) must be given'],
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

// Every limit, JSON-RPC errors, development-only airdrop, CORS and Host checks.
import { request } from 'node:http';
import { address, generateKeyPairSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { MAX_BATCH, MAX_BODY_BYTES, startSolanaRpc } from '../src/server';
import { devSigner, post, signedTransaction, startChain } from './helpers';

const dev0 = SOLANA_DEV_ACCOUNTS[0]!.address;
const call = (method: string, params: unknown[] = [], id: number = 1) => ({ jsonrpc: '2.0', id, method, params });

describe('JSON-RPC', () => {
  let chain: Awaited<ReturnType<typeof startChain>>;
  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(() => chain.server.stop());

  it('answers batches in order, up to 100 requests', async () => {
    const batch = Array.from({ length: MAX_BATCH }, (_, i) => call('getBalance', [dev0], i));
    const ok = await post(chain.server.url, batch);
    expect(ok.json).toHaveLength(MAX_BATCH);
    expect(ok.json[99].id).toBe(99);
    const tooMany = await post(chain.server.url, [...batch, call('getSlot')]);
    expect(tooMany.json.error).toEqual({ code: -32600, message: 'Invalid request: a batch has at most 100 requests, not 101' });
    expect((await post(chain.server.url, [])).json.error.code).toBe(-32600);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify(call('getHealth', ['x'.repeat(MAX_BODY_BYTES)]));
    const reply = await post(chain.server.url, big);
    expect(reply.status).toBe(413);
    expect(reply.json.error.message).toBe('Invalid request: the body is larger than 1048576 bytes');
  });

  it('answers unknown methods -32601, bad params -32602, bad JSON -32700', async () => {
    expect((await post(chain.server.url, call('getProgramAccounts', [dev0]))).json.error).toEqual({ code: -32601, message: 'Method not found' });
    expect((await post(chain.server.url, call('getBalance', ['not-an-address']))).json.error).toEqual({ code: -32602, message: 'Invalid params: 0: must be a base58 address (32 bytes)' });
    expect((await post(chain.server.url, call('getAccountInfo', [dev0, { encoding: 'base64+zstd' }]))).json.error.message).toMatch(/^Invalid params: 1\.encoding: encoding must be/);
    expect((await post(chain.server.url, '{"jsonrpc":')).json.error).toEqual({ code: -32700, message: 'Parse error' });
    expect((await post(chain.server.url, { id: 1, method: 'getSlot' })).json.error.code).toBe(-32600);
    expect((await post(chain.server.url, call('getSlot', [{ minContextSlot: 10 ** 9 }]))).json.error.code).toBe(-32016);
  });

  it('limits getMultipleAccounts (100), getSignatureStatuses (256), getSignaturesForAddress (1000) and wire size (1232 bytes)', async () => {
    const addresses = Array.from({ length: 101 }, () => dev0);
    expect((await post(chain.server.url, call('getMultipleAccounts', [addresses]))).json.error.message).toBe('Invalid params: 0: Too many inputs provided; max 100');
    const signatures = Array.from({ length: 257 }, () => '1'.repeat(64));
    expect((await post(chain.server.url, call('getSignatureStatuses', [signatures]))).json.error.message).toBe('Invalid params: 0: Too many inputs provided; max 256');
    expect((await post(chain.server.url, call('getSignaturesForAddress', [dev0, { limit: 1001 }]))).json.error.message).toBe('Invalid params: 1.limit: limit is 1–1000');
    const huge = Buffer.alloc(1233).toString('base64');
    expect((await post(chain.server.url, call('sendTransaction', [huge, { encoding: 'base64' }]))).json.error.message).toBe(
      'Invalid params: base64 encoded solana_transaction::versioned::VersionedTransaction too large: 1233 bytes (max: encoded/raw 1644/1232)',
    );
  });

  it('has no requestAirdrop outside development mode', async () => {
    expect((await post(chain.server.url, call('requestAirdrop', [dev0, 1]))).json.error).toEqual({ code: -32601, message: 'Method not found' });
  });

  it('refuses a Host that is not loopback (DNS rebinding) and sends no CORS header outside development mode', async () => {
    const url = new URL(chain.server.url);
    // fetch may not set Host: node:http may.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/', headers: { host: `evil.example:${url.port}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.once('error', reject);
      req.end(JSON.stringify(call('getSlot')));
    });
    expect(status).toBe(403);
    const cors = await post(chain.server.url, call('getSlot'), { origin: 'http://localhost:3000' });
    expect(cors.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('development mode', () => {
  it('airdrops up to the per-request cap, with CORS for any origin', async () => {
    const { server, rpc } = await startChain({ development: true, airdropMaxLamports: 5_000_000_000n });
    try {
      const to = (await generateKeyPairSigner()).address;
      const signature = await rpc.requestAirdrop(to, lamports(5_000_000_000n)).send();
      expect((await rpc.getSignatureStatuses([signature]).send()).value[0]!.err).toBeNull();
      expect((await rpc.getBalance(to).send()).value).toBe(5_000_000_000n);
      const overCap = await post(server.url, call('requestAirdrop', [to, 5_000_000_001]));
      expect(overCap.json.error).toEqual({ code: -32602, message: 'Invalid params: an airdrop is at most 5000000000 lamports per request, not 5000000001' });
      // Two equal airdrops at once (raw posts: kit's client would coalesce them) are two transactions.
      const [a, b] = await Promise.all([post(server.url, call('requestAirdrop', [to, 1], 1)), post(server.url, call('requestAirdrop', [to, 1], 2))]);
      expect(a.json.result).not.toBe(b.json.result);
      expect((await rpc.getBalance(to).send()).value).toBe(5_000_000_002n);
      const cors = await post(server.url, call('getSlot'), { origin: 'http://localhost:3000' });
      expect(cors.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await server.stop();
    }
  });

  it('allows only the listed CORS origins when they are given', async () => {
    const server = await startSolanaRpc({ port: 0, development: true, corsOrigins: ['http://localhost:3010'] });
    try {
      expect((await post(server.url, call('getSlot'), { origin: 'http://localhost:3010' })).headers.get('access-control-allow-origin')).toBe('http://localhost:3010');
      expect((await post(server.url, call('getSlot'), { origin: 'http://localhost:9999' })).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.stop();
    }
  });
});

describe('the ledger and blockhashes', () => {
  it('keeps the last maxTransactions transactions, newest first, with before/limit', async () => {
    const { server, rpc } = await startChain({ maxTransactions: 3 });
    try {
      const from = await devSigner(0);
      const to = await generateKeyPairSigner();
      const sent: string[] = [];
      for (let i = 1n; i <= 4n; i++) {
        const wire = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(1_000_000_000n + i) })]);
        sent.push(await rpc.sendTransaction(wire as never, { encoding: 'base64' }).send());
      }
      const listed = await rpc.getSignaturesForAddress(to.address).send();
      expect(listed.map((s) => s.signature)).toEqual([sent[3], sent[2], sent[1]]);
      expect((await rpc.getSignatureStatuses([sent[0]! as never]).send()).value[0]).toBeNull();
      expect(await rpc.getTransaction(sent[0]! as never, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()).toBeNull();
      const page = await rpc.getSignaturesForAddress(to.address, { before: sent[3]! as never, limit: 1 }).send();
      expect(page.map((s) => s.signature)).toEqual([sent[2]]);
      expect(listed[0]!.slot).toBeGreaterThan(listed[1]!.slot);
    } finally {
      await server.stop();
    }
  });

  it('refuses a stale blockhash with BlockhashNotFound (blockhashes expire as slots pass)', async () => {
    const { server, rpc } = await startChain({ blockhashValiditySlots: 2, slotMs: 50 });
    try {
      const from = await devSigner(0);
      const wire = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: address(SOLANA_DEV_ACCOUNTS[1]!.address), amount: 1n })]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stale = await post(server.url, call('sendTransaction', [wire, { encoding: 'base64' }]));
      expect(stale.json.error.code).toBe(-32002);
      expect(stale.json.error.message).toBe('Transaction simulation failed: Blockhash not found');
      expect(stale.json.error.data).toMatchObject({ err: 'BlockhashNotFound', logs: [] });
    } finally {
      await server.stop();
    }
  });

  it('refuses bad options', async () => {
    await expect(startSolanaRpc({ port: 0, maxTransactions: 0 })).rejects.toThrow('bad option maxTransactions');
    await expect(startSolanaRpc({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/refusing to listen on 0\.0\.0\.0/);
  });
});

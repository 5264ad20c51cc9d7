/**
 * The API on the demo's chain: anvil seeded by @portico/devchain, configured with
 * devchainChainConfig() — the same config the demo passes. Also: restart on the same database (PGlite
 * directory or PostgreSQL schema) resumes indexing, a chain revert (reorg) drops the reverted transactions,
 * and viem batches reads through the devchain's Multicall3 over the API's JSON-RPC endpoint.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { deployDevchain, DEV_ACCOUNTS, MULTICALL3, SEED, type DevchainDeployment } from '@portico/devchain';
import { createPublicClient, decodeFunctionData, erc20Abi, http, multicall3Abi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { viemChain } from '../src/chains/public-client';
import { devchainChainConfig } from '../src/server';
import type { RunningApi } from '../src/server';
import { clients, rpc, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start, testDatabase, type TestDatabase } from './helpers';

const CHAIN = 'eip155:31337';
let anvil: Anvil;
let d: DevchainDeployment;
let api: RunningApi;
let database: TestDatabase;

const get = (path: string, params: Record<string, string> = {}) => {
  const url = new URL(path, api.url);
  url.searchParams.set('projectId', PROJECT);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return getJson(url.toString());
};
const startOnDisk = () => start({ ...database.options, indexer: { pollIntervalMs: 100 }, chains: [devchainChainConfig(d, { rpcUrl: anvil.rpcUrl })] });

beforeAll(async () => {
  database = await testDatabase();
  anvil = await startAnvil({ chainId: 31337 });
  d = await deployDevchain({ rpcUrl: anvil.rpcUrl });
  api = await startOnDisk();
  await api.chains.get(CHAIN)!.indexer!.waitFor();
}, 180_000);

afterAll(async () => {
  await api?.close();
  await anvil?.stop();
  await database?.drop();
});

describe('devchain deployment', () => {
  test('the chain config names Multicall3: a viem client batches reads through it over the JSON-RPC endpoint', async () => {
    const config = api.chains.get(CHAIN)!.config;
    expect(config.multicall3).toBe(MULTICALL3);
    const sent: { method: string; params: [{ to: Address; data: Hex }, string] }[] = [];
    const client = createPublicClient({
      chain: viemChain(config),
      transport: http(`${api.url}/v1/?projectId=${PROJECT}&chainId=${CHAIN}`, {
        onFetchRequest: async (request) => void sent.push((await request.clone().json()) as (typeof sent)[number]),
      }),
    });
    const [pusd, ptk] = d.tokens;
    const results = await client.multicall({
      allowFailure: false,
      contracts: [
        { address: pusd!.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[0] as Address] },
        { address: ptk!.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[0] as Address] },
        { address: pusd!.address, abi: erc20Abi, functionName: 'decimals' },
      ],
    });
    expect(results).toEqual([parseUnits(String(SEED.PUSD), 6), parseUnits(String(SEED.PTK), 18), 6]);
    // One eth_call, to Multicall3's aggregate3, carrying the three reads.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('eth_call');
    expect(sent[0]!.params[0].to).toBe(MULTICALL3);
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: sent[0]!.params[0].data });
    expect(functionName).toBe('aggregate3');
    expect(args[0]).toHaveLength(3);
  });

  test('balances of dev account #0: ETH, PUSD (6 dec), PTK (18 dec) with the devchain icons', async () => {
    const { status, body } = await get(`/v1/account/${DEV_ACCOUNTS[0]}/balance`, { chainId: CHAIN, currency: 'usd' });
    expect(status).toBe(200);
    const bySymbol = Object.fromEntries(body.balances.map((b: { symbol: string }) => [b.symbol, b]));
    expect(bySymbol.PUSD).toMatchObject({ quantity: { decimals: '6', numeric: `${SEED.PUSD}.0` }, price: 1, value: Number(SEED.PUSD) });
    expect(bySymbol.PTK).toMatchObject({ quantity: { decimals: '18', numeric: `${SEED.PTK}.0` }, price: 2.5 });
    expect(bySymbol.PUSD.iconUrl).toBe(d.tokens.find((t) => t.symbol === 'PUSD')!.iconUrl ?? `${api.url}/v1/token-images/PUSD`);
    expect(bySymbol.ETH.quantity.decimals).toBe('18');
  });

  test('collectibles with on-chain data: metadata; the spam drop is flagged', async () => {
    const { body } = await get(`/v1/account/${DEV_ACCOUNTS[0]}/nfts`, { chainId: CHAIN });
    const pcol = body.data.filter((n: { contract: string }) => n.contract === `${CHAIN}:${d.collectibles.address}`);
    expect(pcol.map((n: { tokenId: string }) => n.tokenId)).toEqual(['1', '2', '3']);
    for (const n of pcol) {
      expect(n.collection).toBe(d.collectibles.name);
      expect(n.name).toBeTruthy();
      expect(n.imageUrl).toMatch(/^data:image\//);
      expect(n.isSpam).toBe(false);
    }
    const spam = body.data.filter((n: { isSpam: boolean }) => n.isSpam);
    expect(spam.length).toBeGreaterThan(0);
    const history = await get(`/v1/account/${DEV_ACCOUNTS[0]}/history`, { chainId: CHAIN });
    expect(history.body.data.some((t: any) => t.metadata.operationType === 'mint' && t.transfers.some((x: any) => x.nft_info?.flags.is_spam))).toBe(true);
  });

  test('restart on the same database resumes from the stored block; a revert (reorg) drops reverted transactions', async () => {
    const { wallet, publicClient } = clients(anvil);
    const before = api.chains.get(CHAIN)!.indexer!.status().indexed;
    await api.close();
    const who = DEV_ACCOUNTS[3] as `0x${string}`;
    const h1 = await wallet(0).sendTransaction({ to: who, value: parseEther('0.25') });
    await publicClient.waitForTransactionReceipt({ hash: h1 });
    api = await startOnDisk();
    await api.chains.get(CHAIN)!.indexer!.waitFor();
    expect(api.chains.get(CHAIN)!.indexer!.status().indexed).toBe(before + 1);
    const hashes = async () => (await get(`/v1/account/${who}/history`, { chainId: CHAIN })).body.data.map((t: any) => t.metadata.hash);
    expect(await hashes()).toContain(h1);

    const snap = await rpc<string>(anvil.rpcUrl, 'evm_snapshot');
    const h2 = await wallet(0).sendTransaction({ to: who, value: parseEther('0.5') });
    await publicClient.waitForTransactionReceipt({ hash: h2 });
    await api.chains.get(CHAIN)!.indexer!.waitFor();
    expect(await hashes()).toContain(h2);
    await rpc(anvil.rpcUrl, 'evm_revert', [snap]);
    // a different block at the same height, then one more
    const h3 = await wallet(1).sendTransaction({ to: who, value: parseEther('0.75') });
    await publicClient.waitForTransactionReceipt({ hash: h3 });
    await rpc(anvil.rpcUrl, 'evm_mine');
    await api.chains.get(CHAIN)!.indexer!.waitFor();
    const after = await hashes();
    expect(after).toContain(h3);
    expect(after).toContain(h1);
    expect(after).not.toContain(h2);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, zeroAddress, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvil as anvilChain } from 'viem/chains';
import { startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';
import {
  DEV_ACCOUNTS,
  DEVCHAIN_DEPLOYER,
  deployDevchain,
  devchainAddresses,
  porticoCollectiblesAbi,
  spamDropAbi,
  EXCHANGE_LIQUIDITY,
  porticoPairAbi,
  porticoRouterAbi,
  type DevchainDeployment,
} from '../src/index';

const decodeDataUri = (uri: string, mime: string) => {
  const prefix = `data:${mime};base64,`;
  expect(uri.startsWith(prefix)).toBe(true);
  return Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8');
};

describe('deployDevchain on a fresh anvil', () => {
  let anvil: Anvil;
  let client: PublicClient;
  let deployment: DevchainDeployment;
  let deployMs = 0;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const t0 = performance.now();
    deployment = await deployDevchain({ rpcUrl: anvil.rpcUrl });
    deployMs = performance.now() - t0;
    console.log(`[devchain] fresh deploy: ${Math.round(deployMs)} ms`);
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('returns the specified shape at the CREATE2 addresses', async () => {
    const expected = devchainAddresses(DEVCHAIN_DEPLOYER);
    expect(deployment.chainId).toBe(31337);
    expect(deployment.tokens.map(({ address, symbol, name, decimals }) => ({ address, symbol, name, decimals }))).toEqual([
      { address: expected.PUSD, symbol: 'PUSD', name: 'Portico USD', decimals: 6 },
      { address: expected.PTK, symbol: 'PTK', name: 'Portico Token', decimals: 18 },
    ]);
    for (const t of deployment.tokens) expect(t.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(deployment.collectibles).toEqual({ address: expected.PCOL, name: 'Portico Collectibles', symbol: 'PCOL' });
    expect(deployment.spamCollections).toEqual([expected.SPAM]);
    // Where clients look for them on any chain (test/canonical.test.ts uses them).
    expect(deployment.canonical).toEqual({
      multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
    });
    expect(deployment.blockNumber).toBe(Number(await client.getBlockNumber()));
  });

  it('ERC-20 symbols, names, decimals and balances read back with viem', async () => {
    const amounts = { PUSD: parseUnits('25000', 6), PTK: parseUnits('1500', 18) } as Record<string, bigint>;
    for (const token of deployment.tokens) {
      const read = <F extends 'symbol' | 'name' | 'decimals'>(functionName: F) =>
        client.readContract({ address: token.address, abi: erc20Abi, functionName });
      expect(await read('symbol')).toBe(token.symbol);
      expect(await read('name')).toBe(token.name);
      expect(await read('decimals')).toBe(token.decimals);
      for (const [i, holder] of DEV_ACCOUNTS.entries()) {
        const balance = await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
        expect(balance).toBe(i < 5 ? amounts[token.symbol] : 0n);
      }
      // Five holders plus the exchange's liquidity (two pairs per token, minted straight to the pairs).
      const liquidity = Object.values(EXCHANGE_LIQUIDITY).reduce(
        (sum, pool) => sum + parseUnits(String((pool as Record<string, bigint>)[token.symbol] ?? 0n), token.decimals),
        0n,
      );
      expect(await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'totalSupply' })).toBe(amounts[token.symbol]! * 5n + liquidity);
    }
  });

  it('collectibles: 3 to account #0, 1 to account #1, tokenURI is JSON with an SVG data image', async () => {
    const address = deployment.collectibles.address;
    const read = (functionName: 'name' | 'symbol') => client.readContract({ address, abi: porticoCollectiblesAbi, functionName });
    expect(await read('name')).toBe('Portico Collectibles');
    expect(await read('symbol')).toBe('PCOL');
    const balance = (holder: `0x${string}`) =>
      client.readContract({ address, abi: porticoCollectiblesAbi, functionName: 'balanceOf', args: [holder] });
    expect(await balance(DEV_ACCOUNTS[0])).toBe(3n);
    expect(await balance(DEV_ACCOUNTS[1])).toBe(1n);
    const owners = await Promise.all(
      [1n, 2n, 3n, 4n].map((id) => client.readContract({ address, abi: porticoCollectiblesAbi, functionName: 'ownerOf', args: [id] })),
    );
    expect(owners).toEqual([DEV_ACCOUNTS[0], DEV_ACCOUNTS[0], DEV_ACCOUNTS[0], DEV_ACCOUNTS[1]]);

    for (const id of [1n, 4n]) {
      const uri = await client.readContract({ address, abi: porticoCollectiblesAbi, functionName: 'tokenURI', args: [id] });
      const meta = JSON.parse(decodeDataUri(uri, 'application/json')) as { name: string; description: string; image: string };
      expect(meta.name).toBe(`Portico Collectible #${id}`);
      expect(meta.description).toBeTruthy();
      const svg = decodeDataUri(meta.image, 'image/svg+xml');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(svg).toContain(`>#${id}</text>`);
    }
    await expect(
      client.readContract({ address, abi: porticoCollectiblesAbi, functionName: 'tokenURI', args: [5n] }),
    ).rejects.toThrow();
    expect(await client.readContract({ address, abi: porticoCollectiblesAbi, functionName: 'supportsInterface', args: ['0x80ac58cd'] })).toBe(true);
  });

  it('spam collection: one NFT to account #0 with readable metadata', async () => {
    const [spam] = deployment.spamCollections;
    expect(await client.readContract({ address: spam!, abi: spamDropAbi, functionName: 'ownerOf', args: [1n] })).toBe(DEV_ACCOUNTS[0]);
    const uri = await client.readContract({ address: spam!, abi: spamDropAbi, functionName: 'tokenURI', args: [1n] });
    expect(JSON.parse(decodeDataUri(uri, 'application/json')).name).toBe('CLAIM YOUR REWARD');
  });

  it('emits a standard Transfer (from 0x0) for every mint', async () => {
    const logs = await client.getLogs({
      address: [...deployment.tokens.map((t) => t.address), deployment.collectibles.address, ...deployment.spamCollections],
      event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
      fromBlock: 0n,
      strict: false,
    });
    // 5 PUSD + 5 PTK to holders, 2 + 2 to the exchange's pairs, 4 collectibles, 1 spam.
    expect(logs).toHaveLength(5 + 5 + 2 + 2 + 4 + 1);
    for (const log of logs) expect(log.topics[1]).toBe(`0x${'0'.repeat(64)}`);
    // ERC-721 Transfer has the token id indexed (4 topics); ERC-20 has the value in data (3 topics).
    expect(logs.filter((l) => (l.topics as readonly unknown[]).length === 4)).toHaveLength(5);
  });

  it("never spends dev accounts #0–#4's ETH (account #0 still has exactly 10,000 ETH)", async () => {
    for (const holder of DEV_ACCOUNTS.slice(0, 5)) {
      expect(await client.getBalance({ address: holder })).toBe(parseEther('10000'));
      expect(await client.getTransactionCount({ address: holder })).toBe(0);
    }
    expect(await client.getBalance({ address: DEVCHAIN_DEPLOYER })).toBeLessThan(parseEther('10000'));
  });

  it('exchange: three pairs with liquidity, the router quotes getAmountsOut with the 0.3% fee and swaps within amountOutMin and the deadline', async () => {
    const { router, weth, pairs } = deployment.exchange;
    const [pusd, ptk] = deployment.tokens.map((t) => t.address) as [`0x${string}`, `0x${string}`];
    expect(pairs.map((p) => p.symbols.join('/'))).toEqual(['PUSD/PTK', 'WETH/PUSD', 'WETH/PTK']);
    const pusdPtk = pairs[0]!;
    expect([pusdPtk.token0, pusdPtk.token1].sort()).toEqual([pusd, ptk].sort());
    const [r0, r1] = await client.readContract({ address: pusdPtk.address, abi: porticoPairAbi, functionName: 'getReserves' });
    const [rPusd, rPtk] = pusdPtk.token0 === pusd ? [r0, r1] : [r1, r0];
    expect(rPusd).toBe(parseUnits('1000000', 6));
    expect(rPtk).toBe(parseUnits('400000', 18));
    expect(await client.readContract({ address: router, abi: porticoRouterAbi, functionName: 'WETH' })).toBe(weth);
    expect(await client.readContract({ address: router, abi: porticoRouterAbi, functionName: 'getPair', args: [ptk, pusd] })).toBe(pusdPtk.address);

    const amountIn = parseUnits('100', 6);
    const [, out] = await client.readContract({ address: router, abi: porticoRouterAbi, functionName: 'getAmountsOut', args: [amountIn, [pusd, ptk]] });
    expect(out).toBe((amountIn * 997n * rPtk) / (rPusd * 1000n + amountIn * 997n));
    expect(await client.readContract({ address: pusdPtk.address, abi: porticoPairAbi, functionName: 'getAmountOut', args: [amountIn, pusd] })).toBe(out);

    // Account #5 (no tokens) swaps 1 ETH → PUSD, then approves and swaps the PUSD back to ETH.
    const trader = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba');
    const w = createWalletClient({ account: trader, chain: { ...anvilChain, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) });
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const [, ethQuote] = await client.readContract({ address: router, abi: porticoRouterAbi, functionName: 'getAmountsOut', args: [parseEther('1'), [weth, pusd]] });
    await expect(
      client.simulateContract({ account: trader, address: router, abi: porticoRouterAbi, functionName: 'swapExactETHForTokens', args: [ethQuote! + 1n, [weth, pusd], trader.address, deadline], value: parseEther('1') }),
    ).rejects.toThrow(/InsufficientOutputAmount/);
    await expect(
      client.simulateContract({ account: trader, address: router, abi: porticoRouterAbi, functionName: 'swapExactETHForTokens', args: [0n, [weth, pusd], trader.address, 1n], value: parseEther('1') }),
    ).rejects.toThrow(/Expired/);
    let hash = await w.writeContract({ address: router, abi: porticoRouterAbi, functionName: 'swapExactETHForTokens', args: [ethQuote!, [weth, pusd], trader.address, deadline], value: parseEther('1') });
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    const pusdBalance = await client.readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });
    expect(pusdBalance).toBe(ethQuote);
    hash = await w.writeContract({ address: pusd, abi: erc20Abi, functionName: 'approve', args: [router, pusdBalance] });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const ethBefore = await client.getBalance({ address: trader.address });
    hash = await w.writeContract({ address: router, abi: porticoRouterAbi, functionName: 'swapExactTokensForETH', args: [pusdBalance, 1n, [pusd, weth], trader.address, deadline] });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    const ethAfter = await client.getBalance({ address: trader.address });
    expect(ethAfter + receipt.gasUsed * receipt.effectiveGasPrice - ethBefore).toBeGreaterThan(parseEther('0.99'));
    expect(await client.readContract({ address: pusd, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })).toBe(0n);
  });

  it('a second deploy on the same chain is a no-op returning the same result', async () => {
    const nonce = await client.getTransactionCount({ address: DEVCHAIN_DEPLOYER });
    const block = await client.getBlockNumber();
    const t0 = performance.now();
    const again = await deployDevchain({ rpcUrl: anvil.rpcUrl });
    console.log(`[devchain] reused deploy: ${Math.round(performance.now() - t0)} ms`);
    expect(again).toEqual(deployment);
    expect(await client.getTransactionCount({ address: DEVCHAIN_DEPLOYER })).toBe(nonce);
    expect(await client.getBlockNumber()).toBe(block);
  });

  it('stays the same after a holder moves tokens and more blocks are mined', async () => {
    // Account #4 (a seeded holder) sends 1 PUSD to #6: supply is non-zero so nothing re-seeds.
    const holder = createWalletClient({
      account: privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'),
      chain: { ...anvilChain, rpcUrls: { default: { http: [anvil.rpcUrl] } } },
      transport: http(anvil.rpcUrl),
    });
    const hash = await holder.writeContract({
      address: deployment.tokens[0]!.address, abi: erc20Abi, functionName: 'transfer', args: [DEV_ACCOUNTS[6], 1_000_000n],
    });
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    await client.request({ method: 'anvil_mine' as 'eth_chainId', params: ['0x3'] as unknown as undefined });
    const again = await deployDevchain({ rpcUrl: anvil.rpcUrl });
    expect(again).toEqual(deployment);
  });
});

describe('deployDevchain on an anvil without the CREATE2 factory, with another chain id', () => {
  let anvil: Anvil;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31338, extraArgs: ['--disable-default-create2-deployer'] });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('installs the factory and lands at the same addresses', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const first = await deployDevchain({ rpcUrl: anvil.rpcUrl });
    expect(first.chainId).toBe(31338);
    const expected = devchainAddresses(DEVCHAIN_DEPLOYER);
    expect(first.tokens.map((t) => t.address)).toEqual([expected.PUSD, expected.PTK]);
    expect(await client.readContract({ address: first.tokens[0]!.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[4]] })).toBe(parseUnits('25000', 6));
    expect(await client.getBalance({ address: DEV_ACCOUNTS[0] })).toBe(parseEther('10000'));
    expect(await deployDevchain({ rpcUrl: anvil.rpcUrl })).toEqual(first);
    expect(first.collectibles.address).not.toBe(zeroAddress);
    for (const address of Object.values(first.canonical)) expect(await client.getCode({ address })).toMatch(/^0x6080/);
  });
});

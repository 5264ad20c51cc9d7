/**
 * /v1/convert/* on a real anvil with @portico/devchain's exchange: quotes equal the router's
 * on-chain getAmountsOut, built approvals and swaps execute with viem and move balances, a
 * price that moved beyond the slippage makes the swap revert, and the spec's 400s.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { deployDevchain, porticoRouterAbi, type DevchainDeployment } from '@portico/devchain';
import { erc20Abi, getAddress, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { devchainChainConfig, type RunningApi } from '../src/server';
import { ACCOUNTS, clients, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
let anvil: Anvil;
let d: DevchainDeployment;
let api: RunningApi;
let PUSD: Address;
let PTK: Address;

const get = (path: string, params: Record<string, string> = {}) => {
  const url = new URL(path, api.url);
  url.searchParams.set('projectId', PROJECT);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return getJson(url.toString());
};
const post = (path: string, body: unknown) =>
  getJson(new URL(path, api.url).toString(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  d = await deployDevchain({ rpcUrl: anvil.rpcUrl });
  [PUSD, PTK] = d.tokens.map((t) => t.address) as [Address, Address];
  api = await start({ indexer: { enabled: false }, chains: [devchainChainConfig(d, { rpcUrl: anvil.rpcUrl })] });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await anvil?.stop();
});

const balance = (token: Address, who: Address) => clients(anvil).publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const routerQuote = async (amount: bigint, path: Address[]) =>
  (await clients(anvil).publicClient.readContract({ address: d.exchange.router, abi: porticoRouterAbi, functionName: 'getAmountsOut', args: [amount, path] })).at(-1)!;
async function execute(i: number, tx: { to: string; data: string; value: string; gas?: string }) {
  const { wallet, publicClient } = clients(anvil);
  const hash = await wallet(i).sendTransaction({ to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value), ...(tx.gas ? { gas: BigInt(tx.gas) } : {}) });
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

describe('convert', () => {
  test('tokens: native first, then the chain tokens, CAIP-10 with icons', async () => {
    const { status, body } = await get('/v1/convert/tokens', { chainId: CHAIN });
    expect(status).toBe(200);
    expect(body.tokens.map((t: { symbol: string; address: string; decimals: number }) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', NATIVE, 18],
      ['PUSD', `${CHAIN}:${PUSD}`, 6],
      ['PTK', `${CHAIN}:${PTK}`, 18],
    ]);
    for (const t of body.tokens) expect(t.logoUri).toMatch(/^(data:image\/svg|http)/);
    // The router every built swap must target (the modal checks it before the wallet signs), checksummed.
    expect(body.router).toBe(getAddress(d.exchange.router));
  });

  test('quotes equal the router on-chain getAmountsOut (token → token, native → token, token → native), with fee and price impact', async () => {
    const user = `${CHAIN}:${ACCOUNTS[3]!.address}`;
    const amount = parseUnits('100', 6);
    const { status, body } = await get('/v1/convert/quotes', { amount: amount.toString(), userAddress: user, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}`, gasPrice: '1000000000' });
    expect(status).toBe(200);
    const [q] = body.quotes;
    expect(q.fromAmount).toBe(amount.toString());
    expect(q.toAmount).toBe((await routerQuote(amount, [PUSD, PTK])).toString());
    expect(q.fee).toBe(((amount * 30n) / 10_000n).toString());
    // 100 PUSD into a 1,000,000 PUSD pool: ≈ 0.00997 % impact.
    expect(q.priceImpact).toBeGreaterThan(0.009);
    expect(q.priceImpact).toBeLessThan(0.011);

    const eth = await get('/v1/convert/quotes', { amount: parseEther('1').toString(), userAddress: user, from: NATIVE, to: `${CHAIN}:${PUSD}` });
    expect(eth.body.quotes[0].toAmount).toBe((await routerQuote(parseEther('1'), [d.exchange.weth, PUSD])).toString());
    const back = await get('/v1/convert/quotes', { amount: parseUnits('5', 18).toString(), userAddress: user, from: `${CHAIN}:${PTK}`, to: NATIVE });
    expect(back.body.quotes[0].toAmount).toBe((await routerQuote(parseUnits('5', 18), [PTK, d.exchange.weth])).toString());
    // A big trade moves the price a lot.
    const big = await get('/v1/convert/quotes', { amount: parseUnits('500000', 6).toString(), userAddress: user, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}` });
    expect(big.body.quotes[0].priceImpact).toBeGreaterThan(30);
  });

  test('allowance → build-approve executes → allowance to the router is unlimited; native needs none', async () => {
    const user = ACCOUNTS[3]!.address;
    let r = await get('/v1/convert/allowance', { tokenAddress: `${CHAIN}:${PUSD}`, userAddress: `${CHAIN}:${user}` });
    expect(r.status).toBe(200);
    expect(r.body.allowance).toBe('0');
    r = await get('/v1/convert/build-approve', { userAddress: `${CHAIN}:${user}`, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}` });
    expect(r.status).toBe(200);
    expect(r.body.tx).toMatchObject({ to: PUSD, value: '0' });
    expect(r.body.tx.data).toMatch(/^0x095ea7b3/); // approve(address,uint256)
    expect(Number(r.body.tx.gas)).toBeGreaterThan(20_000);
    expect((await execute(3, r.body.tx)).status).toBe('success');
    r = await get('/v1/convert/allowance', { tokenAddress: `${CHAIN}:${PUSD}`, userAddress: user });
    expect(r.body.allowance).toBe(maxUint256.toString());
    r = await get('/v1/convert/allowance', { tokenAddress: NATIVE, userAddress: user });
    expect(r.body.allowance).toBe(maxUint256.toString());
    r = await get('/v1/convert/build-approve', { userAddress: user, from: `${CHAIN}:${PTK}`, to: NATIVE, amount: '1000' });
    expect(BigInt(`0x${(r.body.tx.data as string).slice(-64)}`)).toBe(1000n);
  });

  test('build-transaction: 100 PUSD → PTK executes; PUSD −100 exactly, PTK + the quote (≥ amountOutMin at 1 % slippage)', async () => {
    const user = ACCOUNTS[3]!.address;
    const amount = parseUnits('100', 6);
    const quoted = await routerQuote(amount, [PUSD, PTK]);
    const [pusd0, ptk0] = [await balance(PUSD, user), await balance(PTK, user)];
    const { status, body } = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: '1' },
      projectId: PROJECT,
      from: `${CHAIN}:${PUSD}`,
      to: `${CHAIN}:${PTK}`,
      userAddress: `${CHAIN}:${user}`,
      disableEstimate: false,
    });
    expect(status).toBe(200);
    expect(body.tx).toMatchObject({ to: d.exchange.router, value: '0' });
    expect(BigInt(body.quote.amountOutMin)).toBe((quoted * 99n) / 100n);
    expect(Number(body.tx.gas)).toBeGreaterThan(50_000);
    expect((await execute(3, body.tx)).status).toBe('success');
    expect(await balance(PUSD, user)).toBe(pusd0 - amount);
    expect(await balance(PTK, user)).toBe(ptk0 + quoted);
  });

  test('build-transaction with native in and native out moves ETH', async () => {
    const user = ACCOUNTS[2]!.address;
    const { publicClient } = clients(anvil);
    const ptk0 = await balance(PTK, user);
    let r = await post('/v1/convert/build-transaction', {
      amount: parseEther('0.5').toString(), eip155: { slippage: 0.5 }, projectId: PROJECT, from: NATIVE, to: `${CHAIN}:${PTK}`, userAddress: user, disableEstimate: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.tx.value).toBe(parseEther('0.5').toString());
    expect(r.body.tx.gas).toBeUndefined();
    expect((await execute(2, r.body.tx)).status).toBe('success');
    expect(await balance(PTK, user)).toBeGreaterThan(ptk0);

    const approve = await get('/v1/convert/build-approve', { userAddress: user, from: `${CHAIN}:${PTK}`, to: NATIVE });
    await execute(2, approve.body.tx);
    const eth0 = await publicClient.getBalance({ address: user });
    r = await post('/v1/convert/build-transaction', {
      amount: parseUnits('10', 18).toString(), eip155: { slippage: '1' }, projectId: PROJECT, from: `${CHAIN}:${PTK}`, to: NATIVE, userAddress: user,
    });
    const receipt = await execute(2, r.body.tx);
    expect(receipt.status).toBe('success');
    const gained = (await publicClient.getBalance({ address: user })) - eth0 + receipt.gasUsed * receipt.effectiveGasPrice;
    expect(gained).toBeGreaterThanOrEqual(BigInt(r.body.quote.amountOutMin));
  });

  test('a price that moved beyond the slippage makes the built swap revert on chain', async () => {
    const user = ACCOUNTS[3]!.address;
    const { body } = await post('/v1/convert/build-transaction', {
      amount: parseUnits('1000', 6).toString(), eip155: { slippage: '0.1' }, projectId: PROJECT, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}`, userAddress: user, disableEstimate: true,
    });
    // Someone else buys PTK first (account #4 approves and swaps 20,000 PUSD).
    const approve = await get('/v1/convert/build-approve', { userAddress: ACCOUNTS[4]!.address, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}` });
    await execute(4, approve.body.tx);
    const front = await post('/v1/convert/build-transaction', {
      amount: parseUnits('20000', 6).toString(), eip155: { slippage: '1' }, projectId: PROJECT, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}`, userAddress: ACCOUNTS[4]!.address,
    });
    expect((await execute(4, front.body.tx)).status).toBe('success');
    const pusd0 = await balance(PUSD, user);
    expect((await execute(3, { ...body.tx, gas: '300000' })).status).toBe('reverted');
    expect(await balance(PUSD, user)).toBe(pusd0);
  });

  test("networks outside the swap list: 'Network not supported for Swaps' / 'Network not supported for Gas Price'; bad input names the field", async () => {
    const other = 'eip155:999999';
    const user = ACCOUNTS[0]!.address;
    const cases: [string, Record<string, string>, string][] = [
      ['/v1/convert/tokens', { chainId: other }, 'Network not supported for Swaps'],
      ['/v1/convert/quotes', { amount: '1', from: `${other}:${PUSD}`, to: `${other}:${PTK}` }, 'Network not supported for Swaps'],
      ['/v1/convert/allowance', { tokenAddress: `${other}:${PUSD}`, userAddress: user }, 'Network not supported for Swaps'],
      ['/v1/convert/build-approve', { userAddress: user, from: `${other}:${PUSD}`, to: `${other}:${PTK}` }, 'Network not supported for Swaps'],
      ['/v1/convert/gas-price', { chainId: other }, 'Network not supported for Gas Price'],
      ['/v1/convert/quotes', { amount: '1', from: 'PUSD', to: `${CHAIN}:${PTK}` }, 'from: Invalid CAIP-10 address'],
      ['/v1/convert/quotes', { amount: '0', from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}` }, 'amount: must be greater than 0'],
      ['/v1/convert/quotes', { amount: '1.5', from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}` }, "amount: must be an integer amount in the token's smallest unit"],
      ['/v1/convert/quotes', { amount: '1', from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PUSD}` }, 'to: must differ from from'],
      ['/v1/convert/quotes', { amount: '1', from: `${CHAIN}:${PUSD}`, to: `eip155:1:${PTK}` }, 'to: must be on the same chain as from'],
      ['/v1/convert/quotes', { amount: '1', from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${d.collectibles.address}` }, 'to: no pool for this token pair'],
      ['/v1/convert/build-approve', { userAddress: user, from: NATIVE, to: `${CHAIN}:${PTK}` }, 'from: the native token needs no approval'],
      ['/v1/convert/tokens', {}, 'chainId: required'],
    ];
    for (const [path, params, error] of cases) {
      const r = await get(path, params);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 400, error });
    }
    const gas = await get('/v1/convert/gas-price', { chainId: CHAIN });
    expect(gas.status).toBe(200);
    expect(BigInt(gas.body.fast)).toBeGreaterThanOrEqual(BigInt(gas.body.standard));

    const bad = await post('/v1/convert/build-transaction', { amount: '1', eip155: { slippage: '80' }, projectId: PROJECT, from: `${CHAIN}:${PUSD}`, to: `${CHAIN}:${PTK}`, userAddress: user });
    expect(bad).toMatchObject({ status: 400, body: { error: 'eip155.slippage: must be between 0 and 50 (percent)' } });
    const off = await post('/v1/convert/build-transaction', { amount: '1', eip155: { slippage: '1' }, projectId: PROJECT, from: `${other}:${PUSD}`, to: `${other}:${PTK}`, userAddress: user });
    expect(off).toMatchObject({ status: 400, body: { error: 'Network not supported for Swaps' } });
    const noProject = await getJson(new URL(`/v1/convert/tokens?chainId=${CHAIN}`, api.url).toString());
    expect(noProject.status).toBe(400);
  });
});

/**
 * History tells what happened, on the demo's chain (anvil seeded by @portico/devchain, configured with
 * devchainChainConfig as the demo is): a token send names its recipient (not the token contract), an approval
 * its amount and spender (the devchain exchange by name), a swap both of its legs (the ETH a router pays out too),
 * and a call that moved nothing its function.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { deployDevchain, DEVCHAIN_DEPLOYER_KEY, farcasterIdRegistryAbi, porticoRouterAbi, type DevchainDeployment } from '@portico/devchain';
import { encodeFunctionData, erc20Abi, formatEther, getAddress, maxUint256, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { RunningApi } from '../src/server';
import { devchainChainConfig } from '../src/server';
import { SWAP_EXCHANGE_NAME, type Transaction } from '../src/routes/history';
import { ACCOUNTS, clients, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = 'eip155:31337';
let anvil: Anvil;
let d: DevchainDeployment;
let api: RunningApi;
let PUSD: Address, PTK: Address;

const TRADER = 1;
const RECEIVER = 3;
const address = (i: number) => ACCOUNTS[i]!.address;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  d = await deployDevchain({ rpcUrl: anvil.rpcUrl });
  [PUSD, PTK] = [d.tokens[0]!.address, d.tokens[1]!.address];
  api = await start({ indexer: { pollIntervalMs: 100 }, chains: [devchainChainConfig(d, { rpcUrl: anvil.rpcUrl })] });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await anvil?.stop();
});

const history = async (who: Address) => {
  await api.chains.get(CHAIN)!.indexer!.waitFor();
  const url = new URL(`/v1/account/${who}/history`, api.url);
  url.searchParams.set('projectId', PROJECT);
  url.searchParams.set('chainId', CHAIN);
  return (await getJson(url.toString())).body.data as Transaction[];
};
const latest = async (who: Address) => (await history(who))[0]!;

async function write(from: number, to: Address, abi: Abi, functionName: string, args: unknown[], options: { gas?: bigint } = {}) {
  const { wallet, publicClient } = clients(anvil);
  const hash = await wallet(from).sendTransaction({ to, data: encodeFunctionData({ abi, functionName, args }), ...options });
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600);

describe('history on the devchain', () => {
  test('an ERC-20 send: the recipient is named on the transfer (the transaction itself went to the token contract)', async () => {
    const { transactionHash } = await write(TRADER, PUSD, erc20Abi, 'transfer', [address(RECEIVER), parseUnits('1.5', 6)]);
    const sent = await latest(address(TRADER));
    expect(sent.metadata).toMatchObject({ hash: transactionHash, operationType: 'send', sentTo: PUSD, method: 'transfer', status: 'confirmed' });
    expect(sent.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: expect.objectContaining({ symbol: 'PUSD' }), sender: address(TRADER), recipient: address(RECEIVER) }),
    ]);
    const received = await latest(address(RECEIVER));
    expect(received.metadata).toMatchObject({ hash: transactionHash, operationType: 'receive' });
    expect(received.transfers).toEqual([expect.objectContaining({ direction: 'in', sender: address(TRADER), recipient: address(RECEIVER) })]);
  });

  test('approvals: the amount and the spender, the exchange by name; unlimited to an unknown spender by address only', async () => {
    await write(TRADER, PUSD, erc20Abi, 'approve', [d.exchange.router, parseUnits('100', 6)]);
    const exact = await latest(address(TRADER));
    expect(exact.metadata).toMatchObject({ operationType: 'approve', method: 'approve', sentTo: PUSD });
    expect(exact.transfers).toEqual([]);
    expect(exact.approvals).toEqual([
      {
        fungible_info: expect.objectContaining({ symbol: 'PUSD', name: 'Portico USD' }),
        quantity: { numeric: '100.0' },
        unlimited: false,
        spender: { address: d.exchange.router, name: SWAP_EXCHANGE_NAME },
      },
    ]);
    expect(SWAP_EXCHANGE_NAME).toBe('Portico Exchange');

    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    await write(TRADER, PTK, erc20Abi, 'approve', [stranger, maxUint256]);
    const unlimited = await latest(address(TRADER));
    expect(unlimited.approvals).toEqual([{ fungible_info: expect.objectContaining({ symbol: 'PTK' }), unlimited: true, spender: { address: getAddress(stranger) } }]);
  });

  test('a swap of tokens: a trade with both legs, out first', async () => {
    const before = await clients(anvil).publicClient.readContract({ address: PTK, abi: erc20Abi, functionName: 'balanceOf', args: [address(TRADER)] });
    await write(TRADER, d.exchange.router, porticoRouterAbi, 'swapExactTokensForTokens', [parseUnits('10', 6), 1n, [PUSD, PTK], address(TRADER), deadline()]);
    const after = await clients(anvil).publicClient.readContract({ address: PTK, abi: erc20Abi, functionName: 'balanceOf', args: [address(TRADER)] });
    const swap = await latest(address(TRADER));
    expect(swap.metadata).toMatchObject({ operationType: 'trade', method: 'swapExactTokensForTokens', sentTo: d.exchange.router });
    expect(swap.transfers.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity.numeric])).toEqual([
      ['out', 'PUSD', '10.0'],
      ['in', 'PTK', formatEther(after - before)],
    ]);
    // The exact approval was spent by the swap; no Approval event came with it, so the swap carries none.
    expect(swap.approvals).toEqual([]);
  });

  test('a swap to ETH: the ETH the router pays out (an inner call, no log) is the leg in', async () => {
    const { publicClient } = clients(anvil);
    await write(TRADER, PTK, erc20Abi, 'approve', [d.exchange.router, parseUnits('2', 18)]);
    const before = await publicClient.getBalance({ address: address(TRADER) });
    const receipt = await write(TRADER, d.exchange.router, porticoRouterAbi, 'swapExactTokensForETH', [parseUnits('2', 18), 1n, [PTK, d.exchange.weth], address(TRADER), deadline()]);
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    const received = (await publicClient.getBalance({ address: address(TRADER) })) - before + paid;
    const swap = await latest(address(TRADER));
    expect(swap.metadata).toMatchObject({ operationType: 'trade', method: 'swapExactTokensForETH' });
    expect(swap.transfers.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity.numeric, t.sender])).toEqual([
      ['out', 'PTK', '2.0', address(TRADER)],
      ['in', 'ETH', formatEther(received), d.exchange.router],
    ]);
  });

  test('a call that moved nothing is named by its function; a reverted one is failed, with its function and no transfer', async () => {
    const deployer = privateKeyToAccount(DEVCHAIN_DEPLOYER_KEY);
    const { wallet, publicClient } = clients(anvil);
    const registrant = privateKeyToAccount(generatePrivateKey()).address;
    const hash = await wallet(0).sendTransaction({
      account: deployer,
      to: d.farcaster.idRegistry,
      data: encodeFunctionData({ abi: farcasterIdRegistryAbi, functionName: 'register', args: [registrant] }),
    });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect((await latest(deployer.address)).metadata).toMatchObject({ hash, operationType: 'execute', method: 'register' });

    // More PUSD than the account holds: reverts (gas given, so viem does not refuse to send).
    const reverted = await write(RECEIVER, PUSD, erc20Abi, 'transfer', [address(TRADER), parseUnits('1000000', 6)], { gas: 100_000n });
    expect(reverted.status).toBe('reverted');
    const failed = await latest(address(RECEIVER));
    expect(failed.metadata).toMatchObject({ hash: reverted.transactionHash as Hex, status: 'failed', operationType: 'execute', method: 'transfer' });
    expect(failed.transfers).toEqual([]);
  });
});

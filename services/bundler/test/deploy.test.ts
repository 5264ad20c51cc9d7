import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { createPublicClient, createTestClient, http } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { deployAccountAbstraction, DETERMINISTIC_DEPLOYER, ENTRY_POINT_07, fundDevAccounts, SIMPLE_ACCOUNT_FACTORY_07 } from '../src/index';
import { DEV_BUNDLER_KEYS } from '../src/dev-keys';
import { startAnvil, type Anvil } from './anvil';

const deployerPrivateKey = DEV_BUNDLER_KEYS.utilityPrivateKey;
const deployer = privateKeyToAddress(deployerPrivateKey);

let anvil: Anvil;
beforeEach(async () => {
  anvil = await startAnvil();
  await fundDevAccounts(anvil.rpcUrl, [deployer]);
});
afterEach(async () => {
  await anvil?.stop();
});

describe('deployAccountAbstraction', () => {
  it('deploys EntryPoint v0.7 and SimpleAccountFactory v0.7 at their canonical addresses, once', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const deployment = await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey });
    expect(deployment).toEqual({
      chainId: 31337,
      deterministicDeployer: DETERMINISTIC_DEPLOYER,
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
    });
    for (const address of [ENTRY_POINT_07, SIMPLE_ACCOUNT_FACTORY_07]) expect((await client.getCode({ address }))?.length).toBeGreaterThan(1000);
    // The factory points at the EntryPoint.
    const factoryEntryPoint = await client.readContract({
      address: SIMPLE_ACCOUNT_FACTORY_07,
      abi: [{ type: 'function', name: 'accountImplementation', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }],
      functionName: 'accountImplementation',
    });
    expect(await client.readContract({
      address: factoryEntryPoint,
      abi: [{ type: 'function', name: 'entryPoint', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }],
      functionName: 'entryPoint',
    })).toBe(ENTRY_POINT_07);

    const nonce = await client.getTransactionCount({ address: deployer });
    const block = await client.getBlockNumber({ cacheTime: 0 });
    expect(await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey })).toEqual(deployment);
    expect(await client.getTransactionCount({ address: deployer })).toBe(nonce);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block);
  });

  it('installs the deterministic deployer on a node that lacks it', async () => {
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setCode({ address: DETERMINISTIC_DEPLOYER, bytecode: '0x' });
    const deployment = await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey });
    expect(deployment.entryPoint).toBe(ENTRY_POINT_07);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await client.getCode({ address: DETERMINISTIC_DEPLOYER })).toMatch(/^0x7fff/);
    expect(await client.getCode({ address: ENTRY_POINT_07 })).toMatch(/^0x6080/);
  });
});

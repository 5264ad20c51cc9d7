import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { createPublicClient, createTestClient, http } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { CREATE2_FACTORY } from '@portico/devchain';
import { deployAccountAbstraction, ENTRY_POINT_07, fundDevAccounts, PORTICO_ACCOUNT_FACTORY, PORTICO_ACCOUNT_IMPLEMENTATION } from '../src/index';
import { DEV_BUNDLER_KEYS } from '../src/dev-keys';
import { startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';

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
  it('deploys EntryPoint v0.7 at its canonical address and the Portico account factory at its fixed address, once', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const deployment = await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey });
    // Literal addresses: a recompiled contract that moves them must be a deliberate change here too.
    expect(deployment).toEqual({
      chainId: 31337,
      deterministicDeployer: CREATE2_FACTORY,
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      accountImplementation: '0x4Be1A32619d0D0A527a4704F7fA9781596347eba',
      accountFactory: '0x922F3Fb32450D949b13952F803BdA3156225D81E',
    });
    expect([deployment.accountImplementation, deployment.accountFactory]).toEqual([PORTICO_ACCOUNT_IMPLEMENTATION, PORTICO_ACCOUNT_FACTORY]);
    for (const address of [ENTRY_POINT_07, PORTICO_ACCOUNT_IMPLEMENTATION, PORTICO_ACCOUNT_FACTORY]) {
      expect((await client.getCode({ address }))?.length).toBeGreaterThan(1000);
    }
    const view = (name: string) => [{ type: 'function', name, stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }] as const;
    // The factory clones the implementation, whose accounts use the EntryPoint; the implementation
    // itself cannot be initialized by anyone (Solady sets its owner to address(1)).
    expect(await client.readContract({ address: PORTICO_ACCOUNT_FACTORY, abi: view('implementation'), functionName: 'implementation' })).toBe(PORTICO_ACCOUNT_IMPLEMENTATION);
    expect(await client.readContract({ address: PORTICO_ACCOUNT_IMPLEMENTATION, abi: view('entryPoint'), functionName: 'entryPoint' })).toBe(ENTRY_POINT_07);
    expect(await client.readContract({ address: PORTICO_ACCOUNT_IMPLEMENTATION, abi: view('owner'), functionName: 'owner' })).toBe('0x0000000000000000000000000000000000000001');

    const nonce = await client.getTransactionCount({ address: deployer });
    const block = await client.getBlockNumber({ cacheTime: 0 });
    expect(await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey })).toEqual(deployment);
    expect(await client.getTransactionCount({ address: deployer })).toBe(nonce);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block);
  });

  it('installs the deterministic deployer on a node that lacks it', async () => {
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setCode({ address: CREATE2_FACTORY, bytecode: '0x' });
    const deployment = await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey });
    expect(deployment.entryPoint).toBe(ENTRY_POINT_07);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await client.getCode({ address: CREATE2_FACTORY })).toMatch(/^0x7fff/);
    expect(await client.getCode({ address: ENTRY_POINT_07 })).toMatch(/^0x6080/);
  });
});

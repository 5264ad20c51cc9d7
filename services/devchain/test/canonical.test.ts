/**
 * The contracts clients assume at their canonical addresses, used as those clients use them: viem's
 * `multicall` through Multicall3 (no `deployless`), permissionless's `toSimpleSmartAccount` through EntryPoint
 * v0.7 and its SimpleAccountFactory. (A user operation of that account through the bundler: services/bundler.)
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { toSimpleSmartAccount } from 'permissionless/accounts';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  getContractAddress,
  http,
  keccak256,
  multicall3Abi,
  parseEther,
  parseUnits,
  zeroAddress,
  zeroHash,
  type Chain,
  type PublicClient,
} from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';
import {
  CREATE2_FACTORY,
  DEV_ACCOUNTS,
  DEVCHAIN_DEPLOYER,
  DEVCHAIN_DEPLOYER_KEY,
  deployDevchain,
  deployThroughCreate2Factory,
  ENTRY_POINT_07,
  ENTRY_POINT_07_CONTRACT,
  MULTICALL3,
  MULTICALL3_CODE_HASH,
  SEED,
  SIMPLE_ACCOUNT_FACTORY_07,
  type DevchainDeployment,
} from '../src/index';

let anvil: Anvil;
let chain: Chain;
let client: PublicClient;
let deployment: DevchainDeployment;

beforeAll(async () => {
  anvil = await startAnvil();
  // What a client configures for a chain (viem's definitions of public chains carry the same multicall3 entry).
  chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } }, contracts: { multicall3: { address: MULTICALL3 } } };
  client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  deployment = await deployDevchain({ rpcUrl: anvil.rpcUrl });
});
afterAll(async () => {
  await anvil?.stop();
});

const addressView = (name: string) => [{ type: 'function', name, stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }] as const;
const simpleAccountFactoryAbi = [
  ...addressView('accountImplementation'),
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    outputs: [{ type: 'address' }],
  },
] as const;

describe('Multicall3 at 0xcA11…CA11', () => {
  it('is the canonical runtime code (the mainnet code hash)', async () => {
    const code = await client.getCode({ address: MULTICALL3 });
    expect(keccak256(code!)).toBe(MULTICALL3_CODE_HASH);
    expect(MULTICALL3_CODE_HASH).toBe('0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891');
  });

  it('serves viem’s multicall without deployless, and batched reads', async () => {
    const [pusd, ptk] = deployment.tokens;
    const results = await client.multicall({
      contracts: [
        { address: pusd!.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[0]] },
        { address: ptk!.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[0]] },
        { address: MULTICALL3, abi: multicall3Abi, functionName: 'getEthBalance', args: [DEV_ACCOUNTS[1]] },
        { address: zeroAddress, abi: erc20Abi, functionName: 'decimals' },
      ],
    });
    expect(results).toEqual([
      { status: 'success', result: parseUnits(String(SEED.PUSD), 6) },
      { status: 'success', result: parseUnits(String(SEED.PTK), 18) },
      { status: 'success', result: parseEther('10000') },
      // One failing call does not fail the others (aggregate3 with allowFailure).
      expect.objectContaining({ status: 'failure' }),
    ]);

    // A client that batches its reads into Multicall3 (one eth_call for both).
    const batching = createPublicClient({ chain, transport: http(anvil.rpcUrl), batch: { multicall: true } });
    const balances = await Promise.all(
      deployment.tokens.map((token) => batching.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[4]] })),
    );
    expect(balances).toEqual([parseUnits(String(SEED.PUSD), 6), parseUnits(String(SEED.PTK), 18)]);
  });

  it('the deploy refuses other code found at its address', async () => {
    const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    const canonical = await client.getCode({ address: MULTICALL3 });
    await testClient.setCode({ address: MULTICALL3, bytecode: '0x00' });
    await expect(deployDevchain({ rpcUrl: anvil.rpcUrl })).rejects.toThrow(
      `devchain: the code at ${MULTICALL3} is not the canonical Multicall3 (its hash is not ${MULTICALL3_CODE_HASH})`,
    );
    await testClient.setCode({ address: MULTICALL3, bytecode: canonical! });
    expect(await deployDevchain({ rpcUrl: anvil.rpcUrl })).toEqual(deployment);
  });
});

describe('ERC-4337 v0.7: EntryPoint and SimpleAccountFactory at their canonical addresses', () => {
  it('permissionless’s toSimpleSmartAccount gives the factory’s counterfactual address, not the zero address', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toSimpleSmartAccount({ client, owner, entryPoint: { address: entryPoint07Address, version: '0.7' } });
    expect(account.address).not.toBe(zeroAddress);
    expect(await account.getFactoryArgs()).toMatchObject({ factory: SIMPLE_ACCOUNT_FACTORY_07 });
    const factory = { address: SIMPLE_ACCOUNT_FACTORY_07, abi: simpleAccountFactoryAbi } as const;
    expect(await client.readContract({ ...factory, functionName: 'getAddress', args: [owner.address, 0n] })).toBe(account.address);
    expect(await account.isDeployed()).toBe(false);
    // Per owner and per index.
    const other = await toSimpleSmartAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), entryPoint: { address: entryPoint07Address, version: '0.7' } });
    const second = await toSimpleSmartAccount({ client, owner, index: 1n, entryPoint: { address: entryPoint07Address, version: '0.7' } });
    expect(new Set([account.address, other.address, second.address]).size).toBe(3);
    // The factory's immutables are the canonical ones: its accounts use EntryPoint v0.7.
    const implementation = await client.readContract({ ...factory, functionName: 'accountImplementation' });
    expect(await client.readContract({ address: implementation, abi: addressView('entryPoint'), functionName: 'entryPoint' })).toBe(ENTRY_POINT_07);
  });
});

describe('deployThroughCreate2Factory refuses, sending nothing', () => {
  it('creation code that does not give the expected address, and names a creation that fails', async () => {
    const wallet = createWalletClient({ account: privateKeyToAccount(DEVCHAIN_DEPLOYER_KEY), chain, transport: http(anvil.rpcUrl) });
    const nonce = await client.getTransactionCount({ address: DEVCHAIN_DEPLOYER });
    await expect(
      deployThroughCreate2Factory({ publicClient: client, wallet }, [{ ...ENTRY_POINT_07_CONTRACT, address: SIMPLE_ACCOUNT_FACTORY_07 }]),
    ).rejects.toThrow(`devchain: EntryPoint v0.7's creation code and salt give ${ENTRY_POINT_07}, not ${SIMPLE_ACCOUNT_FACTORY_07}`);
    // 0xfe: INVALID, so the creation reverts.
    const reverting = { name: 'Reverting', salt: zeroHash, initCode: '0xfe' } as const;
    const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_FACTORY, salt: reverting.salt, bytecode: reverting.initCode });
    await expect(deployThroughCreate2Factory({ publicClient: client, wallet }, [{ ...reverting, address }])).rejects.toThrow(
      new RegExp(`^devchain: Reverting was not created at ${address}: .*revert`, 'i'),
    );
    expect(await client.getTransactionCount({ address: DEVCHAIN_DEPLOYER })).toBe(nonce);
  });
});

describe('two deployers placing the same contract at once (the API’s devchain deploy and the bundler’s start)', () => {
  it('both succeed: the one whose creation reverted finds the contract there', async () => {
    const fresh = await startAnvil();
    try {
      const transport = http(fresh.rpcUrl);
      const publicClient = createPublicClient({ chain: foundry, transport });
      const testClient = createTestClient({ mode: 'anvil', transport });
      const wallets = await Promise.all(
        [generatePrivateKey(), generatePrivateKey()].map(async (key) => {
          const account = privateKeyToAccount(key);
          await testClient.setBalance({ address: account.address, value: parseEther('10') });
          return createWalletClient({ account, chain: foundry, transport });
        }),
      );
      // Both see no code and send; one block then takes both creations, and the second reverts.
      await testClient.setAutomine(false);
      const deploys = wallets.map((wallet) => deployThroughCreate2Factory({ publicClient, wallet }, [ENTRY_POINT_07_CONTRACT]));
      const pending = async () => (await publicClient.request({ method: 'txpool_status' as 'eth_chainId' }) as unknown as { pending: string }).pending;
      for (const deadline = Date.now() + 10_000; (await pending()) !== '0x2'; ) {
        if (Date.now() > deadline) throw new Error(`expected both creations pending, txpool_status.pending is ${await pending()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await testClient.mine({ blocks: 1 });
      await Promise.all(deploys);
      const block = await publicClient.getBlock({ includeTransactions: true });
      const receipts = await Promise.all(block.transactions.map(({ hash }) => publicClient.getTransactionReceipt({ hash })));
      expect(receipts.map((r) => r.status).sort()).toEqual(['reverted', 'success']);
      expect(await publicClient.getCode({ address: ENTRY_POINT_07 })).toMatch(/^0x6080/);
    } finally {
      await fresh.stop();
    }
  });
});

/**
 * The whole path on a real anvil with a real Alto: EntryPoint v0.7 and SimpleAccountFactory
 * deployed, a SimpleAccount (permissionless) sending ETH through the bundler.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { createSmartAccountClient } from 'permissionless';
import { toSimpleSmartAccount } from 'permissionless/accounts';
import { createPimlicoClient } from 'permissionless/clients/pimlico';
import { createPublicClient, createTestClient, http, parseEther, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { deployAccountAbstraction, ENTRY_POINT_07, SIMPLE_ACCOUNT_FACTORY_07, startBundler, type RunningBundler } from '../src/index';
import { DEV_BUNDLER_KEYS } from '../src/dev-keys';
import { fundDevAccounts } from '../src/deploy';
import { freePort, startAnvil, type Anvil } from './anvil';

let anvil: Anvil;
let bundler: RunningBundler;
let publicClient: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  const { executorPrivateKeys, utilityPrivateKey } = DEV_BUNDLER_KEYS;
  await fundDevAccounts(anvil.rpcUrl, [...executorPrivateKeys, utilityPrivateKey].map((key) => privateKeyToAddress(key)));
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: utilityPrivateKey });
  bundler = await startBundler({
    rpcUrl: anvil.rpcUrl,
    port: await freePort(),
    // Alto's safe mode rejects every user operation on anvil (README, "Safe mode").
    safeMode: false,
    blockTimeMs: 200,
    logLevel: 'warn',
    executorPrivateKeys,
    utilityPrivateKey,
  });
  publicClient = createPublicClient({ chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) });
}, 60_000);

afterAll(async () => {
  await bundler?.stop();
  await anvil?.stop();
});

async function simpleAccountClient(ownerKey: Hex) {
  const account = await toSimpleSmartAccount({
    client: publicClient,
    owner: privateKeyToAccount(ownerKey),
    entryPoint: { address: ENTRY_POINT_07, version: '0.7' },
  });
  const pimlico = createPimlicoClient({ transport: http(bundler.url), entryPoint: { address: ENTRY_POINT_07, version: '0.7' } });
  const client = createSmartAccountClient({
    account,
    chain: publicClient.chain,
    bundlerTransport: http(bundler.url),
    // Alto's own gas price (it refuses user operations priced below it).
    userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
  });
  return { account, client };
}

describe('the running bundler', () => {
  // Alto itself always listens on 0.0.0.0; startBundler's preload keeps it on the host asked for.
  const externalAddress = Object.values(networkInterfaces()).flat().find((address) => address?.family === 'IPv4' && !address.internal)?.address;
  it.skipIf(!externalAddress)('is not reachable on a non-loopback address when started on 127.0.0.1', async () => {
    const { port } = new URL(bundler.url);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: externalAddress!, port: Number(port) });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    expect(connected).toBe(false);
  });
});

describe('SimpleAccount user operations through Alto', () => {
  const ownerKey = generatePrivateKey();
  const recipient = privateKeyToAddress(generatePrivateKey());

  it('gives the counterfactual address from the default factory, with no code yet', async () => {
    const { account } = await simpleAccountClient(ownerKey);
    const factoryArgs = await account.getFactoryArgs();
    expect(factoryArgs.factory).toBe(SIMPLE_ACCOUNT_FACTORY_07);
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
    expect(await account.isDeployed()).toBe(false);
  });

  it('sends ETH with a first user operation that deploys the account, and a second one', async () => {
    const { account, client } = await simpleAccountClient(ownerKey);
    // The account pays its own gas (no paymaster on the devchain).
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') });

    const firstHash = await client.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.1') }] });
    const first = await client.waitForUserOperationReceipt({ hash: firstHash, pollingInterval: 200, timeout: 30_000 });
    expect(first.success).toBe(true);
    expect(first.sender).toBe(account.address);
    // smartAccountDeployed: code at the address after the first user operation.
    expect(await publicClient.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{20,}/);
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.1'));

    // eth_getUserOperationReceipt straight from the bundler's JSON-RPC, as the spec's POST does.
    const reply = await fetch(bundler.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [firstHash] }),
    }).then((response) => response.json() as Promise<{ result: { success: boolean; userOpHash: Hex; receipt: { status: string } } }>);
    expect(reply.result).toMatchObject({ success: true, userOpHash: firstHash, receipt: { status: '0x1' } });

    const secondHash = await client.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.2') }] });
    const second = await client.waitForUserOperationReceipt({ hash: secondHash, pollingInterval: 200, timeout: 30_000 });
    expect(second.success).toBe(true);
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.3'));
    expect(second.receipt.transactionHash).not.toBe(first.receipt.transactionHash);
  });

  // Sign-in needs ERC-1271 (deployed) / ERC-6492 (counterfactual) signatures; SimpleAccount v0.7 has
  // no isValidSignature, so it cannot be the account users sign in with (README, "Signatures").
  it('does not pass the owner signature off as the SimpleAccount signature', async () => {
    const { account } = await simpleAccountClient(ownerKey);
    expect(await account.isDeployed()).toBe(true);
    await expect(account.signMessage({ message: 'Sign in to Portico' })).rejects.toThrow("Simple account isn't 1271 compliant");
    const ownerSignature = await privateKeyToAccount(ownerKey).signMessage({ message: 'Sign in to Portico' });
    expect(await publicClient.verifyMessage({ address: account.address, message: 'Sign in to Portico', signature: ownerSignature })).toBe(false);
  });
});

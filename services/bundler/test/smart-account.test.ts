/**
 * Portico's smart account (Solady's ERC-4337 account) on a real anvil with a real Alto, driven by viem
 * only — toSoladySmartAccount and createBundlerClient, as the secure site will: a counterfactual
 * address, signatures verifiable before deployment (ERC-6492) and after (ERC-1271), sign-in (SIWE),
 * and a first user operation that deploys the account and sends ETH.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { createPublicClient, createTestClient, http, isErc6492Signature, parseEther, zeroHash, type Abi, type Hex, type PublicClient } from 'viem';
import { createBundlerClient, toSoladySmartAccount, type BundlerClient } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress, type PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { createSiweMessage, generateSiweNonce, verifySiweMessage } from 'viem/siwe';
import {
  bundlerFeesPerGas,
  deployAccountAbstraction,
  DEV_BUNDLER_KEYS,
  fundDevAccounts,
  PORTICO_ACCOUNT_FACTORY,
  PORTICO_ENTRY_POINT,
  porticoAccountSalt,
  startBundler,
  type RunningBundler,
} from '../src/index';
import { freePort, startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';

let anvil: Anvil;
let bundler: RunningBundler;
let publicClient: PublicClient;
let bundlerClient: BundlerClient;

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
  bundlerClient = createBundlerClient({
    client: publicClient,
    transport: http(bundler.url),
    userOperation: { estimateFeesPerGas: ({ bundlerClient }) => bundlerFeesPerGas(bundlerClient) },
  });
}, 60_000);

afterAll(async () => {
  await bundler?.stop();
  await anvil?.stop();
});

/** The secure site's call: the embedded EOA as owner, our factory, the owner-bound salt. */
function porticoAccount(owner: PrivateKeyAccount) {
  return toSoladySmartAccount({
    client: publicClient,
    owner,
    factoryAddress: PORTICO_ACCOUNT_FACTORY,
    salt: porticoAccountSalt(owner.address),
    entryPoint: PORTICO_ENTRY_POINT,
  });
}

const typedData = {
  domain: { name: 'Portico test dapp', version: '1', chainId: foundry.id, verifyingContract: '0x00000000000000000000000000000000000000aa' },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'gm' },
} as const;

function siweMessage(address: Hex, nonce: string) {
  return createSiweMessage({ address, chainId: foundry.id, domain: 'secure.portico.test', nonce, uri: 'https://secure.portico.test/sign-in', version: '1' });
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

describe('Portico smart account (Solady ERC4337) through viem and Alto', () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  const recipient = privateKeyToAddress(generatePrivateKey());

  it('has a counterfactual address of its own, from our factory, with no code yet', async () => {
    const account = await porticoAccount(owner);
    expect(await account.getFactoryArgs()).toMatchObject({ factory: PORTICO_ACCOUNT_FACTORY });
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
    expect(await account.isDeployed()).toBe(false);
    // The address follows the owner (the salt carries it) and the account index.
    expect((await porticoAccount(stranger)).address).not.toBe(account.address);
    const secondAccount = await toSoladySmartAccount({
      client: publicClient,
      owner,
      factoryAddress: PORTICO_ACCOUNT_FACTORY,
      salt: porticoAccountSalt(owner.address, 1n),
      entryPoint: PORTICO_ENTRY_POINT,
    });
    expect(secondAccount.address).not.toBe(account.address);
  });

  it('refuses viem’s default salt (0x0), which would give every owner the same address', async () => {
    const factoryAbi = JSON.parse(readFileSync(new URL('../artifacts/PorticoAccountFactory.json', import.meta.url), 'utf8')).abi as Abi;
    await expect(
      publicClient.simulateContract({ address: PORTICO_ACCOUNT_FACTORY, abi: factoryAbi, functionName: 'createAccount', args: [owner.address, zeroHash] }),
    ).rejects.toThrow('SaltDoesNotStartWithOwner');
  });

  it('signs before deployment: messages, typed data and SIWE verify through ERC-6492', async () => {
    const account = await porticoAccount(owner);
    const signature = await account.signMessage({ message: 'Sign in to Portico' });
    expect(isErc6492Signature(signature)).toBe(true);
    expect(await publicClient.verifyMessage({ address: account.address, message: 'Sign in to Portico', signature })).toBe(true);
    expect(await publicClient.verifyMessage({ address: account.address, message: 'Something else', signature })).toBe(false);

    const typedSignature = await account.signTypedData(typedData);
    expect(await publicClient.verifyTypedData({ address: account.address, ...typedData, signature: typedSignature })).toBe(true);

    // Sign-in with the counterfactual account: what the API will check.
    const nonce = generateSiweNonce();
    const message = siweMessage(account.address, nonce);
    const siweSignature = await account.signMessage({ message });
    expect(await verifySiweMessage(publicClient, { message, signature: siweSignature, domain: 'secure.portico.test', nonce })).toBe(true);
    // Another owner's account cannot sign for this address.
    const strangerSignature = await (await porticoAccount(stranger)).signMessage({ message });
    expect(await verifySiweMessage(publicClient, { message, signature: strangerSignature, domain: 'secure.portico.test', nonce })).toBe(false);
    expect(await account.isDeployed()).toBe(false);
  });

  it('is deployed by its first user operation, which sends ETH; the receipt is on the bundler', async () => {
    const account = await porticoAccount(owner);
    // The account pays its own gas (no paymaster on the devchain).
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') });

    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.1') }] });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 200, timeout: 30_000 });
    expect(receipt).toMatchObject({ success: true, sender: account.address });
    expect(await account.isDeployed()).toBe(true);
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.1'));

    // eth_getUserOperationReceipt straight from the bundler's JSON-RPC, as the spec's POST does.
    const reply = await fetch(bundler.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] }),
    }).then((response) => response.json() as Promise<{ result: { success: boolean; userOpHash: Hex; receipt: { status: string } } }>);
    expect(reply.result).toMatchObject({ success: true, userOpHash: hash, receipt: { status: '0x1' } });

    // A second operation (two calls: executeBatch) on the deployed account.
    const batchHash = await bundlerClient.sendUserOperation({
      account,
      calls: [
        { to: recipient, value: parseEther('0.2') },
        { to: recipient, value: parseEther('0.3') },
      ],
    });
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: batchHash, pollingInterval: 200, timeout: 30_000 })).success).toBe(true);
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.6'));
  });

  it('signs after deployment: messages, typed data and SIWE verify through ERC-1271', async () => {
    const account = await porticoAccount(owner);
    const signature = await account.signMessage({ message: 'Sign in to Portico' });
    expect(isErc6492Signature(signature)).toBe(false);
    expect(await publicClient.verifyMessage({ address: account.address, message: 'Sign in to Portico', signature })).toBe(true);
    // The owner's plain signature is not the account's (ERC-7739 binds it to this account's domain).
    const ownerSignature = await owner.signMessage({ message: 'Sign in to Portico' });
    expect(await publicClient.verifyMessage({ address: account.address, message: 'Sign in to Portico', signature: ownerSignature })).toBe(false);

    const typedSignature = await account.signTypedData(typedData);
    expect(await publicClient.verifyTypedData({ address: account.address, ...typedData, signature: typedSignature })).toBe(true);

    const nonce = generateSiweNonce();
    const message = siweMessage(account.address, nonce);
    expect(await verifySiweMessage(publicClient, { message, signature: await account.signMessage({ message }), domain: 'secure.portico.test', nonce })).toBe(true);
  });
});

/**
 * Who pays for a bundle: the bundler's executor sends `handleOps` and is repaid by the operations' own fees, so
 * an operation priced below the bundler's gas price would spend the operator's money. Against the real Alto on
 * anvil, with the devchain deployed beside it as in `pnpm demo` (the API's devchain deploy and the bundler's
 * own deploy run at the same moment): no path the bundler serves takes an underpriced operation, and the
 * executor's balance pays for none; an operation at the bundler's price is bundled (Portico's account and
 * permissionless's SimpleAccount at the canonical factory) and repays it. CORS against the running bundler too.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { deployDevchain } from '@portico/devchain';
import { toSimpleSmartAccount } from 'permissionless/accounts';
import { createPublicClient, createTestClient, http, parseEther, type Hex, type PublicClient } from 'viem';
import { createBundlerClient, entryPoint07Address, formatUserOperationRequest, toSoladySmartAccount, type BundlerClient, type SmartAccount, type UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { freePort, startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';
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

const executor = privateKeyToAddress(DEV_BUNDLER_KEYS.executorPrivateKeys[0]!);
/** Long enough for Alto (200 ms block time here) to have bundled anything it had taken. */
const SETTLE_MS = 2_000;

let anvil: Anvil;
let bundler: RunningBundler;
let publicClient: PublicClient;
let bundlerClient: BundlerClient;

beforeAll(async () => {
  anvil = await startAnvil();
  const { executorPrivateKeys, utilityPrivateKey } = DEV_BUNDLER_KEYS;
  await fundDevAccounts(anvil.rpcUrl, [...executorPrivateKeys, utilityPrivateKey].map((key) => privateKeyToAddress(key)));
  // Both place EntryPoint v0.7, with different keys, at the same moment (scripts/services.mjs starts them in parallel).
  await Promise.all([deployDevchain({ rpcUrl: anvil.rpcUrl }), deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: utilityPrivateKey })]);
  bundler = await startBundler({
    rpcUrl: anvil.rpcUrl,
    port: await freePort(),
    safeMode: false,
    blockTimeMs: 200,
    logLevel: 'warn',
    executorPrivateKeys,
    utilityPrivateKey,
    allowedOrigins: { origins: [], loopback: true },
  });
  publicClient = createPublicClient({ chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) });
  bundlerClient = createBundlerClient({
    client: publicClient,
    transport: http(bundler.url),
    userOperation: { estimateFeesPerGas: ({ bundlerClient }) => bundlerFeesPerGas(bundlerClient) },
  });
}, 90_000);

afterAll(async () => {
  await bundler?.stop();
  await anvil?.stop();
});

async function fundedPorticoAccount() {
  const owner = privateKeyToAccount(generatePrivateKey());
  const account = await toSoladySmartAccount({
    client: publicClient,
    owner,
    factoryAddress: PORTICO_ACCOUNT_FACTORY,
    salt: porticoAccountSalt(owner.address),
    entryPoint: PORTICO_ENTRY_POINT,
  });
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') });
  return account;
}

/** A signed user operation with these fees, as JSON-RPC carries it. */
async function signedOperation(account: SmartAccount, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }) {
  const { account: _, ...prepared } = await bundlerClient.prepareUserOperation({ account, calls: [{ to: privateKeyToAddress(generatePrivateKey()), value: 1n }], ...fees });
  const operation = prepared as UserOperation<'0.7'>;
  return formatUserOperationRequest({ ...operation, signature: await account.signUserOperation(operation) });
}

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as { result?: unknown; error?: { message: string } } }),
  );

describe('the executor pays for no underpriced user operation', () => {
  it('refuses 1 wei per gas on /rpc and every other path, bundles nothing, and spends none of the executor’s ETH', async () => {
    const account = await fundedPorticoAccount();
    const executorBefore = await publicClient.getBalance({ address: executor });
    const oneWei = { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n };

    // What a client would do: viem's sendUserOperation with its own fees.
    await expect(bundlerClient.sendUserOperation({ account, calls: [{ to: executor, value: 1n }], ...oneWei })).rejects.toThrow(
      /maxFeePerGas must be at least \d+ wei \(the bundler's gas price\), not 1/,
    );
    // The same signed operation on Alto's other paths, and as a zero-fee "boosted" operation.
    const underpriced = await signedOperation(account, oneWei);
    const { origin } = new URL(bundler.url);
    for (const path of ['/v1/rpc', '/v2/rpc', '/']) {
      expect((await rpc(`${origin}${path}`, 'eth_sendUserOperation', [underpriced, entryPoint07Address])).status).toBe(404);
    }
    const free = await signedOperation(account, { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n });
    expect((await rpc(bundler.url, 'boost_sendUserOperation', [free, entryPoint07Address])).body.error?.message).toMatch(/^Method not supported: boost_sendUserOperation/);
    expect((await rpc(bundler.url, 'pimlico_sendUserOperationNow', [underpriced, entryPoint07Address])).body.error?.message).toMatch(/^Method not supported/);

    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(await account.isDeployed()).toBe(false);
    expect(await publicClient.getBalance({ address: executor })).toBe(executorBefore);
  });

  it('bundles an operation at the bundler’s price, which repays the executor what the bundle cost', async () => {
    const account = await fundedPorticoAccount();
    const executorBefore = await publicClient.getBalance({ address: executor });
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: executor, value: 0n }] });
    const { success, receipt } = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 200, timeout: 30_000 });
    expect(success).toBe(true);
    expect(receipt.from.toLowerCase()).toBe(executor.toLowerCase());
    expect(await publicClient.getBalance({ address: executor })).toBeGreaterThanOrEqual(executorBefore);
  });
});

describe('permissionless’s SimpleAccount at the canonical v0.7 factory (placed by @portico/devchain)', () => {
  it('sends its first user operation through the bundler, which deploys it', async () => {
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint07Address, version: '0.7' },
    });
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') });
    const recipient = privateKeyToAddress(generatePrivateKey());
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.25') }] });
    expect((await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 200, timeout: 30_000 })).success).toBe(true);
    expect(await account.isDeployed()).toBe(true);
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.25'));
  });
});

describe('CORS of the running bundler', () => {
  const call = (origin: string) =>
    fetch(bundler.url, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });

  it('gives a foreign Origin no Access-Control-Allow-Origin (Alto’s own CORS reflected any), and a loopback page its own', async () => {
    const foreign = await call('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const page = await call('http://127.0.0.1:3010');
    expect(page.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3010');
    expect(((await page.json()) as { result: Hex }).result).toBe('0x7a69');
  });
});

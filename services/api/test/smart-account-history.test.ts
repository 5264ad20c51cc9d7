/**
 * Smart accounts end to end on a real anvil with the EntryPoint v0.7, Portico's account factory and a
 * real Alto (`@portico/bundler`), driven by viem as the secure site does: the account registers a name
 * before deployment (ERC-6492) and after (ERC-1271); its ETH sends — user operations the bundler's
 * transaction carries, inner calls with no log — are in its Activity as sends from the account; a chain
 * revert removes the indexed user operations.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
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
} from '@portico/bundler';
import { createTestClient, getAddress, http, parseEther, type Hex } from 'viem';
import { createBundlerClient, toSoladySmartAccount, type BundlerClient, type SmartAccount } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import type { RunningApi } from '../src/server';
import type { Transaction } from '../src/routes/history';
import { clients, freePort, rpc, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const CHAIN_ID = 31337;
const CHAIN = `eip155:${CHAIN_ID}`;
const COIN_TYPE = (0x80000000 | CHAIN_ID) >>> 0;

let anvil: Anvil;
let bundler: RunningBundler;
let api: RunningApi;
let bundlerClient: BundlerClient;
let account: SmartAccount;
let beforeOperations: Hex;
const owner = privateKeyToAccount(generatePrivateKey());
const recipient = privateKeyToAddress(generatePrivateKey());

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  const { executorPrivateKeys, utilityPrivateKey } = DEV_BUNDLER_KEYS;
  await fundDevAccounts(anvil.rpcUrl, [...executorPrivateKeys, utilityPrivateKey].map((key) => privateKeyToAddress(key)));
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: utilityPrivateKey });
  [bundler, api] = await Promise.all([
    // Alto's safe mode needs a tracer anvil does not run (services/bundler README).
    startBundler({ rpcUrl: anvil.rpcUrl, port: await freePort(), safeMode: false, blockTimeMs: 200, logLevel: 'warn', executorPrivateKeys, utilityPrivateKey }),
    start({
      indexer: { pollIntervalMs: 100 },
      chains: [{ caipNetworkId: CHAIN, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    }),
  ]);
  const { publicClient } = clients(anvil);
  bundlerClient = createBundlerClient({
    client: publicClient,
    transport: http(bundler.url),
    userOperation: { estimateFeesPerGas: ({ bundlerClient }) => bundlerFeesPerGas(bundlerClient) },
  });
  account = await toSoladySmartAccount({
    client: publicClient,
    owner,
    factoryAddress: PORTICO_ACCOUNT_FACTORY,
    salt: porticoAccountSalt(owner.address),
    entryPoint: PORTICO_ENTRY_POINT,
  });
  beforeOperations = await rpc<Hex>(anvil.rpcUrl, 'evm_snapshot');
}, 120_000);

afterAll(async () => {
  await api?.close();
  await bundler?.stop();
  await anvil?.stop();
});

const u = (path: string, params: Record<string, string> = {}) => {
  const url = new URL(path, api.url);
  url.searchParams.set('projectId', PROJECT);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};
const history = async (address: string) => (await getJson(u(`/v1/account/${address}/history`, { chainId: CHAIN }))).body.data as Transaction[];
const indexed = () => api.chains.get(CHAIN)!.indexer!.waitFor();

async function registerName(name: string) {
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000), chainId: CHAIN_ID, coinType: COIN_TYPE });
  const body = { coin_type: COIN_TYPE, address: account.address, message, signature: await account.signMessage({ message }) };
  return getJson(u('/v1/profile/account'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function sendUserOperation(calls: { to: Hex; value: bigint }[]) {
  const hash = await bundlerClient.sendUserOperation({ account, calls });
  const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 200, timeout: 30_000 });
  expect(receipt.success).toBe(true);
  await indexed();
  // viem picks a fresh nonce key (upper 192 bits) per operation; history shows the sequence (lower 64).
  return { txHash: receipt.receipt.transactionHash, nonce: Number(receipt.nonce & ((1n << 64n) - 1n)) };
}

describe('a smart account (Portico account, EntryPoint v0.7, Alto)', () => {
  test('registers a name before it is deployed (ERC-6492 signature)', async () => {
    expect(await account.isDeployed()).toBe(false);
    expect(await registerName('smart-before.portico.eth')).toMatchObject({ status: 201, body: { addresses: { [String(COIN_TYPE)]: { address: account.address } } } });
  });

  test("its first user operation (deploys it, sends ETH) is a 'send' from the account in its Activity and a 'receive' in the recipient's", async () => {
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') });
    const { txHash, nonce } = await sendUserOperation([{ to: recipient, value: parseEther('0.1') }]);

    const [sent] = await history(account.address);
    expect(sent!.metadata).toMatchObject({
      operationType: 'send', hash: txHash, sentFrom: account.address, sentTo: getAddress(recipient), status: 'confirmed', nonce, chain: CHAIN,
    });
    expect(sent!.transfers).toEqual([expect.objectContaining({ direction: 'out', quantity: { numeric: '0.1' }, fungible_info: expect.objectContaining({ symbol: 'ETH' }) })]);

    const [received] = await history(recipient);
    // The recipient sees the smart account's operation, not the bundler's transaction.
    expect(received!.metadata).toMatchObject({ operationType: 'receive', hash: txHash, sentFrom: account.address, sentTo: getAddress(recipient), nonce });
    expect(received!.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '0.1' } })]);
  });

  test('a batch of two sends (executeBatch) is one entry with both transfers', async () => {
    const { txHash, nonce } = await sendUserOperation([
      { to: recipient, value: parseEther('0.2') },
      { to: recipient, value: parseEther('0.3') },
    ]);
    const [sent] = await history(account.address);
    expect(sent!.metadata).toMatchObject({ operationType: 'send', hash: txHash, sentFrom: account.address, sentTo: getAddress(recipient), nonce });
    expect(sent!.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([['out', '0.2'], ['out', '0.3']]);
  });

  test("an operation whose call reverts is listed as failed, with no transfer", async () => {
    // More ETH than the account holds: validation passes (gas is paid), the execution reverts.
    // Gas given, so viem does not ask the bundler to estimate (which would refuse the revert).
    const gas = { callGasLimit: 100_000n, verificationGasLimit: 500_000n, preVerificationGas: 100_000n };
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('50') }], ...gas });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 200, timeout: 30_000 });
    expect(receipt.success).toBe(false);
    await indexed();
    const [failed] = await history(account.address);
    expect(failed!.metadata).toMatchObject({ operationType: 'execute', hash: receipt.receipt.transactionHash, sentFrom: account.address, sentTo: getAddress(recipient), status: 'failed' });
    expect(failed!.transfers).toEqual([]);
  });

  test('registers a name once deployed (ERC-1271 signature)', async () => {
    expect(await account.isDeployed()).toBe(true);
    expect((await registerName('smart-after.portico.eth')).status).toBe(201);
  });

  test('a chain revert removes the indexed user operations with the rest', async () => {
    const count = async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chain_user_operations WHERE chain_id = $1', [CHAIN])).rows[0]!.n;
    expect(await count()).toBe(3);
    await rpc(anvil.rpcUrl, 'evm_revert', [beforeOperations]);
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x1']);
    const deadline = Date.now() + 15_000;
    while ((await count()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(0);
    expect(await history(account.address)).toEqual([]);
  });
});

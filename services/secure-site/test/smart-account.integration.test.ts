/**
 * The smart account end to end on a real chain (issue 12): anvil, the EntryPoint and Portico's account factory
 * deployed and Alto started with @portico/bundler's own exports, the real secure-site server and the API double
 * (its JSON-RPC proxy forwards to anvil). The page's handlers — with the real viem smart account — sign in by
 * email, sign with the (not yet deployed) smart account, are refused by the bundler while it has no ETH, then send
 * ETH from it as a user operation; the balance and the deployment are checked on chain. Through viem's own EIP-5792
 * actions over the page (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus), a two-call batch lands in
 * one user operation.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createPublicClient, createTestClient, createWalletClient, custom, http, isErc6492Signature, parseEther, toHex, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { PORTICO_ENTRY_POINT } from '@portico/bundler/account';
import { deployAccountAbstraction, DEV_BUNDLER_KEYS, fundDevAccounts, startBundler, type RunningBundler } from '@portico/bundler';
import { freePort, startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';
import { startSecureSite, type RunningSecureSite } from '../src/server';
import { startApiDouble, type ApiDouble } from './api-double';
import { framedPage, pageProvider } from './framed-page';

let anvil: Anvil;
let bundler: RunningBundler;
let api: ApiDouble;
let site: RunningSecureSite;
let chain: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  const { executorPrivateKeys, utilityPrivateKey } = DEV_BUNDLER_KEYS;
  await fundDevAccounts(anvil.rpcUrl, [...executorPrivateKeys, utilityPrivateKey].map((key) => privateKeyToAddress(key)));
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: utilityPrivateKey });
  // Alto's safe mode refuses every user operation on anvil (services/bundler README, "Safe mode").
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: await freePort(), safeMode: false, blockTimeMs: 200, logLevel: 'warn', executorPrivateKeys, utilityPrivateKey });
  api = await startApiDouble();
  api.state.rpcNodeUrl = anvil.rpcUrl;
  site = await startSecureSite({ port: 0, apiUrl: api.url, key: randomBytes(32).toString('hex'), distDir: tmpdir() });
  chain = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await site?.close();
  await api?.close();
  await bundler?.stop();
  await anvil?.stop();
});

describe('the smart account on anvil + Alto, through the page’s handlers', () => {
  test('signs before deployment (ERC-6492), is refused unfunded, then sends ETH as a user operation that deploys it', async () => {
    const page = framedPage({ apiUrl: api.url, siteUrl: site.url }, { smartAccounts: { chains: [foundry.id], bundlerUrl: bundler.url } });
    await page.request('CONNECT_EMAIL', { email: 'smart@example.com' });
    await page.request('CONNECT_DEVICE', {});
    const user = (await page.request('CONNECT_OTP', { otp: '123456' })).payload;
    const smartAccount = user.address as Hex;
    expect(user).toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: false, accounts: [{ type: 'eoa' }, { address: smartAccount, type: 'smartAccount' }] });
    expect(smartAccount).not.toBe(user.accounts[0].address);

    const message = 'Sign in to Portico';
    const signed = (await page.request('RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), smartAccount] })).payload.result as Hex;
    expect(isErc6492Signature(signed)).toBe(true);
    expect(await chain.verifyMessage({ address: smartAccount, message, signature: signed })).toBe(true);
    expect(await chain.verifyMessage({ address: smartAccount, message: 'Something else', signature: signed })).toBe(false);

    const recipient = privateKeyToAddress(generatePrivateKey());
    const send = () =>
      page.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smartAccount, to: recipient, value: toHex(parseEther('0.1')) }] });
    // No ETH for its gas (no paymaster): the bundler's own words.
    expect((await send()).payload.message).toMatch(/^The bundler refused the user operation: .*AA21/);

    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: smartAccount, value: parseEther('1') });
    const sent = await send();
    expect(sent.event).toBe('@portico-frame/RPC_REQUEST_SUCCESS');
    const receipt = await chain.getTransactionReceipt({ hash: sent.payload.result });
    expect(receipt.status).toBe('success');
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther('0.1'));
    expect((await page.request('GET_USER', { chainId: foundry.id })).payload).toMatchObject({ address: smartAccount, smartAccountDeployed: true });

    // Deployed: the signature is the account's ERC-1271 one now, and still verifies.
    const deployedSignature = (await page.request('RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), smartAccount] })).payload.result as Hex;
    expect(isErc6492Signature(deployedSignature)).toBe(false);
    expect(await chain.verifyMessage({ address: smartAccount, message, signature: deployedSignature })).toBe(true);
  }, 120_000);

  test('wallet_sendCalls through viem: two calls in one user operation (atomic), confirmed with its one receipt', async () => {
    const page = framedPage({ apiUrl: api.url, siteUrl: site.url }, { smartAccounts: { chains: [foundry.id], bundlerUrl: bundler.url } });
    await page.request('CONNECT_EMAIL', { email: 'batch@example.com' });
    await page.request('CONNECT_DEVICE', {});
    const smartAccount = (await page.request('CONNECT_OTP', { otp: '123456' })).payload.address as Hex;
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: smartAccount, value: parseEther('1') });
    const wallet = createWalletClient({ account: smartAccount, chain: foundry, transport: custom(pageProvider(page)), pollingInterval: 200 });
    expect(await wallet.getCapabilities({ chainId: foundry.id })).toEqual({ atomic: { status: 'supported' } });

    const [alice, bob] = [privateKeyToAddress(generatePrivateKey()), privateKeyToAddress(generatePrivateKey())];
    const { id } = await wallet.sendCalls({
      calls: [
        { to: alice, value: parseEther('0.1') },
        { to: bob, value: parseEther('0.2') },
      ],
      forceAtomic: true,
    });
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    const status = await wallet.waitForCallsStatus({ id, timeout: 60_000 });
    expect(status).toMatchObject({ id, version: '2.0.0', chainId: foundry.id, atomic: true, statusCode: 200, status: 'success' });
    expect(status.receipts).toHaveLength(1);
    expect(await chain.getBalance({ address: alice })).toBe(parseEther('0.1'));
    expect(await chain.getBalance({ address: bob })).toBe(parseEther('0.2'));
    // Both transfers in the one transaction the EntryPoint ran (which also deployed the account).
    const receipt = await chain.getTransactionReceipt({ hash: status.receipts![0]!.transactionHash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(PORTICO_ENTRY_POINT.address.toLowerCase());
    expect(await chain.getCode({ address: smartAccount })).toMatch(/^0x[0-9a-f]+$/);
  }, 120_000);
});

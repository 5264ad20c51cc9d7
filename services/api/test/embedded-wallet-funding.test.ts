/**
 * Development mode: a new embedded wallet gets 10 ETH on local dev chains (src/auth/devchain-funding.ts),
 * only on chains flagged localDevchain and reached over loopback; a wallet already stored is not topped up.
 * Where Portico's account factory is deployed (services/bundler), the wallet's smart account gets the same.
 */
import { afterAll, describe, expect, test } from '@rstest/core';
import { deployAccountAbstraction, DEV_BUNDLER_KEYS, fundDevAccounts, PORTICO_ACCOUNT_FACTORY, porticoAccountSalt } from '@portico/bundler';
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { DEVELOPMENT_WALLET_BALANCE_WEI } from '../src/auth/devchain-funding';
import { useAuthApi } from './auth-helpers';
import { rpc, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT } from './helpers';

let devchain: Anvil;
let otherChain: Anvil;
const chain = (anvil: Anvil, localDevchain: boolean) => ({
  caipNetworkId: `eip155:${anvil.chainId}`,
  name: `Anvil ${anvil.chainId}`,
  rpcUrl: anvil.rpcUrl,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  localDevchain,
});

const t = useAuthApi(async () => {
  [devchain, otherChain] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
  return { indexer: { enabled: false }, chains: [chain(devchain, true), chain(otherChain, false)] };
});
afterAll(async () => {
  await devchain?.stop();
  await otherChain?.stop();
});

const balanceOf = async (anvil: Anvil, address: string) => BigInt(await rpc<string>(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']));
const storeWallet = (token: string, address: string) =>
  getJson(`${t.api.url}/v1/auth/wallet?projectId=${PROJECT}`, {
    method: 'PUT',
    headers: { origin: 'http://127.0.0.1:3010', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ address, sealed: 'v1.sealed-blob-for-the-test.abcdefgh' }),
  });

describe('test ETH for new embedded wallets (development mode)', () => {
  test('a new wallet holds 10 ETH on the local devchain at once, nothing on a chain not flagged as one', async () => {
    const { token } = await t.client.signIn('funded@example.com');
    const { address } = privateKeyToAccount(generatePrivateKey());
    expect((await storeWallet(token, address)).status).toBe(201);
    expect(await balanceOf(devchain, address)).toBe(DEVELOPMENT_WALLET_BALANCE_WEI);
    expect(await balanceOf(otherChain, address)).toBe(0n);
  });

  test('a second store is refused and tops nothing up', async () => {
    const { token } = await t.client.signIn('spender@example.com');
    const { address } = privateKeyToAccount(generatePrivateKey());
    await storeWallet(token, address);
    await rpc(devchain.rpcUrl, 'anvil_setBalance', [address, '0x1']);
    expect((await storeWallet(token, address)).status).toBe(409);
    expect(await balanceOf(devchain, address)).toBe(1n);
  });

  test('with the account factory on the devchain, the wallet’s smart account holds 10 ETH too', async () => {
    const deployer = privateKeyToAccount(DEV_BUNDLER_KEYS.utilityPrivateKey);
    await fundDevAccounts(devchain.rpcUrl, [deployer.address]);
    await deployAccountAbstraction({ rpcUrl: devchain.rpcUrl, deployerPrivateKey: DEV_BUNDLER_KEYS.utilityPrivateKey });
    const { token } = await t.client.signIn('smart@example.com');
    const { address } = privateKeyToAccount(generatePrivateKey());
    expect((await storeWallet(token, address)).status).toBe(201);
    const smartAccount = await createPublicClient({ transport: http(devchain.rpcUrl) }).readContract({
      address: PORTICO_ACCOUNT_FACTORY,
      abi: parseAbi(['function getAddress(bytes32 salt) view returns (address)']),
      functionName: 'getAddress',
      args: [porticoAccountSalt(address as Address)],
    });
    expect(await balanceOf(devchain, address)).toBe(DEVELOPMENT_WALLET_BALANCE_WEI);
    expect(await balanceOf(devchain, smartAccount)).toBe(DEVELOPMENT_WALLET_BALANCE_WEI);
  });
});

/**
 * Development mode: a new embedded wallet gets 10 ETH on local dev chains (src/auth/devchain-funding.ts),
 * only on chains flagged localDevchain and reached over loopback; a wallet already stored is not topped up, and a
 * balance is only ever raised, never lowered. Where Portico's account factory is deployed (services/bundler), the
 * wallet's smart account gets the same. Issue 29's attacker: a signed-in user who PUTs a victim's address without
 * the victim key's proof for their own user id funds nothing and stores nothing.
 */
import { afterAll, describe, expect, test } from '@rstest/core';
import { deployAccountAbstraction, DEV_BUNDLER_KEYS, fundDevAccounts, PORTICO_ACCOUNT_FACTORY, porticoAccountSalt } from '@portico/bundler';
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { DEVELOPMENT_WALLET_BALANCE_WEI } from '../src/auth/devchain-funding';
import { PROOF_REFUSED, walletProofMessage } from '../src/routes/embedded-wallet';
import { provenWallet, useAuthApi } from './auth-helpers';
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
const SEALED = 'v1.sealed-blob-for-the-test.abcdefgh';
const putWallet = (token: string, body: unknown) =>
  getJson(`${t.api.url}/v1/auth/wallet?projectId=${PROJECT}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** Signs in `email` and stores a new key's wallet as the secure site's server does (with the key's proof); its address. */
async function newWallet(email: string, privateKey = generatePrivateKey()) {
  const { token, user } = await t.client.signIn(email);
  const stored = await putWallet(token, await provenWallet(user.id, privateKey, SEALED));
  return { token, user, status: stored.status, address: privateKeyToAccount(privateKey).address };
}
const ETH = 10n ** 18n;

describe('test ETH for new embedded wallets (development mode)', () => {
  test('a new wallet holds 10 ETH on the local devchain at once, nothing on a chain not flagged as one', async () => {
    const { status, address } = await newWallet('funded@example.com');
    expect(status).toBe(201);
    expect(await balanceOf(devchain, address)).toBe(DEVELOPMENT_WALLET_BALANCE_WEI);
    expect(await balanceOf(otherChain, address)).toBe(0n);
  });

  test('a second store is refused and tops nothing up', async () => {
    const privateKey = generatePrivateKey();
    const { token, user, address } = await newWallet('spender@example.com', privateKey);
    await rpc(devchain.rpcUrl, 'anvil_setBalance', [address, '0x1']);
    expect((await putWallet(token, await provenWallet(user.id, privateKey, SEALED))).status).toBe(409);
    expect(await balanceOf(devchain, address)).toBe(1n);
  });

  test('funding only raises: a new key that already holds more than 10 ETH keeps it; one holding less gets 10', async () => {
    const [rich, poor] = [generatePrivateKey(), generatePrivateKey()];
    const [richAddress, poorAddress] = [privateKeyToAccount(rich).address, privateKeyToAccount(poor).address];
    await rpc(devchain.rpcUrl, 'anvil_setBalance', [richAddress, `0x${(50n * ETH).toString(16)}`]);
    await rpc(devchain.rpcUrl, 'anvil_setBalance', [poorAddress, `0x${ETH.toString(16)}`]);
    expect((await newWallet('rich@example.com', rich)).status).toBe(201);
    expect((await newWallet('poor@example.com', poor)).status).toBe(201);
    expect(await balanceOf(devchain, richAddress)).toBe(50n * ETH);
    expect(await balanceOf(devchain, poorAddress)).toBe(DEVELOPMENT_WALLET_BALANCE_WEI);
  });

  test("attacker: a signed-in user PUTs a victim's address (no proof, the victim's proof, their own key's) → 400, the victim's balance untouched", async () => {
    const victimKey = generatePrivateKey();
    const victim = privateKeyToAccount(victimKey).address;
    await rpc(devchain.rpcUrl, 'anvil_setBalance', [victim, `0x${(50n * ETH).toString(16)}`]);
    const victimUser = (await t.client.signIn('victim@example.com')).user;
    const { token, user } = await t.client.signIn('mallory@example.com');
    const attackerKey = privateKeyToAccount(generatePrivateKey());
    const bodies = [
      { address: victim, sealed: SEALED },
      await provenWallet(victimUser.id, victimKey, SEALED),
      { address: victim, sealed: SEALED, proof: await attackerKey.signMessage({ message: walletProofMessage(user.id, victim) }) },
    ];
    for (const body of bodies) expect((await putWallet(token, body)).status).toBe(400);
    expect((await putWallet(token, bodies[2])).body).toEqual({ error: PROOF_REFUSED });
    expect(await balanceOf(devchain, victim)).toBe(50n * ETH);
    expect((await t.api.db.query('SELECT 1 FROM embedded_wallets WHERE user_id = $1', [user.id])).rows).toEqual([]);
  });

  test('with the account factory on the devchain, the wallet’s smart account holds 10 ETH too', async () => {
    const deployer = privateKeyToAccount(DEV_BUNDLER_KEYS.utilityPrivateKey);
    await fundDevAccounts(devchain.rpcUrl, [deployer.address]);
    await deployAccountAbstraction({ rpcUrl: devchain.rpcUrl, deployerPrivateKey: DEV_BUNDLER_KEYS.utilityPrivateKey });
    const { status, address } = await newWallet('smart@example.com');
    expect(status).toBe(201);
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

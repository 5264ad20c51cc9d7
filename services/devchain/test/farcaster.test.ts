/**
 * Farcaster's IdRegistry and KeyRegistry on the devchain, read as Sign In With Farcaster reads them:
 * @farcaster/auth-client's `verifySignInMessage` with its default options (`acceptAuthAddress: true`, so the
 * KeyRegistry's `keyDataOf` is asked first) and `viemConnector({ rpcUrl: <anvil> })`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createAppClient, createWalletClient as createFarcasterWalletClient, viemConnector } from '@farcaster/auth-client';
import { createPublicClient, createTestClient, createWalletClient, http, parseEther, zeroAddress, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';
import {
  DEV_ACCOUNTS,
  DEVCHAIN_DEPLOYER,
  DEVCHAIN_DEPLOYER_KEY,
  deployDevchain,
  FARCASTER_AUTH_ADDRESS_KEY_TYPE,
  farcasterAuthAddressKey,
  FARCASTER_ID_REGISTRY,
  farcasterIdRegistryAbi,
  FARCASTER_KEY_REGISTRY,
  FARCASTER_KEY_STATE,
  farcasterKeyRegistryAbi,
  FARCASTER_TEST_ACCOUNTS,
  FARCASTER_UNREGISTERED_KEY,
  type DevchainDeployment,
} from '../src/index';

const [alice, bob, carol] = FARCASTER_TEST_ACCOUNTS as [(typeof FARCASTER_TEST_ACCOUNTS)[0], (typeof FARCASTER_TEST_ACCOUNTS)[0], (typeof FARCASTER_TEST_ACCOUNTS)[0]];
const ids = { address: FARCASTER_ID_REGISTRY, abi: farcasterIdRegistryAbi } as const;
const keys = { address: FARCASTER_KEY_REGISTRY, abi: farcasterKeyRegistryAbi } as const;
const SIGN_IN = { domain: 'secure.portico.test', uri: 'https://secure.portico.test/login', nonce: 'portico1234' } as const;

let anvil: Anvil;
let client: PublicClient;
let deployment: DevchainDeployment;
let app: ReturnType<typeof createAppClient>;

beforeAll(async () => {
  anvil = await startAnvil();
  client = createPublicClient({ transport: http(anvil.rpcUrl) });
  deployment = await deployDevchain({ rpcUrl: anvil.rpcUrl });
  app = createAppClient({ ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) });
});
afterAll(async () => {
  await anvil?.stop();
});

/** What a Farcaster app does: the SIWF message for `fid`, signed by `key` (custody or auth address). */
async function signIn(key: Hex, fid: number) {
  const signer = privateKeyToAccount(key);
  const built = createFarcasterWalletClient({ ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) }).buildSignInMessage({ ...SIGN_IN, address: signer.address, fid });
  if (built.isError) throw built.error;
  return { message: built.message, signature: await signer.signMessage({ message: built.message }) };
}

/** The app's check, with the auth client's defaults (no `acceptAuthAddress`). */
const verify = (signed: { message: string; signature: Hex }) => app.verifySignInMessage({ nonce: SIGN_IN.nonce, domain: SIGN_IN.domain, ...signed });

const walletOf = (key: Hex) =>
  createWalletClient({ account: privateKeyToAccount(key), chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) });

/** A wallet of a test account's key, given 1 ETH (they hold none). */
async function funded(key: Hex) {
  const wallet = walletOf(key);
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: wallet.account.address, value: parseEther('1') });
  return wallet;
}

describe('Farcaster registries on the devchain', () => {
  it('the IdRegistry at its canonical address holds the test accounts’ custody; only the owner registers', async () => {
    expect(deployment.farcaster).toEqual({
      idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      keyRegistry: '0x00000000Fc1237824fb747aBDE0FF18990E59b7e',
      accounts: FARCASTER_TEST_ACCOUNTS.map((a, i) => ({ fid: i + 1, username: ['alice', 'bob', 'carol'][i], custody: a.custodyAddress, authAddress: a.authAddress })),
    });
    for (const a of FARCASTER_TEST_ACCOUNTS) {
      expect(privateKeyToAccount(a.custodyKey).address).toBe(a.custodyAddress);
      expect(privateKeyToAccount(a.authKey).address).toBe(a.authAddress);
      expect(await client.readContract({ ...ids, functionName: 'idOf', args: [a.custodyAddress] })).toBe(BigInt(a.fid));
      expect(await client.readContract({ ...ids, functionName: 'custodyOf', args: [BigInt(a.fid)] })).toBe(a.custodyAddress);
      // An auth address holds no fid of its own.
      expect(await client.readContract({ ...ids, functionName: 'idOf', args: [a.authAddress] })).toBe(0n);
    }
    expect(await client.readContract({ ...ids, functionName: 'idCounter' })).toBe(3n);
    expect(await client.readContract({ ...ids, functionName: 'owner' })).toBe(DEVCHAIN_DEPLOYER);
    const unregistered = privateKeyToAccount(FARCASTER_UNREGISTERED_KEY).address;
    expect(await client.readContract({ ...ids, functionName: 'idOf', args: [unregistered] })).toBe(0n);
    expect(await client.readContract({ ...ids, functionName: 'custodyOf', args: [4n] })).toBe(zeroAddress);
    // Account #5 is not the owner: it cannot hand itself (or anyone) an fid.
    await expect(client.simulateContract({ ...ids, functionName: 'register', args: [unregistered], account: DEV_ACCOUNTS[5] })).rejects.toThrow(/Unauthorized/);
    await expect(
      client.simulateContract({ ...ids, functionName: 'register', args: [alice.custodyAddress], account: DEVCHAIN_DEPLOYER }),
    ).rejects.toThrow(/HasId/);
  });

  it('the KeyRegistry at its canonical address holds each test account’s auth address as an added key of type 2, for its fid only', async () => {
    expect(await client.readContract({ ...keys, functionName: 'owner' })).toBe(DEVCHAIN_DEPLOYER);
    expect(await client.readContract({ ...keys, functionName: 'idRegistry' })).toBe(FARCASTER_ID_REGISTRY);
    const keyDataOf = (fid: number, address: Hex) => client.readContract({ ...keys, functionName: 'keyDataOf', args: [BigInt(fid), farcasterAuthAddressKey(address)] });
    for (const a of FARCASTER_TEST_ACCOUNTS) {
      expect(await keyDataOf(a.fid, a.authAddress)).toEqual({ state: FARCASTER_KEY_STATE.ADDED, keyType: FARCASTER_AUTH_ADDRESS_KEY_TYPE });
      // The custody address is no key; the auth address is no key of another fid.
      expect(await keyDataOf(a.fid, a.custodyAddress)).toEqual({ state: FARCASTER_KEY_STATE.NULL, keyType: 0 });
    }
    expect(await keyDataOf(bob.fid, alice.authAddress)).toEqual({ state: FARCASTER_KEY_STATE.NULL, keyType: 0 });
  });

  it('adds keys for the owner only: auth addresses (type 2, ABI-encoded), for a registered custody address, once', async () => {
    const fresh = farcasterAuthAddressKey(privateKeyToAccount(generatePrivateKey()).address);
    const add = (account: Hex, args: readonly [Hex, number, Hex]) => client.simulateContract({ ...keys, functionName: 'add', args, account });
    await expect(add(DEV_ACCOUNTS[5], [alice.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, fresh])).rejects.toThrow(/Unauthorized/);
    // A custody address cannot add keys to its own fid either (the owner plays Farcaster's KeyGateway).
    await expect(add(alice.custodyAddress, [alice.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, fresh])).rejects.toThrow(/Unauthorized/);
    await expect(add(DEVCHAIN_DEPLOYER, [alice.custodyAddress, 1, fresh])).rejects.toThrow(/InvalidKeyType/);
    await expect(add(DEVCHAIN_DEPLOYER, [alice.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, alice.authAddress])).rejects.toThrow(/InvalidKey/);
    await expect(add(DEVCHAIN_DEPLOYER, [alice.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, `0x01${fresh.slice(4)}`])).rejects.toThrow(/InvalidKey/);
    const unregistered = privateKeyToAccount(FARCASTER_UNREGISTERED_KEY).address;
    await expect(add(DEVCHAIN_DEPLOYER, [unregistered, FARCASTER_AUTH_ADDRESS_KEY_TYPE, fresh])).rejects.toThrow(/Unauthorized/);
    await expect(
      add(DEVCHAIN_DEPLOYER, [alice.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, farcasterAuthAddressKey(alice.authAddress)]),
    ).rejects.toThrow(/InvalidState/);
    const { request } = await add(DEVCHAIN_DEPLOYER, [alice.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, fresh]);
    expect(request.functionName).toBe('add');
  });

  it('verifySignInMessage with the auth client’s defaults accepts each test account’s auth address and custody address', async () => {
    for (const a of FARCASTER_TEST_ACCOUNTS) {
      const byAuthAddress = await verify(await signIn(a.authKey, a.fid));
      expect(byAuthAddress).toMatchObject({ isError: false, success: true, fid: a.fid, authMethod: 'authAddress' });
      expect(byAuthAddress.data.address).toBe(a.authAddress);
      expect(await verify(await signIn(a.custodyKey, a.fid))).toMatchObject({ isError: false, success: true, fid: a.fid, authMethod: 'custody' });
    }
  });

  it('refuses an auth address or custody address claiming another fid, and a key that holds none', async () => {
    for (const [key, fid] of [
      [alice.authKey, bob.fid],
      [alice.custodyKey, bob.fid],
      [FARCASTER_UNREGISTERED_KEY, alice.fid],
    ] as const) {
      const refused = await verify(await signIn(key, fid));
      expect(refused).toMatchObject({ isError: true, error: { errCode: 'unauthorized' } });
    }
  });

  it('refuses an auth address once its custody address removed it; only the custody address removes, once', async () => {
    const authKey = generatePrivateKey();
    const key = farcasterAuthAddressKey(privateKeyToAccount(authKey).address);
    let hash = await walletOf(DEVCHAIN_DEPLOYER_KEY).writeContract({ ...keys, functionName: 'add', args: [carol.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, key] });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(await verify(await signIn(authKey, carol.fid))).toMatchObject({ success: true, authMethod: 'authAddress' });

    // Someone with no fid, and another fid's custody, cannot remove carol's key.
    await expect(client.simulateContract({ ...keys, functionName: 'remove', args: [key], account: DEV_ACCOUNTS[5] })).rejects.toThrow(/Unauthorized/);
    await expect(client.simulateContract({ ...keys, functionName: 'remove', args: [key], account: alice.custodyAddress })).rejects.toThrow(/InvalidState/);
    const custody = await funded(carol.custodyKey);
    hash = await custody.writeContract({ ...keys, functionName: 'remove', args: [key] });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(await client.readContract({ ...keys, functionName: 'keyDataOf', args: [BigInt(carol.fid), key] })).toEqual({
      state: FARCASTER_KEY_STATE.REMOVED,
      keyType: FARCASTER_AUTH_ADDRESS_KEY_TYPE,
    });
    expect(await verify(await signIn(authKey, carol.fid))).toMatchObject({ isError: true, error: { errCode: 'unauthorized' } });
    await expect(client.simulateContract({ ...keys, functionName: 'remove', args: [key], account: carol.custodyAddress })).rejects.toThrow(/InvalidState/);
    // A removed key is not added again.
    await expect(
      client.simulateContract({ ...keys, functionName: 'add', args: [carol.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, key], account: DEVCHAIN_DEPLOYER }),
    ).rejects.toThrow(/InvalidState/);
    // Carol's own auth address is untouched, so the devchain's deploy still finds what it exported.
    expect(await deployDevchain({ rpcUrl: anvil.rpcUrl })).toEqual(deployment);
  });
});

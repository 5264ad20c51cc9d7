/**
 * Farcaster on the local chain: a minimal IdRegistry and KeyRegistry (contracts/FarcasterIdRegistry.sol,
 * contracts/FarcasterKeyRegistry.sol) at the real registries' canonical OP mainnet addresses, holding a few test
 * accounts with an auth address each, so that Sign In With Farcaster verification (`@farcaster/auth-client`'s
 * `verifySignInMessage` with `viemConnector({ rpcUrl })`, whose default `acceptAuthAddress: true` reads
 * `keyDataOf` before `idOf`) checks the signer against them exactly as it does against OP mainnet.
 * Called by `deployDevchain`.
 */
import {
  concat,
  encodeAbiParameters,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import FarcasterIdRegistry from '../artifacts/FarcasterIdRegistry.json';
import FarcasterKeyRegistry from '../artifacts/FarcasterKeyRegistry.json';
import { farcasterIdRegistryAbi, farcasterKeyRegistryAbi } from './abis';
import { FARCASTER_TEST_ACCOUNTS } from './farcaster-accounts';
import { placeRuntimeCode } from './placement';

/** The IdRegistry's address on OP mainnet, which @farcaster/auth-client reads `idOf` from. */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
/** The KeyRegistry's address on OP mainnet, which @farcaster/auth-client reads `keyDataOf` from. */
export const FARCASTER_KEY_REGISTRY: Address = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e';
/** Farcaster's key type of an auth address; the auth client accepts no other for sign-in. */
export const FARCASTER_AUTH_ADDRESS_KEY_TYPE = 2;
/** KeyData.state as the KeyRegistry stores it. */
export const FARCASTER_KEY_STATE = { NULL: 0, ADDED: 1, REMOVED: 2 } as const;

/** An auth address as the KeyRegistry keys it (and the auth client asks for it): ABI-encoded, 32 bytes. */
export const farcasterAuthAddressKey = (authAddress: Address): Hex => encodeAbiParameters([{ type: 'address' }], [authAddress]);

export interface DevchainFarcaster {
  idRegistry: Address;
  keyRegistry: Address;
  accounts: { fid: number; username: string; custody: Address; authAddress: Address }[];
}

/**
 * Places both registries' code at their canonical addresses (anvil_setCode: no constructor runs there, so the
 * owner and the KeyRegistry's IdRegistry are immutables in the runtime code, which an eth_call of the creation
 * code returns), registers the test accounts that hold no fid yet and adds their auth addresses.
 * Idempotent: a second call sends nothing.
 */
export async function deployFarcaster(deps: {
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, Account>;
  confirm(hashes: Hash[]): Promise<void>;
}): Promise<DevchainFarcaster> {
  const { publicClient, wallet, confirm } = deps;
  const owner = wallet.account.address;
  const constructorArguments = (...addresses: Address[]) => encodeAbiParameters(addresses.map(() => ({ type: 'address' })), addresses);
  await placeRuntimeCode(publicClient, 'FarcasterIdRegistry', FARCASTER_ID_REGISTRY, concat([FarcasterIdRegistry.bytecode as Hex, constructorArguments(owner)]));
  await placeRuntimeCode(
    publicClient,
    'FarcasterKeyRegistry',
    FARCASTER_KEY_REGISTRY,
    concat([FarcasterKeyRegistry.bytecode as Hex, constructorArguments(owner, FARCASTER_ID_REGISTRY)]),
  );

  const ids = { address: FARCASTER_ID_REGISTRY, abi: farcasterIdRegistryAbi } as const;
  const fids = await Promise.all(FARCASTER_TEST_ACCOUNTS.map((a) => publicClient.readContract({ ...ids, functionName: 'idOf', args: [a.custodyAddress] })));
  const registrations: Hash[] = [];
  for (const [i, a] of FARCASTER_TEST_ACCOUNTS.entries()) {
    if (fids[i] === 0n) registrations.push(await wallet.writeContract({ ...ids, functionName: 'register', args: [a.custodyAddress] }));
  }
  await confirm(registrations);
  for (const a of FARCASTER_TEST_ACCOUNTS) {
    const fid = await publicClient.readContract({ ...ids, functionName: 'idOf', args: [a.custodyAddress] });
    // Someone else registered on this chain first: the exported fids would be wrong.
    if (fid !== BigInt(a.fid)) throw new Error(`devchain: Farcaster test account ${a.username} has fid ${fid}, expected ${a.fid}`);
  }

  const keys = { address: FARCASTER_KEY_REGISTRY, abi: farcasterKeyRegistryAbi } as const;
  const keyData = await Promise.all(
    FARCASTER_TEST_ACCOUNTS.map((a) => publicClient.readContract({ ...keys, functionName: 'keyDataOf', args: [BigInt(a.fid), farcasterAuthAddressKey(a.authAddress)] })),
  );
  const additions: Hash[] = [];
  for (const [i, a] of FARCASTER_TEST_ACCOUNTS.entries()) {
    const { state } = keyData[i]!;
    // The account's custody removed it on this chain: the exported auth address would not sign in.
    if (state === FARCASTER_KEY_STATE.REMOVED) throw new Error(`devchain: Farcaster test account ${a.username}'s auth address was removed on this chain`);
    if (state === FARCASTER_KEY_STATE.NULL) {
      additions.push(
        await wallet.writeContract({
          ...keys,
          functionName: 'add',
          args: [a.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, farcasterAuthAddressKey(a.authAddress)],
        }),
      );
    }
  }
  await confirm(additions);

  return {
    idRegistry: FARCASTER_ID_REGISTRY,
    keyRegistry: FARCASTER_KEY_REGISTRY,
    accounts: FARCASTER_TEST_ACCOUNTS.map(({ fid, username, custodyAddress, authAddress }) => ({ fid, username, custody: custodyAddress, authAddress })),
  };
}

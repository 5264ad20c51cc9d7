/**
 * Farcaster on the local chain: a minimal IdRegistry (contracts/FarcasterIdRegistry.sol) at the real
 * registry's canonical OP mainnet address, holding a few test accounts, so that Sign In With Farcaster
 * verification (`@farcaster/auth-client`'s `verifySignInMessage` with `viemConnector({ rpcUrl })`)
 * checks custody against it exactly as it does against OP mainnet. Called by `deployDevchain`.
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
import { farcasterIdRegistryAbi } from './abis';
import { FARCASTER_TEST_ACCOUNTS } from './farcaster-accounts';

/** The IdRegistry's address on OP mainnet, which @farcaster/auth-client reads `idOf` from. */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';

export interface DevchainFarcaster {
  idRegistry: Address;
  accounts: { fid: number; username: string; custody: Address }[];
}

/**
 * Places the registry's code at FARCASTER_ID_REGISTRY (anvil_setCode: no constructor runs there, so
 * the owner is an immutable in the runtime code, which an eth_call of the creation code returns) and
 * registers the test accounts that hold no fid yet. Idempotent: a second call sends nothing.
 */
export async function deployFarcaster(deps: {
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, Account>;
  confirm(hashes: Hash[]): Promise<void>;
}): Promise<DevchainFarcaster> {
  const { publicClient, wallet, confirm } = deps;
  const code = await publicClient.getCode({ address: FARCASTER_ID_REGISTRY });
  if (!code || code === '0x') {
    const creation = concat([FarcasterIdRegistry.bytecode as Hex, encodeAbiParameters([{ type: 'address' }], [wallet.account.address])]);
    const { data: runtime } = await publicClient.call({ data: creation });
    if (!runtime || runtime === '0x') throw new Error('devchain: the FarcasterIdRegistry creation code returned no runtime code');
    await publicClient.request({
      method: 'anvil_setCode' as 'eth_chainId',
      params: [FARCASTER_ID_REGISTRY, runtime] as unknown as undefined,
    });
  }
  const read = { address: FARCASTER_ID_REGISTRY, abi: farcasterIdRegistryAbi } as const;
  const fids = await Promise.all(FARCASTER_TEST_ACCOUNTS.map((a) => publicClient.readContract({ ...read, functionName: 'idOf', args: [a.custodyAddress] })));
  const hashes: Hash[] = [];
  for (const [i, a] of FARCASTER_TEST_ACCOUNTS.entries()) {
    if (fids[i] === 0n) hashes.push(await wallet.writeContract({ ...read, functionName: 'register', args: [a.custodyAddress] }));
  }
  await confirm(hashes);
  for (const a of FARCASTER_TEST_ACCOUNTS) {
    const fid = await publicClient.readContract({ ...read, functionName: 'idOf', args: [a.custodyAddress] });
    // Someone else registered on this chain first: the exported fids would be wrong.
    if (fid !== BigInt(a.fid)) throw new Error(`devchain: Farcaster test account ${a.username} has fid ${fid}, expected ${a.fid}`);
  }
  return {
    idRegistry: FARCASTER_ID_REGISTRY,
    accounts: FARCASTER_TEST_ACCOUNTS.map(({ fid, username, custodyAddress }) => ({ fid, username, custody: custodyAddress })),
  };
}

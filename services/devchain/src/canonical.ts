/**
 * Contracts that clients assume at their canonical addresses, as on every public chain:
 * - Multicall3, so viem's `multicall` works without `deployless`;
 * - ERC-4337 EntryPoint v0.7 and its SimpleAccountFactory, so permissionless's `toSimpleSmartAccount` (whose
 *   address comes from `EntryPoint.getSenderAddress` through the factory) does not silently return the zero address.
 * Called by `deployDevchain`; the bundler places the EntryPoint with `ENTRY_POINT_07_CONTRACT` too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { concat, encodeAbiParameters, keccak256, zeroHash, type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';
import { z } from 'zod';
import Multicall3 from '../artifacts/Multicall3.json';
import { deployThroughCreate2Factory, placeRuntimeCode, type Create2Contract } from './placement';

/** Multicall3's address on every chain (created by a presigned transaction, which no local key can repeat). */
export const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** keccak256 of Multicall3's runtime code on mainnet (3,808 bytes); artifacts/Multicall3.json must reproduce it. */
export const MULTICALL3_CODE_HASH: Hex = '0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891';

/** ERC-4337 EntryPoint v0.7 (viem's `entryPoint07Address`). */
export const ENTRY_POINT_07: Address = entryPoint07Address;
/** The salt eth-infinitism deployed it with; with the npm artifact's bytecode it gives exactly ENTRY_POINT_07. */
const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';
/** eth-infinitism's SimpleAccountFactory for EntryPoint v0.7 (permissionless's default `factoryAddress` for 0.7). */
export const SIMPLE_ACCOUNT_FACTORY_07: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985';

const artifactSchema = z.object({ bytecode: z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be hex creation code') });
const requireFromHere = createRequire(import.meta.url);

/** Creation code from `@account-abstraction/contracts` 0.7.0, the build these canonical deployments were made from. */
function accountAbstractionBytecode(name: 'EntryPoint' | 'SimpleAccountFactory'): Hex {
  const path = requireFromHere.resolve(`@account-abstraction/contracts/artifacts/${name}.json`);
  const artifact = artifactSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!artifact.success) throw new Error(`devchain: ${path}: ${artifact.error.issues[0]!.message}`);
  return artifact.data.bytecode as Hex;
}

/** EntryPoint v0.7 as created through the CREATE2 factory (for `deployThroughCreate2Factory`). */
export const ENTRY_POINT_07_CONTRACT: Create2Contract = {
  name: 'EntryPoint v0.7',
  address: ENTRY_POINT_07,
  salt: ENTRY_POINT_07_SALT,
  initCode: accountAbstractionBytecode('EntryPoint'),
};

const SIMPLE_ACCOUNT_FACTORY_07_CONTRACT: Create2Contract = {
  name: 'SimpleAccountFactory v0.7',
  address: SIMPLE_ACCOUNT_FACTORY_07,
  // Its canonical deployment used salt 0 and the EntryPoint as constructor argument, which sets the immutables
  // of the factory and of the SimpleAccount implementation its constructor creates.
  salt: zeroHash,
  initCode: concat([accountAbstractionBytecode('SimpleAccountFactory'), encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_07])]),
};

export interface DevchainCanonicalContracts {
  multicall3: Address;
  entryPoint: Address;
  simpleAccountFactory: Address;
}

/**
 * Places Multicall3 (anvil_setCode of its canonical runtime code, checked by hash), EntryPoint v0.7 and its
 * SimpleAccountFactory (through the CREATE2 factory, as on public chains). Idempotent: what has code is left alone.
 */
export async function deployCanonicalContracts(deps: {
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, Account>;
}): Promise<DevchainCanonicalContracts> {
  const { publicClient } = deps;
  await placeRuntimeCode(publicClient, 'Multicall3', MULTICALL3, Multicall3.bytecode as Hex);
  const multicall3Code = await publicClient.getCode({ address: MULTICALL3 });
  if (!multicall3Code || keccak256(multicall3Code) !== MULTICALL3_CODE_HASH) {
    throw new Error(`devchain: the code at ${MULTICALL3} is not the canonical Multicall3 (its hash is not ${MULTICALL3_CODE_HASH})`);
  }
  await deployThroughCreate2Factory(deps, [ENTRY_POINT_07_CONTRACT, SIMPLE_ACCOUNT_FACTORY_07_CONTRACT]);
  return { multicall3: MULTICALL3, entryPoint: ENTRY_POINT_07, simpleAccountFactory: SIMPLE_ACCOUNT_FACTORY_07 };
}

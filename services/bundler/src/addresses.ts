import type { Address, Hex } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';

/** ERC-4337 EntryPoint v0.7 at its canonical address (the one viem, Alto and Solady's account assume). */
export const ENTRY_POINT_07: Address = entryPoint07Address;

/**
 * Portico's smart account (contracts/PorticoAccount.sol, Solady's ERC4337) and its factory, created through
 * the CREATE2 factory (Arachnid's deterministic deployer, @portico/devchain's `CREATE2_FACTORY`) with
 * PORTICO_ACCOUNT_DEPLOY_SALT from the committed artifacts: the addresses follow from the bytecode alone
 * (recompiling a changed contract moves them).
 */
export const PORTICO_ACCOUNT_IMPLEMENTATION: Address = '0x4Be1A32619d0D0A527a4704F7fA9781596347eba';
/** Pass it as `factoryAddress` to viem's toSoladySmartAccount (its default is another deployment). */
export const PORTICO_ACCOUNT_FACTORY: Address = '0x922F3Fb32450D949b13952F803BdA3156225D81E';
export const PORTICO_ACCOUNT_DEPLOY_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000';

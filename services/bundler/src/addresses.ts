import type { Address, Hex } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';

/**
 * The deterministic deployment proxy (Arachnid's CREATE2 deployer). anvil pre-deploys it; on a node
 * without it, deployAccountAbstraction installs this runtime code with anvil_setCode.
 */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
export const DETERMINISTIC_DEPLOYER_RUNTIME_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** ERC-4337 EntryPoint v0.7 at its canonical address (the one viem, Alto and Solady's account assume). */
export const ENTRY_POINT_07: Address = entryPoint07Address;
/** The salt eth-infinitism used; with the npm artifact's bytecode it gives exactly ENTRY_POINT_07. */
export const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';

/**
 * Portico's smart account (contracts/PorticoAccount.sol, Solady's ERC4337) and its factory, created
 * through the deterministic deployer with PORTICO_ACCOUNT_DEPLOY_SALT from the committed artifacts:
 * the addresses follow from the bytecode alone (recompiling a changed contract moves them).
 */
export const PORTICO_ACCOUNT_IMPLEMENTATION: Address = '0x4Be1A32619d0D0A527a4704F7fA9781596347eba';
/** Pass it as `factoryAddress` to viem's toSoladySmartAccount (its default is another deployment). */
export const PORTICO_ACCOUNT_FACTORY: Address = '0x922F3Fb32450D949b13952F803BdA3156225D81E';
export const PORTICO_ACCOUNT_DEPLOY_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000';

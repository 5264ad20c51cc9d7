import type { Address, Hex } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';

/**
 * The deterministic deployment proxy (Arachnid's CREATE2 deployer). anvil pre-deploys it; on a node
 * without it, deployAccountAbstraction installs this runtime code with anvil_setCode.
 */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
export const DETERMINISTIC_DEPLOYER_RUNTIME_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** ERC-4337 EntryPoint v0.7 at its canonical address (the one viem, permissionless and Alto assume). */
export const ENTRY_POINT_07: Address = entryPoint07Address;
/** The salt eth-infinitism used; with the npm artifact's bytecode it gives exactly ENTRY_POINT_07. */
export const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';

/**
 * SimpleAccountFactory v0.7: the default factory of permissionless' `toSimpleSmartAccount` for
 * EntryPoint 0.7. The npm artifact, the constructor argument ENTRY_POINT_07 and salt 0 reproduce it.
 */
export const SIMPLE_ACCOUNT_FACTORY_07: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985';
export const SIMPLE_ACCOUNT_FACTORY_07_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000';

export {
  deployDevchain,
  devchainAddresses,
  DEVCHAIN_SALT,
  SEED,
  type DeployDevchainOptions,
  type DevchainDeployment,
  type DevchainToken,
} from './deploy';
export { CREATE2_FACTORY, deployThroughCreate2Factory, type Create2Contract } from './placement';
export {
  deployCanonicalContracts,
  ENTRY_POINT_07,
  ENTRY_POINT_07_CONTRACT,
  MULTICALL3,
  MULTICALL3_CODE_HASH,
  SIMPLE_ACCOUNT_FACTORY_07,
  type DevchainCanonicalContracts,
} from './canonical';
export { deployExchange, exchangeAddresses, EXCHANGE_LIQUIDITY, type DevchainExchange, type DevchainPair } from './exchange';
export {
  deployFarcaster,
  FARCASTER_AUTH_ADDRESS_KEY_TYPE,
  farcasterAuthAddressKey,
  FARCASTER_ID_REGISTRY,
  FARCASTER_KEY_REGISTRY,
  FARCASTER_KEY_STATE,
  type DevchainFarcaster,
} from './farcaster';
export { FARCASTER_TEST_ACCOUNTS, FARCASTER_UNREGISTERED_KEY, type FarcasterTestAccount } from './farcaster-accounts';
export { DEV_ACCOUNTS, DEVCHAIN_DEPLOYER, DEVCHAIN_DEPLOYER_KEY } from './accounts';
export {
  porticoCollectiblesAbi,
  porticoTokenAbi,
  porticoUSDAbi,
  spamDropAbi,
  porticoPairAbi,
  porticoRouterAbi,
  porticoWETHAbi,
  farcasterIdRegistryAbi,
  farcasterKeyRegistryAbi,
} from './abis';
export { erc20Abi, erc721Abi } from 'viem';

export {
  deployDevchain,
  devchainAddresses,
  CREATE2_FACTORY,
  DEVCHAIN_SALT,
  SEED,
  type DeployDevchainOptions,
  type DevchainDeployment,
  type DevchainToken,
} from './deploy';
export { deployExchange, exchangeAddresses, EXCHANGE_LIQUIDITY, type DevchainExchange, type DevchainPair } from './exchange';
export { deployFarcaster, FARCASTER_ID_REGISTRY, type DevchainFarcaster } from './farcaster';
export { FARCASTER_TEST_ACCOUNTS, FARCASTER_UNREGISTERED_KEY, type FarcasterTestAccount } from './farcaster-accounts';
export { DEV_ACCOUNTS, DEVCHAIN_DEPLOYER, DEVCHAIN_DEPLOYER_KEY } from './accounts';
export { porticoCollectiblesAbi, porticoTokenAbi, porticoUSDAbi, spamDropAbi, porticoPairAbi, porticoRouterAbi, porticoWETHAbi, farcasterIdRegistryAbi } from './abis';
export { erc20Abi, erc721Abi } from 'viem';

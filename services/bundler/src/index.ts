export * from './addresses';
export { porticoAccountSalt, bundlerFeesPerGas, PORTICO_ENTRY_POINT, MAX_ACCOUNT_INDEX } from './account';
export { deployAccountAbstraction, fundDevAccounts, DEV_ACCOUNT_BALANCE, type AccountAbstractionDeployment, type DeployAccountAbstractionOptions } from './deploy';
export { startBundler, BundlerStartError, DEFAULT_BUNDLER_PORT, DEFAULT_READY_TIMEOUT_MS, type StartBundlerOptions, type RunningBundler, type AltoLogLevel } from './bundler';
export { DEV_BUNDLER_KEYS } from './dev-keys';
export { BUNDLER_RPC_METHODS, type AllowedOrigins } from './gateway';

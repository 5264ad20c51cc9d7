/**
 * @portico/test-kit: the test doubles every Portico test uses (no React here; see ./react).
 * Test-only: imported by test files, never by a build.
 */
export * from './fixtures';
export * from './api-stub';
export * from './rpc-stub';
export * from './fake-adapter';
export * from './fake-wallet';
export * from './exchange';
export * from './registry';
export * from './profile';
export * from './onramp';
export * from './test-core';
export * from './embedded';
export * from './solana-wallet';
export * from './solana-rpc-stub';
export * from './bitcoin-wallet';
export * from './catalogues';
export * from './cdn-manifest';
export { walletUserRejection, type StandardTestWallet } from './standard-wallet';

import { describe, expect, it } from '@rstest/core';
import { DEV_BUNDLER_KEYS } from '../src/index';
import { parseBundlerEnv } from '../src/config';

const rpc = { PORTICO_BUNDLER_RPC_URL: 'http://127.0.0.1:8545' };
const operatorKeys = {
  PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: `0x${'1'.repeat(64)}, 0x${'2'.repeat(64)}`,
  PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: `0x${'3'.repeat(64)}`,
};

describe('parseBundlerEnv', () => {
  it('development mode: the dev keys, loopback, port 4337, safe mode off', () => {
    expect(parseBundlerEnv({ ...rpc, PORTICO_BUNDLER_MODE: 'development' })).toEqual({
      mode: 'development',
      host: '127.0.0.1',
      port: 4337,
      rpcUrl: 'http://127.0.0.1:8545',
      executorPrivateKeys: DEV_BUNDLER_KEYS.executorPrivateKeys,
      utilityPrivateKey: DEV_BUNDLER_KEYS.utilityPrivateKey,
      usesDevKeys: true,
      safeMode: false,
      cors: false,
      blockTimeMs: 250,
      logLevel: 'warn',
    });
  });

  it('production (the default): operator keys required, safe mode on', () => {
    expect(() => parseBundlerEnv(rpc)).toThrow(
      'PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS and PORTICO_BUNDLER_UTILITY_PRIVATE_KEY are required outside development mode',
    );
    const config = parseBundlerEnv({ ...rpc, ...operatorKeys, HOST: '0.0.0.0', PORT: '14337', PORTICO_BUNDLER_CORS: '1' });
    expect(config).toMatchObject({ mode: 'production', host: '0.0.0.0', port: 14337, safeMode: true, cors: true, usesDevKeys: false, blockTimeMs: 1000 });
    expect(config.executorPrivateKeys).toEqual([`0x${'1'.repeat(64)}`, `0x${'2'.repeat(64)}`]);
  });

  it('refuses the public development keys outside development mode', () => {
    expect(() => parseBundlerEnv({ ...rpc, ...operatorKeys, PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: DEV_BUNDLER_KEYS.utilityPrivateKey })).toThrow(
      'The development keys (derived from the public anvil mnemonic) are refused outside development mode',
    );
  });

  it.each([
    ['PORTICO_BUNDLER_RPC_URL', { ...operatorKeys }],
    ['PORTICO_BUNDLER_RPC_URL must be an http(s) URL of the node', { ...rpc, ...operatorKeys, PORTICO_BUNDLER_RPC_URL: 'ws://127.0.0.1:8545' }],
    ['PORT must be a port number 1–65535', { ...rpc, ...operatorKeys, PORT: '70000' }],
    ["PORTICO_BUNDLER_MODE must be 'development' or 'production'", { ...rpc, ...operatorKeys, PORTICO_BUNDLER_MODE: 'staging' }],
    ['must be a 0x-prefixed 32-byte hex private key', { ...rpc, ...operatorKeys, PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: '0x1234' }],
    ['must be a 0x-prefixed 32-byte hex private key', { ...rpc, ...operatorKeys, PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: `0x${'1'.repeat(64)},nope` }],
    ["PORTICO_BUNDLER_SAFE_MODE must be '0' or '1'", { ...rpc, ...operatorKeys, PORTICO_BUNDLER_SAFE_MODE: 'yes' }],
  ])('refuses with: %s', (message, environment) => {
    expect(() => parseBundlerEnv(environment)).toThrow(message);
  });
});

/**
 * The environment schema (src/config.ts): its settings and each refusal's message (the service kit's parseEnv prints
 * `bundler: bad environment: `, and `NAME: ` before a message that does not name its variable; main.test.ts shows some).
 */
import { describe, expect, it } from '@rstest/core';
import { DEV_BUNDLER_KEYS } from '../src/index';
import { bundlerEnvSchema } from '../src/config';

const rpc = { PORTICO_BUNDLER_RPC_URL: 'http://127.0.0.1:8545' };
const operatorKeys = {
  PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: `0x${'1'.repeat(64)}, 0x${'2'.repeat(64)}`,
  PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: `0x${'3'.repeat(64)}`,
};

describe('bundlerEnvSchema', () => {
  it('development mode: the dev keys, loopback, port 4337, safe mode off', () => {
    expect(bundlerEnvSchema.parse({ ...rpc, PORTICO_BUNDLER_MODE: 'development' })).toEqual({
      mode: 'development',
      host: '127.0.0.1',
      port: 4337,
      rpcUrl: 'http://127.0.0.1:8545',
      executorPrivateKeys: DEV_BUNDLER_KEYS.executorPrivateKeys,
      utilityPrivateKey: DEV_BUNDLER_KEYS.utilityPrivateKey,
      usesDevKeys: true,
      safeMode: false,
      // Browser pages on loopback (the demo's secure site) may call it; no other origin.
      allowedOrigins: { origins: [], loopback: true },
      blockTimeMs: 250,
      logLevel: 'warn',
    });
  });

  it('production (the default) with operator keys: safe mode on unless PORTICO_BUNDLER_SAFE_MODE=0', () => {
    const config = bundlerEnvSchema.parse({ ...rpc, ...operatorKeys, HOST: '0.0.0.0', PORT: '14337' });
    expect(config).toMatchObject({ mode: 'production', host: '0.0.0.0', port: 14337, safeMode: true, usesDevKeys: false, blockTimeMs: 1000 });
    // No browser origin unless listed.
    expect(config.allowedOrigins).toEqual({ origins: [], loopback: false });
    expect(config.executorPrivateKeys).toEqual([`0x${'1'.repeat(64)}`, `0x${'2'.repeat(64)}`]);
    expect(bundlerEnvSchema.parse({ ...rpc, ...operatorKeys, PORTICO_BUNDLER_SAFE_MODE: '0' }).safeMode).toBe(false);
  });

  it('PORTICO_BUNDLER_ALLOWED_ORIGINS: exactly the origins listed, in either mode; empty for none', () => {
    const origins = 'https://wallet.example.com, https://secure.example.com:8443';
    const listed = { origins: ['https://wallet.example.com', 'https://secure.example.com:8443'], loopback: false };
    expect(bundlerEnvSchema.parse({ ...rpc, ...operatorKeys, PORTICO_BUNDLER_ALLOWED_ORIGINS: origins }).allowedOrigins).toEqual(listed);
    expect(bundlerEnvSchema.parse({ ...rpc, PORTICO_BUNDLER_MODE: 'development', PORTICO_BUNDLER_ALLOWED_ORIGINS: origins }).allowedOrigins).toEqual(listed);
    expect(bundlerEnvSchema.parse({ ...rpc, PORTICO_BUNDLER_MODE: 'development', PORTICO_BUNDLER_ALLOWED_ORIGINS: '' }).allowedOrigins).toEqual({
      origins: [],
      loopback: false,
    });
  });

  const ORIGINS_MESSAGE =
    'PORTICO_BUNDLER_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://wallet.example.com (scheme://host[:port], no path)';
  it.each(['*', 'wallet.example.com', 'https://wallet.example.com/', 'https://wallet.example.com/app', 'ftp://wallet.example.com', 'https://a.example,'])(
    'refuses %j as an allowed origin',
    (origin) => {
      expect(bundlerEnvSchema.safeParse({ ...rpc, ...operatorKeys, PORTICO_BUNDLER_ALLOWED_ORIGINS: origin }).error?.issues[0]?.message).toBe(ORIGINS_MESSAGE);
    },
  );

  it.each([
    ['PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS and PORTICO_BUNDLER_UTILITY_PRIVATE_KEY are required outside development mode', rpc],
    [
      'The development keys (derived from the public anvil mnemonic) are refused outside development mode',
      { ...rpc, ...operatorKeys, PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: DEV_BUNDLER_KEYS.utilityPrivateKey },
    ],
    ['PORTICO_BUNDLER_RPC_URL must be an http(s) URL of the node', { ...operatorKeys }],
    ['PORTICO_BUNDLER_RPC_URL must be an http(s) URL of the node', { ...rpc, ...operatorKeys, PORTICO_BUNDLER_RPC_URL: 'ws://127.0.0.1:8545' }],
    ['PORT must be a port number 1–65535', { ...rpc, ...operatorKeys, PORT: '0' }],
    ['PORT must be a port number 1–65535', { ...rpc, ...operatorKeys, PORT: '70000' }],
    ["PORTICO_BUNDLER_MODE must be 'development' or 'production'", { ...rpc, ...operatorKeys, PORTICO_BUNDLER_MODE: 'staging' }],
    ['must be a 0x-prefixed 32-byte hex private key', { ...rpc, ...operatorKeys, PORTICO_BUNDLER_UTILITY_PRIVATE_KEY: '0x1234' }],
    ['must be a 0x-prefixed 32-byte hex private key', { ...rpc, ...operatorKeys, PORTICO_BUNDLER_EXECUTOR_PRIVATE_KEYS: `0x${'1'.repeat(64)},nope` }],
    ["PORTICO_BUNDLER_SAFE_MODE must be '0' or '1'", { ...rpc, ...operatorKeys, PORTICO_BUNDLER_SAFE_MODE: 'yes' }],
  ])('refuses with: %s', (message, environment) => {
    expect(bundlerEnvSchema.safeParse(environment).error?.issues[0]?.message).toBe(message);
  });
});

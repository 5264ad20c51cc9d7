/** The server's environment (src/env.ts): defaults, and the smart-account pair (both or neither, the chain list's form). */
import { describe, expect, test } from '@rstest/core';
import { readEnv } from '../src/env';

describe('readEnv', () => {
  test('defaults; empty variables count as unset; no smart accounts', () => {
    const read = readEnv({ PORT: '', PORTICO_SECURE_SITE_BUNDLER_URL: '' });
    expect(read).toMatchObject({ ok: true, env: { HOST: '127.0.0.1', PORT: 3010, PORTICO_SECURE_SITE_MODE: 'production' } });
    expect(read.ok && read.env.PORTICO_SECURE_SITE_BUNDLER_URL).toBeUndefined();
  });

  test('smart accounts: the bundler URL with a comma list of eip155 chain ids (bare or eip155:)', () => {
    const read = readEnv({ PORTICO_SECURE_SITE_BUNDLER_URL: 'http://127.0.0.1:4337/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: '31337,eip155:8453' });
    expect(read).toMatchObject({ ok: true, env: { PORTICO_SECURE_SITE_BUNDLER_URL: 'http://127.0.0.1:4337/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: [31337, 8453] } });
  });

  test('both or neither; a bad chain list is named', () => {
    const both = 'bad environment: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: set both or neither of PORTICO_SECURE_SITE_BUNDLER_URL and PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS';
    expect(readEnv({ PORTICO_SECURE_SITE_BUNDLER_URL: 'https://bundler.example/rpc' })).toEqual({ ok: false, error: both });
    expect(readEnv({ PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: '1' })).toEqual({ ok: false, error: both });
    expect(readEnv({ PORTICO_SECURE_SITE_BUNDLER_URL: 'https://bundler.example/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: 'mainnet' })).toEqual({
      ok: false,
      error: 'bad environment: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: must be a comma list of eip155 chain ids, e.g. 31337',
    });
  });
});

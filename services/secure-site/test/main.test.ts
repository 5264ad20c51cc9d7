// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_SECURE_SITE_* variables.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('development mode: prints where it listens, stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-secure-site-cli-'));
    try {
      const p = runServiceCli(PACKAGE, { PORT: '0', PORTICO_SECURE_SITE_MODE: 'development', PORTICO_SECURE_SITE_DATA_DIR: dataDir });
      await p.waitForStdout(/^portico secure site listening on http:\/\/127\.0\.0\.1:\d+ \(api http:\/\/127\.0\.0\.1:8788, development\)$/m);
      expect(await p.stop()).toBe(0);
      expect(p.stderr()).toContain('portico secure site: SIGTERM, stopping');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('exits 2 with the reason for a bad environment (the smart-account pair: both or neither, the form of the chain list)', async () => {
    const both = 'portico secure site: bad environment: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: set both or neither of PORTICO_SECURE_SITE_BUNDLER_URL and PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS';
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORTICO_SECURE_SITE_MODE: 'dev' }, 'portico secure site: bad environment: PORTICO_SECURE_SITE_MODE: Invalid option: expected one of "production"|"development"'],
      [{ PORTICO_SECURE_SITE_BUNDLER_URL: 'https://bundler.example/rpc' }, both],
      [{ PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: '1', PORTICO_SECURE_SITE_BUNDLER_URL: '' }, both],
      [
        { PORTICO_SECURE_SITE_BUNDLER_URL: 'https://bundler.example/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: 'mainnet' },
        'portico secure site: bad environment: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: must be a comma list of eip155 chain ids, e.g. 31337',
      ],
    ]);
    expect(actual).toEqual(expected);
  });
});

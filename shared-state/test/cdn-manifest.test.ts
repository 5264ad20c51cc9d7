import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { cdnManifestFixture, minimalOptions, TEST_INTEGRITY } from '@portico/test-kit';
import { CDN_MANIFEST_FILE, loadCdnManifest, manifestRemotes, MAX_CDN_MANIFEST_BYTES, parseCdnManifest } from '../src/cdn-manifest';
import { parseDeployment, withDeployment } from '../src/deployment';
import { InvalidOptionsError } from '../src/errors';
import { parseOptions, type PorticoOptionsInput } from '../src/options';

/** scripts/build-cdn.mjs, imported by Node itself (a plain script of the root, not part of this package's build). */
interface BuildCdn {
  sri(bytes: Uint8Array | string): string;
  cdnManifest(builds: {
    shell: { version: string; entry: Uint8Array | string; federationEntry: Uint8Array | string };
    remotes: Record<string, { version: string; entry: Uint8Array | string }>;
  }): unknown;
  buildCdn(root: string, out?: string): unknown;
}
const SCRIPT = new URL('../../scripts/build-cdn.mjs', import.meta.url).href;
const script = () => import(/* webpackIgnore: true */ SCRIPT) as Promise<BuildCdn>;

const MANIFEST_URL = 'https://cdn.example/portico/manifest.json';
const HASH = TEST_INTEGRITY;
const MANIFEST = cdnManifestFixture({ account: { version: '1.4.1' }, connect: { version: '1.4.0' } });

function refusal(run: () => unknown): InvalidOptionsError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidOptionsError);
  return thrown as InvalidOptionsError;
}

const withRemote = (release: unknown) => ({ ...MANIFEST, remotes: { ...MANIFEST.remotes, account: release } });

describe('the CDN manifest', () => {
  it('resolves every entry against the manifest’s URL', () => {
    const manifest = parseCdnManifest(MANIFEST, MANIFEST_URL);
    expect(manifest.shell.entry).toBe('https://cdn.example/portico/shell/1.4.0/portico.js');
    expect(manifest.shell.federation.entry).toBe('https://cdn.example/portico/shell/1.4.0/mf/remoteEntry.js');
    expect(manifestRemotes(manifest)).toEqual({
      account: { entry: 'https://cdn.example/portico/account/1.4.1/remoteEntry.js', integrity: HASH },
      connect: { entry: 'https://cdn.example/portico/connect/1.4.0/remoteEntry.js', integrity: HASH },
    });
    expect(manifest.remotes.account).toEqual({ version: '1.4.1', entry: 'https://cdn.example/portico/account/1.4.1/remoteEntry.js', integrity: HASH });
  });

  it('refuses what is not a manifest, naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'file'],
      [{ ...MANIFEST, version: 2 }, 'version'],
      [{ ...MANIFEST, shell: undefined }, 'shell'],
      [{ ...MANIFEST, shell: { ...MANIFEST.shell, integrity: 'md5-abc' } }, 'shell.integrity: must be a Subresource Integrity hash'],
      [{ ...MANIFEST, shell: { ...MANIFEST.shell, federation: { entry: '', integrity: HASH } } }, 'shell.federation.entry: must name a file'],
      [withRemote({ version: '', entry: 'a.js', integrity: HASH }), 'remotes.account.version: must name a version'],
      [withRemote({ ...MANIFEST.remotes.account, extra: 1 }), 'remotes.account.extra: is not a known field'],
      [{ ...MANIFEST, remotes: { ...MANIFEST.remotes, wallet: MANIFEST.remotes.account } }, 'remotes.wallet: is not a known field'],
      [{ ...MANIFEST, cdn: 'x' }, 'cdn: is not a known field'],
    ];
    for (const [input, reason] of cases) {
      const error = refusal(() => parseCdnManifest(input, MANIFEST_URL));
      expect(error.field).toBe(CDN_MANIFEST_FILE);
      expect(error.message).toContain(reason);
    }
  });

  it('allows only the manifest’s own origin: an entry elsewhere, or not http(s), is refused', () => {
    const cases: Array<[string, string]> = [
      ['https://attacker.example/account/remoteEntry.js', "remotes.account.entry: must be on the manifest's origin (https://cdn.example)"],
      ['//attacker.example/remoteEntry.js', "must be on the manifest's origin"],
      ['http://cdn.example/account/remoteEntry.js', "must be on the manifest's origin"],
      ['https://cdn.example:8443/remoteEntry.js', "must be on the manifest's origin"],
      ['javascript:alert(1)', 'remotes.account.entry: must be an http(s) URL'],
      ['data:text/javascript,alert(1)', 'must be an http(s) URL'],
    ];
    for (const [entry, reason] of cases) {
      expect(refusal(() => parseCdnManifest(withRemote({ ...MANIFEST.remotes.account, entry }), MANIFEST_URL)).message).toContain(reason);
    }
    const shellElsewhere = { ...MANIFEST, shell: { ...MANIFEST.shell, entry: 'https://attacker.example/portico.js' } };
    expect(refusal(() => parseCdnManifest(shellElsewhere, MANIFEST_URL)).message).toContain('shell.entry');
    // A path that climbs out of the manifest's folder stays on its origin: that is the operator's layout.
    expect(parseCdnManifest(withRemote({ ...MANIFEST.remotes.account, entry: '../other/remoteEntry.js' }), MANIFEST_URL).remotes.account?.entry).toBe(
      'https://cdn.example/other/remoteEntry.js',
    );
  });

  it('is fetched without credentials; a missing, oversized or non-JSON manifest is an error', async () => {
    const asked: Array<[string, RequestInit | undefined]> = [];
    const serving = (body: string, status = 200) =>
      (async (url: URL | string, init?: RequestInit) => {
        asked.push([String(url), init]);
        return new Response(body, { status });
      }) as typeof fetch;
    expect(manifestRemotes(await loadCdnManifest(MANIFEST_URL, serving(JSON.stringify(MANIFEST))))).toHaveProperty('account');
    expect(asked).toEqual([[MANIFEST_URL, { credentials: 'omit' }]]);
    const failures: Array<[typeof fetch, string]> = [
      [serving('not found', 404), `HTTP 404 from ${MANIFEST_URL}`],
      [serving(' '.repeat(MAX_CDN_MANIFEST_BYTES + 1)), `larger than ${MAX_CDN_MANIFEST_BYTES} bytes`],
      [serving('{'), 'not JSON'],
    ];
    for (const [fetcher, reason] of failures) {
      const error = await loadCdnManifest(MANIFEST_URL, fetcher).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(InvalidOptionsError);
      expect((error as Error).message).toContain(reason);
    }
  });
});

describe('following a manifest from the options', () => {
  it('leaves the remotes to the manifest, except those the host pins', () => {
    const pinned = 'https://cdn.example/portico/account/1.3.0/remoteEntry.js';
    const options = parseOptions(minimalOptions({ manifestUrl: MANIFEST_URL, remotes: { account: pinned } }));
    expect(options.manifestUrl).toBe(MANIFEST_URL);
    expect(options.remotes).toEqual({ account: pinned });
  });

  it('refuses a manifest that is not http(s), and one beside cdnBase', () => {
    expect(refusal(() => parseOptions(minimalOptions({ manifestUrl: 'file:///manifest.json' }))).field).toBe('manifestUrl');
    const both = refusal(() => parseOptions(minimalOptions({ manifestUrl: MANIFEST_URL, cdnBase: 'https://cdn.example/' })));
    expect(both.message).toContain('`manifestUrl`: cannot be set with cdnBase');
  });

  it('takes the deployment file’s manifest unless the host places the remotes itself', () => {
    const deployment = parseDeployment({ version: 1, manifestUrl: MANIFEST_URL, remotes: { send: 'https://send.example/remoteEntry.js' } });
    const host = minimalOptions() as PorticoOptionsInput;
    expect(withDeployment(host, deployment)).toMatchObject({ manifestUrl: MANIFEST_URL, remotes: { send: 'https://send.example/remoteEntry.js' } });
    const ownManifest = withDeployment({ ...host, manifestUrl: 'https://other.example/manifest.json' }, deployment);
    expect(ownManifest.manifestUrl).toBe('https://other.example/manifest.json');
    expect(ownManifest.remotes).toBeUndefined();
    expect(withDeployment({ ...host, cdnBase: 'https://cdn.example/' }, deployment)).not.toHaveProperty('manifestUrl');
  });
});

describe('scripts/build-cdn.mjs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portico-cdn-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('hashes as <script integrity> does: sha384, base64', async () => {
    const { sri } = await script();
    expect(sri('alert(1)')).toBe(`sha384-${createHash('sha384').update('alert(1)').digest('base64')}`);
  });

  it('writes a manifest this package reads, each remote under its version, in name order', async () => {
    const { cdnManifest } = await script();
    const manifest = cdnManifest({
      shell: { version: '1.4.0', entry: 'shell code', federationEntry: 'container' },
      remotes: { send: { version: '1.4.0', entry: 'send' }, account: { version: '1.4.1', entry: 'account' } },
    });
    expect(Object.keys((manifest as typeof MANIFEST).remotes)).toEqual(['account', 'send']);
    const parsed = parseCdnManifest(manifest, MANIFEST_URL);
    expect(parsed.shell).toMatchObject({ version: '1.4.0', entry: 'https://cdn.example/portico/shell/1.4.0/portico.js' });
    expect(parsed.remotes.account).toMatchObject({ version: '1.4.1', entry: 'https://cdn.example/portico/account/1.4.1/remoteEntry.js' });
  });

  it('copies each build into <name>/<version>/, leaves e2e’s variants out, and gives the same bytes twice', async () => {
    const { buildCdn } = await script();
    const root = join(scratch, 'repo');
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    put('shell/package.json', '{"version":"1.4.0"}');
    put('shell/dist/portico.js', 'shell');
    put('shell/dist/mf/remoteEntry.js', 'container');
    put('remotes/account/package.json', '{"version":"1.4.1"}');
    put('remotes/account/dist/remoteEntry.js', 'account');
    put('remotes/account/dist/static/js/1.js', 'chunk');
    put('remotes/.account-next/dist/remoteEntry.js', 'variant');
    put('remotes/send/package.json', '{"version":"1.4.0"}');
    const out = join(scratch, 'cdn');
    buildCdn(root, out);
    const first = readFileSync(join(out, 'manifest.json'), 'utf8');
    expect(readFileSync(join(out, 'account/1.4.1/static/js/1.js'), 'utf8')).toBe('chunk');
    expect(readFileSync(join(out, 'shell/1.4.0/mf/remoteEntry.js'), 'utf8')).toBe('container');
    // The unbuilt remote (no dist) and the variant are not in the layout.
    expect(Object.keys(JSON.parse(first).remotes)).toEqual(['account']);
    buildCdn(root, out);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(first);
  });
});

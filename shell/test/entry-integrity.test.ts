import { createInstance } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { cdnManifestFixture } from '@portico/test-kit';
import { entryIntegrityPlugin } from '../src/entry-integrity';
import { entryIntegrity, remoteEntry } from '../src/remote-entries';
import { loadViewModule } from '../src/remote-loader';

/** The loader's runtime: every entry is refused, as the browser refuses one whose bytes do not match. */
rs.mock('../src/federation', () => ({
  getFederation: () => ({
    registerRemotes: () => undefined,
    loadRemote: () => Promise.reject(new Error('ScriptNetworkError: Failed to load script')),
  }),
}));

const CONNECT_HASH = `sha384-${'C'.repeat(64)}`;
const ACCOUNT_HASH = `sha384-${'A'.repeat(64)}`;
const manifest = cdnManifestFixture(
  { connect: { version: '1.4.1', integrity: CONNECT_HASH }, account: { version: '1.4.0', integrity: ACCOUNT_HASH } },
  ACCOUNT_HASH,
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  rs.restoreAllMocks();
});

let cdn = 0;
/** A manifest of its own per test (one is read once per page), served by a stand-in CDN. */
async function followedManifest() {
  const manifestUrl = `https://cdn.test/portico-${(cdn += 1)}/manifest.json`;
  globalThis.fetch = (async () => new Response(JSON.stringify(manifest))) as unknown as typeof fetch;
  const base = manifestUrl.replace('manifest.json', '');
  return { manifestUrl, connect: `${base}connect/1.4.1/remoteEntry.js`, account: `${base}account/1.4.0/remoteEntry.js` };
}

describe('entry integrity', () => {
  it('gives each entry a manifest names that entry’s hash, once the manifest is read', async () => {
    const { manifestUrl, connect, account } = await followedManifest();
    expect(entryIntegrity(connect)).toBeUndefined();
    expect(await remoteEntry({ remotes: {}, manifestUrl }, 'connect')).toBe(connect);
    expect(entryIntegrity(connect)).toBe(CONNECT_HASH);
    expect(entryIntegrity(account)).toBe(ACCOUNT_HASH);
    // The same folder under another version, or a host's own URL: no hash to check against.
    expect(entryIntegrity(connect.replace('1.4.1', '1.4.2'))).toBeUndefined();
    expect(entryIntegrity('https://remotes.example/connect/remoteEntry.js')).toBeUndefined();
  });

  it('makes the runtime load a manifest’s entry with its hash, in CORS mode; any other script as the runtime makes it', async () => {
    const { manifestUrl, connect } = await followedManifest();
    await remoteEntry({ remotes: {}, manifestUrl }, 'connect');
    const script = entryIntegrityPlugin.createScript!({ url: connect, attrs: { fetchpriority: 'high' } }) as HTMLScriptElement;
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect({ src: script.src, integrity: script.integrity, crossOrigin: script.crossOrigin, fetchPriority: script.getAttribute('fetchpriority') }).toEqual({
      src: connect,
      integrity: CONNECT_HASH,
      crossOrigin: 'anonymous',
      fetchPriority: 'high',
    });
    expect(entryIntegrityPlugin.createScript!({ url: 'https://remotes.example/connect/remoteEntry.js' })).toBeUndefined();
  });

  it('is what the MF runtime loads a remote’s entry with; a refused entry fails the load', async () => {
    const { manifestUrl, connect } = await followedManifest();
    const entry = (await remoteEntry({ remotes: {}, manifestUrl }, 'connect'))!;
    const attached: HTMLScriptElement[] = [];
    // The document stands in for the browser: the script is refused, as one whose bytes do not match its hash.
    rs.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      attached.push(node as unknown as HTMLScriptElement);
      queueMicrotask(() => node.dispatchEvent(new Event('error')));
      return node;
    });
    const federation = createInstance({ name: `integrity_test_${cdn}`, remotes: [{ name: 'portico_connect', entry }], plugins: [entryIntegrityPlugin] });
    await expect(federation.loadRemote('portico_connect/Connect')).rejects.toThrow(connect);
    expect(attached.map(({ src, integrity, crossOrigin }) => ({ src, integrity, crossOrigin }))).toEqual([
      { src: connect, integrity: CONNECT_HASH, crossOrigin: 'anonymous' },
    ]);
  });

  it('says which hash a refused entry was checked against; an entry with none fails as the runtime says', async () => {
    const { manifestUrl, connect } = await followedManifest();
    await remoteEntry({ remotes: {}, manifestUrl }, 'connect');
    await expect(loadViewModule('connect', './Connect', connect)).rejects.toMatchObject({
      shortMessage: 'The connect feature could not be loaded.',
      details: `${connect} did not arrive or did not match its integrity hash ${CONNECT_HASH}`,
    });
    await expect(loadViewModule('account', './Account', 'https://remotes.example/account/remoteEntry.js')).rejects.toMatchObject({
      shortMessage: 'The account feature could not be loaded.',
      details: 'ScriptNetworkError: Failed to load script',
    });
  });
});

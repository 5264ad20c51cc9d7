// The CDN layout (docs/operating.md, "CDN layout"): every built package in a folder of its own version, and one
// manifest naming each package's current version, entry file and Subresource Integrity hash.
//   cdn/shell/<version>/…          shell/dist (portico.js, mf/remoteEntry.js, chunks)
//   cdn/<remote>/<version>/…       remotes/<remote>/dist (remoteEntry.js, static)
//   cdn/manifest.json              shared-state/src/cdn-manifest.ts reads it
// Run at the end of `pnpm build`; the same builds give the same bytes.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The manifest's file name, at the top of the layout. */
export const MANIFEST_FILE = 'manifest.json';

/** `sha384-<base64>`, the hash a `<script integrity>` attribute takes. */
export function sri(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * The manifest (schema version 1) from each package's version and its entry files' bytes, entries relative to the
 * manifest. Remotes in name order, so the output does not depend on the order the folders were listed in.
 *
 * @param {{ shell: { version: string, entry: Uint8Array, federationEntry: Uint8Array },
 *   remotes: Record<string, { version: string, entry: Uint8Array }> }} builds
 */
export function cdnManifest({ shell, remotes }) {
  const shellFolder = `shell/${shell.version}`;
  return {
    version: 1,
    shell: {
      version: shell.version,
      entry: `${shellFolder}/portico.js`,
      integrity: sri(shell.entry),
      federation: { entry: `${shellFolder}/mf/remoteEntry.js`, integrity: sri(shell.federationEntry) },
    },
    remotes: Object.fromEntries(
      Object.keys(remotes)
        .sort()
        .map((name) => {
          const { version, entry } = remotes[name];
          return [name, { version, entry: `${name}/${version}/remoteEntry.js`, integrity: sri(entry) }];
        }),
    ),
  };
}

const packageVersion = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

/** Copies the builds under `root` into `out` (emptied first) and writes the manifest; returns it. */
export function buildCdn(root, out = join(root, 'cdn')) {
  rmSync(out, { recursive: true, force: true });
  const shellDir = join(root, 'shell');
  const shellVersion = packageVersion(shellDir);
  cpSync(join(shellDir, 'dist'), join(out, 'shell', shellVersion), { recursive: true });
  const remotes = {};
  // Built remotes only; `.<name>-<variant>` folders are e2e's other releases (e2e/fixtures/remote-variant.ts).
  for (const name of readdirSync(join(root, 'remotes')).filter((name) => !name.startsWith('.'))) {
    const dist = join(root, 'remotes', name, 'dist');
    if (!existsSync(join(dist, 'remoteEntry.js'))) continue;
    const version = packageVersion(join(root, 'remotes', name));
    cpSync(dist, join(out, name, version), { recursive: true });
    remotes[name] = { version, entry: readFileSync(join(dist, 'remoteEntry.js')) };
  }
  const manifest = cdnManifest({
    shell: {
      version: shellVersion,
      entry: readFileSync(join(shellDir, 'dist', 'portico.js')),
      federationEntry: readFileSync(join(shellDir, 'dist', 'mf', 'remoteEntry.js')),
    },
    remotes,
  });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const manifest = buildCdn(fileURLToPath(new URL('..', import.meta.url)));
  console.log(`cdn/: shell ${manifest.shell.version}, ${Object.keys(manifest.remotes).length} remotes, ${MANIFEST_FILE}`);
}

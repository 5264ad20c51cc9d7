// PORTICO_CDN_BASE: the operator's shell deployment, the package's default `cdnBase`. Unset (development), it is
// `/portico/` on the page's own origin: a site serving the shell itself, as the examples' server does.
import { readFileSync } from 'node:fs';
import { buildPackage } from '../build-package.mjs';

const cdnBase = process.env.PORTICO_CDN_BASE ?? '/portico/';
if (!/^(https?:\/\/|\/)/.test(cdnBase)) throw new Error(`PORTICO_CDN_BASE must be an http(s) URL or a path, got ${cdnBase}`);

await buildPackage({
  entries: ['index', 'networks', 'appkit-networks', 'adapters'],
  external: ['@module-federation/runtime', '@module-federation/runtime-core', 'viem', 'viem/*'],
  define: {
    __PORTICO_CDN_BASE__: JSON.stringify(cdnBase),
    // The shell contract this package speaks; its major version is the same (test/contract.test.ts).
    __PORTICO_CONTRACT__: JSON.stringify(JSON.parse(readFileSync('../../shared-state/package.json', 'utf8')).porticoContract),
    // Pinned exactly in package.json: the version the shell's containers are built against.
    __MF_RUNTIME_CORE_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).dependencies['@module-federation/runtime-core']),
  },
  // networks.ts only re-exports (viem's chains, ./appkit-networks): it is its own declaration. Bundling it would
  // walk every viem chain's type (minutes).
  ownDeclarations: { networks: readFileSync('src/networks.ts', 'utf8').replace("from './appkit-networks'", "from './appkit-networks.js'") },
});

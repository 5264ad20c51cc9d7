// Two builds of the shell from one package (`rsbuild build` builds both environments):
//  - `mf`: Module Federation remote `portico_shell` for React hosts  -> dist/mf/remoteEntry.js
//  - `standalone`: one <script> for plain pages (window.Portico)      -> dist/portico.js
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import {
  containerExperiments,
  define,
  federationRuntimeDirs,
  pluginBuildReport,
  pluginCompactStylesheet,
  pluginCompileHint,
  pluginFederationRuntimeEsm,
  pluginNativeFetch,
  pluginPrecompiledCatalogues,
  shared,
  sharedVersions,
} from '../scripts/rsbuild-shared';

const shellDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The MF runtime core that the MF plugin builds with (and `@module-federation/enhanced/runtime` imports).
 * The standalone build's lazy `mf-runtime` chunk hands this very module to the remotes as
 * `globalThis._FEDERATION_RUNTIME_CORE` (see src/federation-runtime.ts).
 */
const runtimeCoreDir = federationRuntimeDirs(shellDir).runtimeCore;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginBuildReport(),
    pluginCompactStylesheet(),
    pluginPrecompiledCatalogues(),
    pluginNativeFetch(),
    // portico.js: the page runs nearly all of it at load (module code, `createPortico`).
    pluginCompileHint({ environment: 'standalone', files: (name) => name === 'portico.js' }),
  ],
  source: { define },
  dev: { lazyCompilation: false },
  output: { assetPrefix: 'auto', target: 'web' },
  server: { headers: { 'Access-Control-Allow-Origin': '*' } },
  environments: {
    mf: {
      // No entry of its own: the MF container (remoteEntry.js) is the only entry.
      tools: { htmlPlugin: false, rspack: (config) => { config.entry = {}; } },
      output: {
        distPath: { root: 'dist/mf' },
        // 8 hex digits, as the standalone build: remoteEntry.js maps every async chunk to its hash (page bytes).
        filenameHash: 'contenthash:8',
      },
      plugins: [
        pluginFederationRuntimeEsm(),
        pluginModuleFederation(
          {
            name: 'portico_shell',
            filename: 'remoteEntry.js',
            exposes: {
              './portico': './src/portico.ts',
              './siwx': './src/siwx.ts',
              // The AppKit drop-in (src/appkit): its own modules, so none of it is in ./portico.
              './appkit/react': './src/appkit/react.ts',
              './appkit/networks': './src/appkit/networks.ts',
              './appkit/adapters': './src/appkit/adapters.ts',
              // What @portico/js reads before createPortico: this deployment's own URLs.
              './deployment': './src/deployment.ts',
            },
            shared: shared(),
            dts: false,
            experiments: containerExperiments,
          },
          { environment: 'mf' },
        ),
      ],
    },
    // No Module Federation plugin: react, react-dom, jotai and @portico/shared-state are bundled as
    // plain modules (the UI kit too, as an async chunk loaded with the first remote view), and the
    // MF runtime is not in portico.js. `./federation` is replaced by `./federation-standalone`, which
    // import()s the runtime (chunk `mf-runtime`) on the first remote load and creates an instance
    // whose `shared` are the shell's own copies (src/federation-runtime.ts).
    standalone: {
      source: {
        entry: { portico: './src/standalone.ts' },
        define: {
          __PORTICO_SHARED_VERSIONS__: JSON.stringify({
            ...sharedVersions(shellDir),
            '@module-federation/runtime-core': JSON.parse(
              readFileSync(join(runtimeCoreDir, 'package.json'), 'utf8'),
            ).version,
          }),
          // What the MF plugin defines for a web build: drops the MF runtime's Node.js code paths.
          ENV_TARGET: JSON.stringify('web'),
          // Remotes are loaded by their remoteEntry.js URL, never by an mf-manifest.json snapshot: drops the snapshot plugin.
          FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
        },
      },
      resolve: { alias: { '@module-federation/runtime-core$': join(runtimeCoreDir, 'dist/index.js') } },
      tools: {
        htmlPlugin: false,
        rspack: (config, { rspack }) => {
          config.plugins.push(
            new rspack.NormalModuleReplacementPlugin(/^\.\/federation$/, (resource) => {
              if (resource.context === join(shellDir, 'src')) resource.request = './federation-standalone';
            }),
          );
        },
      },
      output: {
        distPath: { root: 'dist', js: '', jsAsync: 'chunks' },
        filename: { js: (data: { chunk?: { name?: string } }) => (data.chunk?.name === 'portico' ? '[name].js' : '[name].[contenthash:8].js') },
        // dist/mf is written by the other environment.
        cleanDistPath: { keep: [/[\\/]dist[\\/]mf[\\/]/] },
      },
      performance: {
        // portico.js stays one file (hosts add one script); async chunks share what two or more of them use (react-dom:
        // the dialog's chunk and the MF runtime's shared modules), so no module is fetched twice.
        chunkSplit: {
          strategy: 'custom',
          splitChunks: { chunks: 'async', cacheGroups: { default: false, defaultVendors: false, shared: { minChunks: 2, minSize: 10_000, reuseExistingChunk: true } } },
        },
      },
    },
  },
});

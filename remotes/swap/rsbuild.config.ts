// Module Federation remote `portico_swap` -> remotes/swap/dist/remoteEntry.js (no HTML page).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { containerExperiments, define, pluginBuildReport, pluginFederationRuntimeEsm, shared } from '../../scripts/rsbuild-shared';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginBuildReport(),
    pluginFederationRuntimeEsm(),
    pluginModuleFederation({
      name: 'portico_swap',
      filename: 'remoteEntry.js',
      exposes: {
        './Swap': './src/views/Swap.tsx',
      },
      shared: shared(),
      dts: false,
      experiments: containerExperiments,
    }),
  ],
  source: { define },
  dev: { lazyCompilation: false },
  server: { headers: { 'Access-Control-Allow-Origin': '*' } },
  output: { assetPrefix: 'auto', target: 'web', distPath: { root: 'dist' } },
  // No entry of its own: the MF container (remoteEntry.js) is the only entry.
  tools: {
    htmlPlugin: false,
    rspack: (config) => {
      config.entry = {};
    },
  },
});

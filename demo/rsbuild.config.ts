// Demo host site -> demo/dist. `/` is a React host consuming the shell through Module Federation
// (registered at run time); `/plain.html` (public/) loads the shell's single script.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { consumerExperiments, define, shared } from '../scripts/rsbuild-shared';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'portico_demo',
      remotes: {},
      shared: shared(),
      dts: false,
      manifest: false,
      // Provides the MF runtime core to portico_shell and its remotes (see scripts/rsbuild-shared.ts).
      experiments: consumerExperiments,
    }),
  ],
  source: { entry: { index: './src/index.ts' }, define },
  dev: { lazyCompilation: false },
  output: { assetPrefix: 'auto', target: 'web', distPath: { root: 'dist' } },
  html: {
    title: 'Portico demo',
    // Written by demo/server.mjs; must run before the app bundle.
    tags: [{ tag: 'script', attrs: { src: '/portico-config.js' }, head: true, append: false }],
  },
});

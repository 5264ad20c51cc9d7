// Two builds of the shell from one package (`rsbuild build` builds both environments):
//  - `mf`: Module Federation remote `portico_shell` for React hosts  -> dist/mf/remoteEntry.js
//  - `standalone`: one <script> for plain pages (window.Portico)      -> dist/portico.js
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { consumerExperiments, containerExperiments, define, pluginBuildReport, shared } from '../scripts/rsbuild-shared';

export default defineConfig({
  plugins: [pluginReact(), pluginBuildReport()],
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
      },
      plugins: [
        pluginModuleFederation(
          {
            name: 'portico_shell',
            filename: 'remoteEntry.js',
            exposes: { './portico': './src/portico.ts' },
            shared: shared(),
            dts: false,
            experiments: containerExperiments,
          },
          { environment: 'mf' },
        ),
      ],
    },
    standalone: {
      source: { entry: { portico: './src/standalone.ts' } },
      tools: { htmlPlugin: false },
      output: {
        distPath: { root: 'dist', js: '', jsAsync: 'chunks' },
        filename: { js: (data: { chunk?: { name?: string } }) => (data.chunk?.name === 'portico' ? '[name].js' : '[name].[contenthash:8].js') },
        // dist/mf is written by the other environment.
        cleanDistPath: { keep: [/[\\/]dist[\\/]mf[\\/]/] },
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      plugins: [
        pluginModuleFederation(
          {
            name: 'portico_shell_host',
            remotes: {},
            shared: shared({ eager: true }),
            dts: false,
            manifest: false,
            experiments: consumerExperiments,
          },
          { environment: 'standalone' },
        ),
      ],
    },
  },
});

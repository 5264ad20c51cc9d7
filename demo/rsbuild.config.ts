// Demo host site -> demo/dist. `/` is a React host consuming the shell through Module Federation;
// `/appkit.html` is AppKit's React quick-start on the shell's AppKit drop-in (`portico_shell/appkit/*`
// imported statically); `/plain.html` (public/) loads the shell's single script.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { consumerExperiments, define, pluginCompileHint, shared } from '../scripts/rsbuild-shared';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'portico_demo',
      // Its entry is set at run time from /portico-config.js (src/shell-remote-plugin.ts): the shell's
      // origin is known only when the demo server starts.
      remotes: { portico_shell: 'portico_shell@http://127.0.0.1/set-at-run-time/mf/remoteEntry.js' },
      runtimePlugins: ['./src/shell-remote-plugin.ts'],
      // The host's React is in its entry's chunks (eager), as in any React app, not fetched only after the entry has
      // run: load → Connect Wallet painted 322 → 284 ms (medians of 20 loads on this machine). The shell and its
      // remotes consume this copy.
      shared: shared({ eager: ['react', 'react-dom', 'react-dom/client'] }),
      // The host's own react/react-dom serve the shell and its remotes: with the default 'version-first', the
      // runtime fetches every declared remote's entry (the shell's) before the host's first render, to compare versions.
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      // Provides the MF runtime core to portico_shell and its remotes (see scripts/rsbuild-shared.ts).
      experiments: consumerExperiments,
    }),
    // The React host's entry (its app, the MF runtime and its start-up) runs whole at load; its evaluation was the
    // page's longest task. AppKit's quick-start page keeps the default.
    pluginCompileHint({ files: (name) => /^static\/js\/index\.[0-9a-f]+\.js$/.test(name) }),
  ],
  source: { entry: { index: './src/index.ts', appkit: './src/appkit-quickstart/index.ts' }, define },
  dev: { lazyCompilation: false },
  output: { assetPrefix: 'auto', target: 'web', distPath: { root: 'dist' } },
  html: {
    // `lang` set (a language switcher on `/` changes it).
    template: './src/index.html',
    title: ({ entryName }) => (entryName === 'appkit' ? 'AppKit quick-start on Portico' : 'Portico demo'),
    // Written by demo/server.mjs; must run before the app bundle.
    tags: [{ tag: 'script', attrs: { src: '/portico-config.js' }, head: true, append: false }],
  },
});

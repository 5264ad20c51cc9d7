import { defineConfig } from '@rsbuild/core';

// The page the embedded wallet iframe loads; the server (src/server.ts) serves dist/ with its CSP.
export default defineConfig({
  source: { entry: { index: './src/page/main.ts' } },
  html: { title: 'Portico secure site' },
  output: { distPath: { root: 'dist' }, assetPrefix: '/', legalComments: 'none' },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
});

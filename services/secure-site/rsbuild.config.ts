import { defineConfig } from '@rsbuild/core';

// The pages the server (src/server.ts) serves from dist/ with their CSPs: the embedded wallet iframe (index.html)
// and the social login popup's callback (callback.html, its own heading and text in src/callback/index.html).
export default defineConfig({
  source: { entry: { index: './src/page/main.ts', callback: './src/callback/main.ts' } },
  html: {
    title: ({ entryName }) => (entryName === 'callback' ? 'Portico sign-in' : 'Portico secure site'),
    template: ({ entryName }) => (entryName === 'callback' ? './src/callback/index.html' : undefined),
  },
  output: { distPath: { root: 'dist' }, assetPrefix: '/', legalComments: 'none' },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
});

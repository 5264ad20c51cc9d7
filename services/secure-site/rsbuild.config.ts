import { defineConfig } from '@rsbuild/core';

// The pages the server (src/server.ts) serves from dist/ with their CSPs: the embedded wallet iframe (index.html, an
// empty body the approval screen is drawn into, src/page/index.html) and the social login popup's callback
// (callback.html, its own heading and text in src/callback/index.html). Styles are the entries' imported stylesheets
// (CSP style-src 'self').
export default defineConfig({
  source: { entry: { index: './src/page/main.ts', callback: './src/callback/main.ts' } },
  html: {
    title: ({ entryName }) => (entryName === 'callback' ? 'Portico sign-in' : 'Portico secure site'),
    template: ({ entryName }) => (entryName === 'callback' ? './src/callback/index.html' : './src/page/index.html'),
  },
  output: { distPath: { root: 'dist' }, assetPrefix: '/', legalComments: 'none' },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
});

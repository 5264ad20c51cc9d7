import { defineConfig } from '@rstest/core';

const source = { define: { __PORTICO_CDN_BASE__: JSON.stringify('https://cdn.example/portico/'), __MF_RUNTIME_CORE_VERSION__: JSON.stringify('2.9.2'), __PORTICO_CONTRACT__: '3' } };
// `*.server.test.ts` run in plain Node (no window, no document), as a server render does.
const serverTests = ['test/**/*.server.test.ts'];

export default defineConfig({
  projects: [
    { name: 'dom', testEnvironment: 'happy-dom', exclude: serverTests, source },
    { name: 'server', testEnvironment: 'node', include: serverTests, source },
  ],
});

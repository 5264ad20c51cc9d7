import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Unit tests run before any build (a fresh clone's `pnpm test`): @portico/js from its source, with its build's defines.
export default defineConfig({
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  resolve: { alias: { '@portico/js$': fileURLToPath(new URL('../js/src/index.ts', import.meta.url)) } },
  source: { define: { __PORTICO_CDN_BASE__: JSON.stringify('/portico/'), __MF_RUNTIME_CORE_VERSION__: JSON.stringify('2.9.2'), __PORTICO_CONTRACT__: '3' } },
});

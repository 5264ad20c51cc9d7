import { defineConfig } from '@rstest/core';

export default defineConfig({
  testEnvironment: 'happy-dom',
  source: { define: { __PORTICO_CDN_BASE__: JSON.stringify('https://cdn.example/portico/'), __MF_RUNTIME_CORE_VERSION__: JSON.stringify('2.9.2') } },
});

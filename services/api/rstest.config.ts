import { defineConfig } from '@rstest/core';

export default defineConfig({
  testEnvironment: 'node',
  include: ['test/**/*.test.ts'],
  // An in-memory PGlite runs initdb in WebAssembly on start (~5 s on 2 cores).
  testTimeout: 60_000,
  hookTimeout: 120_000,
});

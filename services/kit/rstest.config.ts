import { defineConfig } from '@rstest/core';

export default defineConfig({
  testEnvironment: 'node',
  include: ['test/**/*.test.ts'],
  // The CLI tests start tsx; on a shared, busy machine that takes seconds.
  testTimeout: 30_000,
  hookTimeout: 30_000,
});

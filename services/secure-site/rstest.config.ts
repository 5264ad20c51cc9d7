import { defineConfig } from '@rstest/core';

export default defineConfig({
  testEnvironment: 'node',
  include: ['test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
});

import { defineConfig } from '@rstest/core';
import { define } from '../scripts/rsbuild-shared';

export default defineConfig({
  testEnvironment: 'node',
  include: ['test/**/*.test.ts'],
  source: { define },
});

import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { define } from '../scripts/rsbuild-shared';

export default defineConfig({
  testEnvironment: 'happy-dom',
  plugins: [pluginReact()],
  source: { define },
  include: ['test/**/*.test.{ts,tsx}'],
});

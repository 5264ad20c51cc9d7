import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { define } from '../scripts/rsbuild-shared';

const build = { plugins: [pluginReact()], source: { define } };
// `*.server.test.tsx` run in plain Node (no window, no document), as a server render does.
const serverTests = ['test/**/*.server.test.ts?(x)'];

export default defineConfig({
  projects: [
    { name: 'dom', testEnvironment: 'happy-dom', exclude: serverTests, ...build },
    { name: 'server', testEnvironment: 'node', include: serverTests, ...build },
  ],
});

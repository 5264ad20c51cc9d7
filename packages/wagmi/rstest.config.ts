import { defineConfig } from '@rstest/core';

// No DOM: wagmi's core actions over a test double of Portico, in plain Node. The suite runs once per
// @wagmi/core release line it supports, each aliased for the tests and the source alike: the newest 3.x
// (the devDependency `@wagmi/core`), 3.0.0 (the oldest 3.x) and 2.22.1 (the last 2.x, what wagmi 2.18+ uses).
// `__WAGMI_CORE__` is the version the project means to run; test/versions.test.ts checks it is the one loaded.
const project = (name: string, version: string, alias?: string) => ({
  name,
  testEnvironment: 'node' as const,
  include: ['test/**/*.test.ts'],
  // wagmi's React package pins its own @wagmi/core: its test runs with that one only.
  ...(alias ? { exclude: ['test/react.test.ts'] } : {}),
  source: { define: { __WAGMI_CORE__: JSON.stringify(version) } },
  ...(alias ? { resolve: { alias: { '@wagmi/core$': alias } } } : {}),
});

export default defineConfig({
  projects: [
    project('wagmi-3', '3.x'),
    project('wagmi-3.0', '3.0.0', '@wagmi/core-3.0'),
    project('wagmi-2', '2.22.1', '@wagmi/core-2'),
  ],
});

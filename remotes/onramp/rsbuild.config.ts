// Module Federation remote `portico_onramp` -> remotes/onramp/dist/remoteEntry.js (no HTML page).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteConfig } from '../../scripts/rsbuild-shared';

export default defineConfig(
  remoteConfig({
    name: 'portico_onramp',
    exposes: {
      './OnRampProviders': './src/views/OnRampProviders.tsx',
      './Pay': './src/views/Pay.tsx',
    },
    pluginReact,
    pluginModuleFederation,
  }),
);

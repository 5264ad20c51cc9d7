// Module Federation remote `portico_names` -> remotes/names/dist/remoteEntry.js (no HTML page).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteConfig } from '../../scripts/rsbuild-shared';

export default defineConfig(
  remoteConfig({
    name: 'portico_names',
    exposes: {
      './RegisterAccountName': './src/views/RegisterAccountName.tsx',
      './RegisterAccountNameSuccess': './src/views/RegisterAccountNameSuccess.tsx',
    },
    pluginReact,
    pluginModuleFederation,
  }),
);

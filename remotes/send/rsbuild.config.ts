// Module Federation remote `portico_send` -> remotes/send/dist/remoteEntry.js (no HTML page).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteConfig } from '../../scripts/rsbuild-shared';

export default defineConfig(
  remoteConfig({
    name: 'portico_send',
    exposes: {
      './WalletSend': './src/views/WalletSend.tsx',
    },
    pluginReact,
    pluginModuleFederation,
  }),
);

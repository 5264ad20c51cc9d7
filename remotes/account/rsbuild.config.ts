// Module Federation remote `portico_account` -> remotes/account/dist/remoteEntry.js (no HTML page).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteConfig } from '../../scripts/rsbuild-shared';

export default defineConfig(
  remoteConfig({
    name: 'portico_account',
    exposes: {
      './Account': './src/views/Account.tsx',
      './Networks': './src/views/Networks.tsx',
      './UnsupportedChain': './src/views/UnsupportedChain.tsx',
      './WalletReceive': './src/views/WalletReceive.tsx',
      './ApproveTransaction': './src/views/ApproveTransaction.tsx',
      './UpdateEmail': './src/views/UpdateEmail.tsx',
      './Transactions': './src/views/Transactions.tsx',
    },
    pluginReact,
    pluginModuleFederation,
  }),
);

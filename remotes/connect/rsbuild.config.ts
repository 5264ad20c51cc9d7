// Module Federation remote `portico_connect` -> remotes/connect/dist/remoteEntry.js (no HTML page).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteConfig } from '../../scripts/rsbuild-shared';

export default defineConfig(
  remoteConfig({
    name: 'portico_connect',
    exposes: {
      './Connect': './src/views/Connect.tsx',
      './ConnectingExternal': './src/views/ConnectingExternal.tsx',
      './ConnectingMultiChain': './src/views/ConnectingMultiChain.tsx',
      './ConnectingWalletConnect': './src/views/ConnectingWalletConnect.tsx',
      './ConnectingWalletConnectBasic': './src/views/ConnectingWalletConnectBasic.tsx',
      './AllWallets': './src/views/AllWallets.tsx',
      './SIWXSignMessage': './src/views/SIWXSignMessage.tsx',
      './ConnectingSiwe': './src/views/ConnectingSiwe.tsx',
      './EmailLogin': './src/views/EmailLogin.tsx',
      './EmailVerifyOtp': './src/views/EmailVerifyOtp.tsx',
      './EmailVerifyDevice': './src/views/EmailVerifyDevice.tsx',
      './ConnectingSocial': './src/views/ConnectingSocial.tsx',
      './ConnectingFarcaster': './src/views/ConnectingFarcaster.tsx',
      './WhatIsAWallet': './src/views/WhatIsAWallet.tsx',
      './WhatIsANetwork': './src/views/WhatIsANetwork.tsx',
      './GetWallet': './src/views/GetWallet.tsx',
    },
    pluginReact,
    pluginModuleFederation,
  }),
);

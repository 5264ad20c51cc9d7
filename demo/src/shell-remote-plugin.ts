// MF runtime plugin: points the `portico_shell` remote (declared in rsbuild.config.ts, so pages may
// import `portico_shell/...` statically) at the shell the demo server runs, read from
// window.PORTICO_DEMO_CONFIG (/portico-config.js) when the MF runtime starts. Both pages use it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export default function shellRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portico-demo-shell-remote',
    beforeInit(args) {
      const shellUrl = window.PORTICO_DEMO_CONFIG?.shellUrl;
      if (!shellUrl) return args;
      const remotes = args.userOptions.remotes?.map((remote) =>
        remote.name === 'portico_shell' ? { ...remote, entry: `${shellUrl}/mf/remoteEntry.js` } : remote,
      );
      return { ...args, userOptions: { ...args.userOptions, remotes } };
    },
  };
}

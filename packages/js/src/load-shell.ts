/**
 * Loads the Portico shell from its deployment at run time through the Module Federation runtime, so the host's
 * bundler needs no MF plugin, no async boundary and no settings of its own. The runtime itself is `import()`ed:
 * a host's first bundle carries none of it.
 */
import type * as AppKitModule from '@portico/shell/appkit/react';
import type * as DeploymentModule from '@portico/shell/deployment';
import type * as PorticoModule from '@portico/shell/portico';

export interface LoadedShell {
  portico: typeof PorticoModule;
  appkit: typeof AppKitModule;
  deployment: DeploymentModule.Deployment | undefined;
  withDeployment: typeof DeploymentModule.withDeployment;
}

/**
 * Modules of the host's own that the shell should use instead of its copies (`@portico/react` hands over the host's
 * React: one React on the page, as its hooks need).
 */
export type HostShared = Record<string, { version: string; lib: () => unknown }>;

let hostShared: HostShared = {};

/** Called by `@portico/react` when it is imported, before any shell loads. */
export function shareWithShell(modules: HostShared): void {
  hostShared = { ...hostShared, ...modules };
}

/** The shell contract this build speaks (shared-state/package.json `porticoContract`), set by the build. */
declare const __PORTICO_CONTRACT__: number;
const PORTICO_CONTRACT = __PORTICO_CONTRACT__;

/** The runtime core's version (package.json), set by the build. */
declare const __MF_RUNTIME_CORE_VERSION__: string;
const RUNTIME_CORE_VERSION = __MF_RUNTIME_CORE_VERSION__;

const loads = new Map<string, Promise<LoadedShell>>();

/** The deployment's base URL with its trailing slash (relative bases resolve against the page). */
export function deploymentBase(cdnBase: string): string {
  const url = new URL(cdnBase, document.baseURI);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** Once per deployment per page: the shell's modules and the deployment's own URLs. */
export function loadShell(base: string): Promise<LoadedShell> {
  let load = loads.get(base);
  if (!load) {
    load = fetchShell(base);
    loads.set(base, load);
    // A failed load may be tried again (the next createPortico), e.g. after the network came back.
    load.catch(() => loads.delete(base));
  }
  return load;
}

type CoreGlobal = { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };

async function fetchShell(base: string): Promise<LoadedShell> {
  const [{ createInstance }, runtimeCore] = await Promise.all([import('@module-federation/runtime'), import('@module-federation/runtime-core')]);
  // The shell's containers take the MF runtime core from the page (`experiments.externalRuntime`, see
  // scripts/rsbuild-shared.ts), as an MF host's `provideExternalRuntime` gives it; a page that has one keeps it.
  const global = globalThis as CoreGlobal;
  if (!global._FEDERATION_RUNTIME_CORE) {
    global._FEDERATION_RUNTIME_CORE = runtimeCore;
    global._FEDERATION_RUNTIME_CORE_FROM = { name: 'portico_js_host', version: RUNTIME_CORE_VERSION };
  }
  const shared = Object.fromEntries(
    Object.entries(hostShared).map(([name, { version, lib }]) => [name, { version, lib, shareConfig: { singleton: true, requiredVersion: false as const } }]),
  );
  const federation = createInstance({
    name: 'portico_js_host',
    remotes: [{ name: 'portico_shell', entry: new URL('mf/remoteEntry.js', base).href }],
    shared,
  });
  const load = async <T>(id: string): Promise<T> => {
    const module = await federation.loadRemote<T>(id);
    if (!module) throw new Error(`Portico: ${id} could not be loaded from ${base}`);
    return module;
  };
  const [portico, appkit, deploymentModule] = await Promise.all([
    load<typeof PorticoModule>('portico_shell/portico'),
    load<typeof AppKitModule>('portico_shell/appkit/react'),
    load<typeof DeploymentModule>('portico_shell/deployment'),
  ]);
  // The major version of this package is the shell contract it speaks (shared-state's `porticoContract`).
  if (deploymentModule.porticoContract !== PORTICO_CONTRACT) {
    throw new Error(
      `Portico: the shell at ${base} speaks contract ${String(deploymentModule.porticoContract)}, this @portico/js ${PORTICO_CONTRACT}: install @portico/js@${String(deploymentModule.porticoContract)} (and @portico/react, @portico/wagmi of that major)`,
    );
  }
  const deployment = await deploymentModule.loadDeployment(base);
  return { portico, appkit, deployment, withDeployment: deploymentModule.withDeployment };
}

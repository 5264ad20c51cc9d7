import {
  PORTICO_CONTRACT,
  RemoteIncompatibleError,
  RemoteLoadError,
  type PorticoViewProps,
  type RemoteName,
} from '@portico/shared-state';
import type { ComponentType } from 'react';
// The MF runtime: the host's in the MF build, a lazily created one in the standalone build (see ./federation.ts).
import { getFederation, type Federation } from './federation';
import { entryIntegrity } from './remote-entries';
import { loadKit } from './ui/kit';

/** What every exposed view module must look like. */
export interface ViewModule {
  default: ComponentType<PorticoViewProps>;
  /** The shared-state contract the remote was built against. */
  porticoContract: number;
  /** The UI kit (`@portico/ui`) contract the remote was built against. */
  porticoUiContract: number;
}

/** `porticoUiContract` of shared-ui/package.json, defined at build time (scripts/rsbuild-shared.ts). */
declare const __PORTICO_UI_CONTRACT__: number;
const PORTICO_UI_CONTRACT = __PORTICO_UI_CONTRACT__;

const registeredEntries = new Map<RemoteName, string>();
const loadedModules = new Map<string, Promise<ViewModule>>();
/** Modules already arrived, so a view that was loaded before renders in the same frame. */
const readyModules = new Map<string, ViewModule>();

const moduleKey = (remote: RemoteName, module: string, entry: string) => `${remote}/${module}@${entry}`;

export function readyViewModule(remote: RemoteName, module: `./${string}`, entry: string): ViewModule | undefined {
  return readyModules.get(moduleKey(remote, module, entry));
}

/** Told each time a view module has arrived (the closed dialog's prepared view renders it then). */
const readyListeners = new Set<() => void>();

/** `useSyncExternalStore` over the modules arrived: `readyModuleCount` changes when one arrives. */
export function subscribeReadyModules(listener: () => void): () => void {
  readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}
export const readyModuleCount = () => readyModules.size;

const federationName = (remote: RemoteName) => `portico_${remote}`;

function register(federation: Federation, remote: RemoteName, entry: string, force: boolean) {
  if (!force && registeredEntries.get(remote) === entry) return;
  // `force` drops the runtime's cached (failed) container so a retry really fetches again.
  federation.registerRemotes([{ name: federationName(remote), entry }], { force: force || registeredEntries.has(remote) });
  registeredEntries.set(remote, entry);
}

function checkModule(remote: RemoteName, loaded: unknown): ViewModule {
  const candidate = loaded as Partial<ViewModule> | null | undefined;
  if (!candidate || typeof candidate.default !== 'function') {
    throw new RemoteLoadError(remote, new Error('the remote module has no default view component'));
  }
  if (candidate.porticoContract !== PORTICO_CONTRACT) {
    throw new RemoteIncompatibleError(remote, candidate.porticoContract, PORTICO_CONTRACT);
  }
  // The same refusal for another UI kit contract (its details name the shared-state contract:
  // the error takes no contract name yet).
  if (candidate.porticoUiContract !== PORTICO_UI_CONTRACT) {
    throw new RemoteIncompatibleError(remote, candidate.porticoUiContract, PORTICO_UI_CONTRACT);
  }
  return candidate as ViewModule;
}

/**
 * Loads a view module from a remote at run time, only when asked, and with it (in parallel) the UI
 * kit whose parts views render with: a module is ready once the kit's stylesheet is in the shadow
 * root too (./ui/kit.ts). Successful loads are cached; failures are not, so Retry fetches again.
 */
export function loadViewModule(
  remote: RemoteName,
  module: `./${string}`,
  entry: string,
  { retry = false } = {},
): Promise<ViewModule> {
  const key = moduleKey(remote, module, entry);
  const cached = loadedModules.get(key);
  if (cached && !retry) return cached;
  const loading = (async () => {
    const kit = loadKit().catch((error: unknown) => {
      throw new RemoteLoadError(remote, error);
    });
    // Awaited below; until then a failure of the module's own load is the one reported.
    kit.catch(() => undefined);
    let federation: Federation;
    try {
      federation = await getFederation();
    } catch (error) {
      // Standalone build: the MF runtime chunk itself could not be fetched.
      throw new RemoteLoadError(remote, error);
    }
    register(federation, remote, entry, retry);
    let loaded: unknown;
    try {
      loaded = await federation.loadRemote(`${federationName(remote)}/${module.slice(2)}`);
    } catch (error) {
      // The browser's script error says no more than "failed to load": name the hash the entry was checked against.
      const integrity = entryIntegrity(entry);
      const reason = integrity && new Error(`${entry} did not arrive or did not match its integrity hash ${integrity}`, { cause: error });
      throw new RemoteLoadError(remote, reason || error);
    }
    const viewModule = checkModule(remote, loaded);
    await kit;
    readyModules.set(key, viewModule);
    for (const listener of readyListeners) listener();
    return viewModule;
  })();
  loadedModules.set(key, loading);
  loading.catch(() => loadedModules.delete(key));
  return loading;
}

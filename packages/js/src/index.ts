/**
 * `@portico/js`: Portico for any page, framework-free. `createPortico` / `createAppKit` return an instance at once
 * and load the shell from its deployment (`cdnBase`) at run time; the shell brings the modal, its views and
 * AppKit's `<appkit-button>` elements. The deployment's own `portico-deployment.json` names its remotes, API,
 * relay and secure site, so `projectId` is the only option a site must give.
 */
import type { PorticoHostOptions } from '@portico/shell/appkit/react';
import type { PorticoInstance } from '@portico/shell/portico';
import { deferredInstance, type PorticoHandle } from './deferred-instance';
import { deploymentBase, loadShell } from './load-shell';

/** The operator's shell deployment, set when the package is packed (`PORTICO_CDN_BASE`). */
declare const __PORTICO_CDN_BASE__: string;
export const DEFAULT_CDN_BASE: string = __PORTICO_CDN_BASE__;

export interface DeploymentOption {
  /**
   * The shell's deployment: the folder its build writes (`mf/remoteEntry.js`, `portico-deployment.json`), e.g.
   * `https://cdn.example/portico/`. Default: the operator's deployment this package was packed for.
   */
  cdnBase?: string;
}

/** `createPortico`'s options: Portico's (see the shell's README), `projectId` required, the rest from the deployment. */
export type PorticoOptions = PorticoHostOptions & DeploymentOption & { projectId: string };

/** `createAppKit`'s options: AppKit's, with the adapters it names (a `WagmiAdapter` from `@portico/wagmi` is bound to the instance). */
export type CreateAppKitOptions = Record<string, unknown> & DeploymentOption & { projectId: string; adapters?: readonly unknown[] };

/** An adapter that wants the instance (`@portico/wagmi`'s `WagmiAdapter`). */
interface AttachableAdapter {
  attachPortico(instance: PorticoInstance): void;
}
const isAttachable = (adapter: unknown): adapter is AttachableAdapter =>
  typeof (adapter as Partial<AttachableAdapter> | null)?.attachPortico === 'function';

/** The instance of the last `createPortico`/`createAppKit`, for `@portico/react`'s hooks. */
let current: PorticoHandle | undefined;
const currentListeners = new Set<(handle: PorticoHandle) => void>();

/** `@portico/react`: hears each instance made from here on (and the one made already). */
export function onInstance(listener: (handle: PorticoHandle) => void): () => void {
  currentListeners.add(listener);
  if (current) listener(current);
  return () => void currentListeners.delete(listener);
}

/**
 * On a server (a Next.js render of a client component runs its module code there too) nothing loads: the instance
 * reports a fresh instance's values, as the hooks do while rendering there, and its actions never settle.
 */
const onServer = () => typeof document === 'undefined';
const NEVER = new Promise<never>(() => undefined);

function made(handle: PorticoHandle): PorticoHandle {
  current = handle;
  currentListeners.forEach((listener) => listener(handle));
  return handle;
}

/**
 * Creates Portico's modal. Returns at once; the shell loads from `cdnBase` beside the page.
 *
 * Without a `projectId` the modal still opens, with spec §8's Project ID Not Configured alert.
 * @returns The instance: its actions wait for the shell; `ready` rejects with why the shell could not load
 *   (an `InvalidOptionsError` naming an option, or the network's error).
 *
 * @example
 * const portico = createPortico({ projectId: 'my-project', networks: [mainnet] });
 * button.onclick = () => portico.open();
 */
export function createPortico(options: PorticoOptions): PorticoHandle {
  const { cdnBase = DEFAULT_CDN_BASE, ...rest } = options;
  if (onServer()) return deferredInstance(NEVER, options);
  const ready = loadShell(deploymentBase(cdnBase)).then(({ portico, deployment, withDeployment }) =>
    portico.createPortico(deployment ? withDeployment(rest as never, deployment) : rest),
  );
  return made(deferredInstance(ready, options));
}

/**
 * AppKit's `createAppKit` (`@reown/appkit`): AppKit's options over Portico, and `<appkit-button>`,
 * `<appkit-network-button>`, `<appkit-account-button>` once the shell has loaded.
 *
 * Without a `projectId` the modal still opens, with spec §8's Project ID Not Configured alert.
 *
 * @example
 * const modal = createAppKit({ adapters: [wagmiAdapter], networks: [mainnet, arbitrum], projectId, metadata });
 */
export function createAppKit(options: CreateAppKitOptions): PorticoHandle {
  const { cdnBase = DEFAULT_CDN_BASE, adapters = [], ...rest } = options;
  if (onServer()) return deferredInstance(NEVER, rest as Parameters<typeof deferredInstance>[1]);
  const ready = loadShell(deploymentBase(cdnBase)).then(({ appkit, deployment }) => {
    if (deployment) {
      const { version: _version, ...urls } = deployment;
      appkit.setPorticoHostOptions(urls);
    }
    return appkit.createAppKit(rest);
  });
  const handle = made(deferredInstance(ready, rest as Parameters<typeof deferredInstance>[1]));
  for (const adapter of adapters) if (isAttachable(adapter)) adapter.attachPortico(handle);
  return handle;
}

export type { PorticoHandle } from './deferred-instance';
export type { PorticoAccount, PorticoInstance, PorticoState } from '@portico/shell/portico';
export type { AppKitNetwork } from '@portico/shell/appkit/networks';
export { shareWithShell, type HostShared } from './load-shell';

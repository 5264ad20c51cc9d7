/**
 * Standalone build only, in the lazily loaded `mf-runtime` chunk (see ./federation-standalone.ts).
 * Creates the page's MF runtime instance for the shell as a pure consumer:
 *  - `shared` hands the remotes the shell's own, already loaded singletons (`lib: () => module`), so
 *    a remote reads exactly the jotai store and atoms the shell writes; the UI kit is the shell's own
 *    copy too, but not loaded yet: `get` fetches it through `importKit` (ui/kit.ts: the same chunk
 *    the view outlet loads with the first remote view), so this chunk does not carry it;
 *  - the remotes are built with `experiments.externalRuntime` (scripts/rsbuild-shared.ts): they take
 *    the MF runtime core from `globalThis._FEDERATION_RUNTIME_CORE`, which is provided here, as
 *    `experiments.provideExternalRuntime` does in an MF build;
 *  - a remote's entry named by the CDN manifest loads with its integrity hash (./entry-integrity.ts).
 */
import { createInstance } from '@module-federation/enhanced/runtime';
// Not a direct dependency of the shell: shell/rsbuild.config.ts aliases it to the copy that
// @module-federation/enhanced/runtime itself uses (one module, one copy).
import * as runtimeCore from '@module-federation/runtime-core';
import * as sharedState from '@portico/shared-state';
import * as jotai from 'jotai';
import React from 'react';
import ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { entryIntegrityPlugin } from './entry-integrity';
import type { Federation } from './federation';
import { importKit } from './ui/kit';

/** Versions of the shared singletons, from their package.json at build time (shell/rsbuild.config.ts). */
declare const __PORTICO_SHARED_VERSIONS__: Record<string, string>;

/** The shared singletons this chunk already holds. */
const modules: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  jotai,
  '@portico/shared-state': sharedState,
};

type CoreGlobal = { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };

export function createFederation(): Federation {
  const name = 'portico_shell_host';
  const global = globalThis as CoreGlobal;
  // A page that already provides a runtime core (another MF consumer) keeps its own.
  if (!global._FEDERATION_RUNTIME_CORE) {
    global._FEDERATION_RUNTIME_CORE = runtimeCore;
    global._FEDERATION_RUNTIME_CORE_FROM = { name, version: __PORTICO_SHARED_VERSIONS__['@module-federation/runtime-core'] ?? '' };
  }
  return createInstance({
    name,
    remotes: [],
    plugins: [entryIntegrityPlugin],
    shared: {
      ...Object.fromEntries(
        Object.entries(modules).map(([pkg, module]) => [
          pkg,
          {
            version: __PORTICO_SHARED_VERSIONS__[pkg],
            lib: () => module,
            shareConfig: { singleton: true, requiredVersion: false },
          },
        ]),
      ),
      '@portico/ui': {
        version: __PORTICO_SHARED_VERSIONS__['@portico/ui'],
        get: () => importKit().then((ui) => () => ui),
        shareConfig: { singleton: true, requiredVersion: false },
      },
    },
  });
}

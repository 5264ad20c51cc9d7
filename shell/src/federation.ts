/**
 * Where the shell's remote loader gets its Module Federation runtime — the seam between the two builds. Both give
 * it the entry integrity plugin (./entry-integrity.ts) before the first remote load.
 *
 *  - MF build (`dist/mf`, loaded by a React host that already runs MF): THIS module. The host's
 *    runtime instance is used as is: `registerRemotes`/`loadRemote` of `@module-federation/enhanced/runtime`
 *    act on the page's global federation instance. Unit tests use this module too.
 *  - standalone build (`dist/portico.js`, plain pages): `shell/rsbuild.config.ts` replaces the request
 *    `./federation` with `./federation-standalone`, which `import()`s the MF runtime on the first remote
 *    load (the idle prefetch after the page's load event, or the first open), so portico.js carries no MF runtime.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';

/** The two runtime calls the loader needs (an MF instance, or the module-level API bound to the host's). */
export interface Federation {
  registerRemotes: typeof registerRemotes;
  loadRemote: typeof loadRemote;
}

const host: Federation = { registerRemotes, loadRemote };

let pending: Promise<Federation> | undefined;

/**
 * The host's runtime, once it has the entry integrity plugin (./entry-integrity.ts): its own chunk, fetched on the
 * first remote load, so `./portico` does not carry it. A failed chunk load is not cached, so Retry fetches it again.
 */
export function getFederation(): Promise<Federation> {
  pending ??= import('./entry-integrity').then(
    ({ entryIntegrityPlugin }) => {
      registerPlugins([entryIntegrityPlugin]);
      return host;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

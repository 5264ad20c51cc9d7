// Build settings every Portico rsbuild config shares (the build contract).
// Imported by shell/, remotes/*/ and demo/ rsbuild configs and rstest configs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `porticoContract` from shared-state/package.json: the shell <-> remote contract number. */
export const PORTICO_CONTRACT: number = (() => {
  const pkg = JSON.parse(readFileSync(`${root}shared-state/package.json`, 'utf8'));
  const n = pkg.porticoContract;
  if (typeof n !== 'number') throw new Error('shared-state/package.json: porticoContract must be a number');
  return n;
})();

export const define = { __PORTICO_CONTRACT__: JSON.stringify(PORTICO_CONTRACT) };

type SharedEntry = { singleton: true; requiredVersion: false; eager?: boolean };

/** Modules shared as singletons by the shell (both builds), every remote and the demo React host. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-dom/client', 'jotai', '@portico/shared-state'] as const;

export function shared(opts: { eager?: boolean } = {}): Record<string, SharedEntry> {
  const out: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    out[name] = { singleton: true, requiredVersion: false, ...(opts.eager ? { eager: true } : {}) };
  }
  return out;
}

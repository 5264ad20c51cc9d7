/**
 * Standalone build only (replaces `./federation`, see ./federation.ts): the MF runtime is not in
 * portico.js; it arrives as the async chunk `mf-runtime` on the first remote load. A failed chunk
 * load is not cached, so Retry fetches it again.
 */
import type { Federation } from './federation';

let pending: Promise<Federation> | undefined;

export function getFederation(): Promise<Federation> {
  pending ??= import(/* webpackChunkName: "mf-runtime" */ './federation-runtime').then(
    (m) => m.createFederation(),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

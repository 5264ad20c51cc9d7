import type { Store } from 'jotai/vanilla';
import { alertAtom } from '../atoms';

/**
 * Core's API fetch: the first origin refusal (spec §8) raises the "Invalid App Configuration"
 * alert, once, whichever feature meets it. Only a 403 loads the check (the page stays small).
 */
export function alertOnOriginRefusal(store: Store): typeof fetch {
  let alerted = false;
  return async (input, init) => {
    // Resolved per call: tests and hosts may replace the global fetch after creation.
    const response = await fetch(input, init);
    if (response.status === 403 && !alerted) {
      const { isOriginRefusal, originRefusedAlert } = await import('./origin-refusal');
      if (!alerted && (await isOriginRefusal(response))) {
        alerted = true;
        store.set(alertAtom, originRefusedAlert());
      }
    }
    return response;
  };
}

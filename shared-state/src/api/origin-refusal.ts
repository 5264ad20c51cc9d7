/**
 * The Portico API refuses a browser call from an origin the project does not allow with
 * 403 `{ "error": "Unauthorized: origin not allowed" }` (spec §8). Tiny and eager: core wraps
 * its API fetch with it, so whichever feature meets the refusal first raises the alert.
 */
import type { Store } from 'jotai/vanilla';
import { alertAtom, type AlertState } from '../atoms';

export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed';

export const ORIGIN_REFUSED_ALERT: AlertState = {
  title: 'Invalid App Configuration',
  message: 'The Portico API refused this site’s origin: add it to the allowed origins in the project settings',
};

/** A 403 whose JSON `error` is ORIGIN_NOT_ALLOWED; reads a clone, so the body stays readable. */
export async function isOriginRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body = (await response.clone().json()) as { error?: unknown } | null;
    return body?.error === ORIGIN_NOT_ALLOWED;
  } catch {
    return false;
  }
}

/** A fetch that raises the Invalid App Configuration alert on the first origin refusal, once. */
export function alertOnOriginRefusal(store: Store, fetchImpl?: typeof fetch): typeof fetch {
  let alerted = false;
  return async (input, init) => {
    // Resolved per call: tests and hosts may replace the global fetch after creation.
    const response = await (fetchImpl ?? fetch)(input, init);
    if (!alerted && (await isOriginRefusal(response))) {
      alerted = true;
      store.set(alertAtom, ORIGIN_REFUSED_ALERT);
    }
    return response;
  };
}

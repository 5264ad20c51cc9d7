import type { Store } from 'jotai/vanilla';
import { fetchAllowedOrigins, type ApiContext } from '../api/client';
import { HttpRequestError } from '../api/http';
import { ORIGIN_NOT_ALLOWED, originRefusedAlert } from '../api/origin-refusal';
import { alertAtom } from '../atoms';
import { isOriginAllowed } from '../origin';

/**
 * Checks the page's origin against the project's allow-list (spec sections 5, 8). Never blocks
 * opening: the answer arrives in the background and, when the origin is not allowed or the
 * project id is unknown, raises the "Invalid App Configuration" alert.
 */
export async function checkProjectOrigin(store: Store, api: ApiContext, origin: string): Promise<boolean> {
  try {
    const allowedOrigins = await fetchAllowedOrigins(api);
    if (isOriginAllowed(origin, allowedOrigins)) return true;
    store.set(alertAtom, originRefusedAlert(origin));
    return false;
  } catch (error) {
    if (error instanceof HttpRequestError && error.status === 403) {
      if (error.details?.includes(ORIGIN_NOT_ALLOWED)) {
        store.set(alertAtom, originRefusedAlert(origin));
        return false;
      }
      store.set(alertAtom, {
        title: 'Invalid App Configuration',
        message: `Project ID ${api.projectId} is not known to the Portico API`,
      });
      return false;
    }
    // The API being down must not stop a site from working: no alert, the check simply did not run.
    return true;
  }
}

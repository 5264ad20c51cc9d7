/**
 * The Portico API refuses a browser call from an origin the project does not allow with
 * 403 `{ "error": "Unauthorized: origin not allowed" }` (spec §8). Loaded on the first 403
 * (api/origin-guard.ts) and with the HTTP client, which never retries it.
 */
import type { AlertState } from '../atoms';

export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed';

/** Spec §8's alert for an origin off the project's allow-list, whether the API or the modal found it (default: the page's origin). */
export function originRefusedAlert(origin: string | undefined = globalThis.location?.origin): AlertState {
  return {
    title: 'Invalid App Configuration',
    message: origin
      ? `Origin ${origin} not found on Allowlist - update configuration on the project settings`
      : 'This site’s origin is not on the allowlist - update configuration on the project settings',
  };
}

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

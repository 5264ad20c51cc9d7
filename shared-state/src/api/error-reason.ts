import { HttpRequestError } from './http';

/**
 * The API's own words: `{ error }` of an error reply ('Name is taken', 'Nonce expired or already used').
 * HttpRequestError details are `<url> answered N: <body>`. Imported only by lazily loaded flows.
 */
export function apiReason(error: unknown): string | undefined {
  if (!(error instanceof HttpRequestError) || !error.details) return undefined;
  try {
    const body = JSON.parse(error.details.replace(/^.*? answered \d+: /s, '')) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Browser origins against a project's allow-list (spec §5: wildcard patterns such as
 * `https://*.example.com` or `http://127.0.0.1:*`, the same reading as shared-state's
 * `isOriginAllowed`). Only the operator's list counts: a project lists no origin implicitly.
 */

function patternToRegExp(pattern: string): RegExp {
  // `*` stands for one or more characters of host labels or a port: never a `/`.
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${escaped}$`, 'i');
}

/** A serialised origin (scheme://host[:port]); `null` (sandboxed frames, file:) and anything else is not. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.toLowerCase();
  } catch {
    return false;
  }
}

export function originAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  if (!isOrigin(origin)) return false;
  return allowedOrigins.some((pattern) =>
    pattern.includes('*') ? patternToRegExp(pattern).test(origin) : pattern.toLowerCase() === origin.toLowerCase(),
  );
}

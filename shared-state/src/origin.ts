/**
 * Origins always allowed to embed Portico, whatever the project says (spec section 9, "Default
 * allowed ancestors"): local development and preview hosts.
 */
export const DEFAULT_ALLOWED_ORIGINS = [
  'http://localhost:*',
  'https://localhost:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://*.ngrok.io',
] as const;

function patternToRegExp(pattern: string): RegExp {
  // `*` stands for one or more characters of a host label or a port: never a `/`.
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${escaped}$`, 'i');
}

/** Spec section 5: the origin allow-list supports wildcard patterns (`https://*.example.com`, `http://127.0.0.1:*`). */
export function isOriginAllowed(
  origin: string,
  allowedOrigins: readonly string[],
  defaults: readonly string[] = DEFAULT_ALLOWED_ORIGINS,
): boolean {
  return [...defaults, ...allowedOrigins].some((pattern) =>
    pattern.includes('*') ? patternToRegExp(pattern).test(origin) : pattern.toLowerCase() === origin.toLowerCase(),
  );
}

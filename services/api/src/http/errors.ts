import type { z } from 'zod';

/** Thrown by handlers; turned into `{ error }` with the status by the app's error handler. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 | 502 | 503,
    message: string,
    /** 429: whole seconds until the client may try again (the `Retry-After` header). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export const UNAUTHORIZED_INVALID_KEY = 'Unauthorized: invalid key';
/** Spec §5: the server's message for a browser origin the project does not allow (the modal's "Invalid App Configuration"). */
export const UNAUTHORIZED_ORIGIN = 'Unauthorized: origin not allowed';

/** `<field>: <reason>` from the first zod issue. */
export function issueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'request: invalid';
  // Array indexes (chains.0) are dropped: the message names the parameter, the reason says which item.
  const path = issue.path.filter((k) => typeof k !== 'number').map(String);
  const field = path.length > 0 ? path.join('.') : 'request';
  return `${field}: ${issue.message}`;
}

/** Parses `input` or throws a 400 naming the field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new HttpError(400, issueMessage(r.error));
  return r.data;
}

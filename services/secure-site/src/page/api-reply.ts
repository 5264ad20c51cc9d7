/** The API's replies as the page reads them. */
import type { z } from 'zod';

/** An API reply checked against its contract: one that breaks it is a clear error naming the first issue. */
export function checkReply<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`The Portico API gave an unexpected answer${issue ? ` (${issue.path.join('.') || 'reply'}: ${issue.message})` : ''}`);
}


/**
 * Schema parts built from what the page's zod chunk already has. zod's schema module is one chunk shared by the
 * eager code and every lazy chunk, so each zod feature used anywhere in shared-state costs every page its code:
 * these replace `z.nullable` and `z.int` (the latter with its number-format tables) with a union, a custom
 * check and a refine. Likewise `z.enum([value])` stands for `z.literal(value)` and `z.gte(1)` for `z.positive()` on
 * integers.
 */
import * as z from 'zod/mini';

// zod compiles a fast parser for each object schema with `new Function` on its first parse. That costs the page
// more start-up time than it saves on the few parses an open modal makes, and a host whose CSP has no
// 'unsafe-eval' would see a violation report for it. The host options' module imports this one, so the switch is
// made before the page's first parse (`createPortico` parses the options first).
z.config({ jitless: true });

const nullValue = z.custom<null>((value) => value === null, 'must be null');

/** `schema` or null, as `z.nullable(schema)` checks it. */
export const orNull = <T extends z.ZodMiniType>(schema: T) => z.union([schema, nullValue]);

/** A safe integer, as `z.int()` checks it: `z.number().check(safeInteger)`. */
export const safeInteger = z.refine<number>((value) => Number.isSafeInteger(value), 'must be an integer');

/**
 * A URL with one of the given protocols, so never `javascript:` or `data:` (a refine over the platform's URL
 * parser keeps zod small). Host options and the frame protocol's URL fields.
 */
export function urlWith(protocols: readonly string[], message: string) {
  return z.string().check(
    z.refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, message),
  );
}

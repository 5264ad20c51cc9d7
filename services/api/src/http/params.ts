import { z } from 'zod';

/** A decimal integer query parameter within [min, max]. */
export function intParam(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A comma-separated list; empty items are dropped. */
export function csvParam(item: z.ZodType<string, string>, maxItems: number, what: string) {
  return z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(item).max(maxItems, `at most ${maxItems} ${what}`));
}

/** CAIP-2 chain id: namespace (3-8 of [-a-z0-9]) ':' reference (1-32 of [-_a-zA-Z0-9]). */
export const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
export const caip2 = z
  .string()
  .regex(CAIP2, { error: (i) => `'${String(i.input).slice(0, 64)}' is not a CAIP-2 chain id (e.g. eip155:1)` });

export const walletId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: (i) => `'${String(i.input).slice(0, 64)}' is not a wallet id` });

/** An optional query parameter; an empty value (`?cursor=`) counts as absent. */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

/** The page's RPC params: the shared zod pieces and the -32602 error naming the method and the bad field. */
import { z } from 'zod';

/** A call's bad params: the message names the method and what is wrong. */
export class InvalidParamsError extends Error {
  readonly code = -32602;
}

export const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address');
export const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity')
  .transform((v) => BigInt(v));
export const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes');

export function parseParams<S extends z.ZodType>(method: string, schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidParamsError(`${method}: params${issue?.path.length ? `.${issue.path.join('.')}` : ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Refuses an address the request names that is not the active account (compared case-insensitively). */
export function assertOwn(active: { address: string }, method: string, claimed: string | undefined) {
  if (claimed !== undefined && claimed.toLowerCase() !== active.address.toLowerCase()) {
    throw new InvalidParamsError(`${method}: ${claimed} is not this wallet's address`);
  }
}

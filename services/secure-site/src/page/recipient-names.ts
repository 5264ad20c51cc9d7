/**
 * Names for the addresses an approval screen shows (where funds or allowances go), from the Portico API's identity
 * route `GET /v1/identity/:address?chainId=eip155:<id>` (its registered names, else the chain's ENS reverse record).
 * The screen prints a name only beside the full address, so a name never replaces what is checked; anything short of
 * a clean answer within `NAME_LOOKUP_TIMEOUT_MS` (an error, a slow or odd reply, a name off the rules) gives no
 * name, and the screen shows the address alone.
 */
import type { Address } from 'viem';
import { z } from 'zod';

/** The screen waits at most this long for a name (the API's ENS lookups can be slow). */
export const NAME_LOOKUP_TIMEOUT_MS = 3_000;
export const MAX_NAME_CHARS = 100;

/** The name for an address on a chain, or undefined; never throws. */
export type LookupName = (address: Address, chainId: number) => Promise<string | undefined>;

/**
 * A name fit to print beside an address: no control or format characters (bidi overrides, zero-width), no spaces or
 * brackets (a name could otherwise draw its own "name (0x…)"), and nothing that reads as a 0x address.
 */
export const recipientNameSchema = z
  .string()
  .regex(new RegExp(`^[^\\p{C}\\p{Z}()\\[\\]]{1,${MAX_NAME_CHARS}}$`, 'u'))
  .refine((name) => !/0x[0-9a-f]{4}/i.test(name), 'must not look like an address');

const identityReply = z.object({ name: recipientNameSchema.nullable() });

export function createNameLookup(deps: { apiUrl: string; projectId: string; fetch: typeof fetch; timeoutMs?: number }): LookupName {
  const timeoutMs = deps.timeoutMs ?? NAME_LOOKUP_TIMEOUT_MS;
  async function lookUp(address: Address, chainId: number, signal: AbortSignal): Promise<string | undefined> {
    const query = new URLSearchParams({ chainId: `eip155:${chainId}`, projectId: deps.projectId });
    try {
      const res = await deps.fetch(`${deps.apiUrl}/v1/identity/${encodeURIComponent(address)}?${query}`, { signal });
      if (!res.ok) return undefined;
      const reply = identityReply.safeParse(await res.json());
      return reply.success ? (reply.data.name ?? undefined) : undefined;
    } catch {
      return undefined;
    }
  }
  return (address, chainId) => {
    const signal = AbortSignal.timeout(timeoutMs);
    // Settles at the deadline even if the fetch or its body ignores the abort.
    const deadline = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
    return Promise.race([lookUp(address, chainId, signal), deadline]);
  };
}

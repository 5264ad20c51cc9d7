import * as z from 'zod/mini';
import { recordOf } from '../storage';
import { PorticoError } from '../errors';
import { NAME_ZONE } from '../names';
import { apiUrl, type ApiContext } from './client';
import { apiReason } from './error-reason';
import { HttpRequestError, requestJson } from './http';

/** Spec section 8, internal errors of the name service. */
export class NameServiceError extends PorticoError {
  override name = 'NameServiceError';
  /** The API's own reason (e.g. 'Name is taken'), when it gave one. */
  readonly reason?: string;
  readonly status?: number;
  constructor(shortMessage: string, cause?: unknown) {
    const reason = apiReason(cause);
    super(shortMessage, { cause, details: reason ?? (cause instanceof Error ? cause.message : undefined) });
    this.reason = reason;
    this.status = cause instanceof HttpRequestError ? cause.status : undefined;
  }
}

const profileSchema = z.object({
  name: z.string(),
  addresses: recordOf(z.object({ address: z.string() })),
  attributes: z.optional(recordOf(z.string())),
  registeredAt: z.optional(z.string()),
});
export type NameProfile = z.infer<typeof profileSchema>;

const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
});

/** GET /v1/profile/account/{name}?apiVersion=2 → the profile, or undefined when nobody holds the name. */
export async function fetchNameProfile(context: ApiContext, name: string): Promise<NameProfile | undefined> {
  try {
    return await requestJson({
      url: apiUrl(context, `v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: 2 }),
      schema: profileSchema,
      fetch: context.fetch,
    });
  } catch (error) {
    if (error instanceof HttpRequestError && error.status === 404) return undefined;
    throw new NameServiceError('Error resolving name', error);
  }
}

/** GET /v1/profile/reverse/{address}?sender&apiVersion=2 → the address's names, newest first. */
export async function fetchNamesForAddress(context: ApiContext, address: string): Promise<NameProfile[]> {
  try {
    return await requestJson({
      url: apiUrl(context, `v1/profile/reverse/${address}`, { sender: address, apiVersion: 2 }),
      schema: z.array(profileSchema),
      fetch: context.fetch,
    });
  } catch (error) {
    throw new NameServiceError('Error fetching names for address', error);
  }
}

/** GET /v1/profile/suggestions/{name}?zone=portico.eth */
export async function fetchNameSuggestions(context: ApiContext, label: string, signal?: AbortSignal) {
  try {
    const reply = await requestJson({
      url: apiUrl(context, `v1/profile/suggestions/${encodeURIComponent(label)}`, { zone: NAME_ZONE }),
      schema: suggestionsSchema,
      fetch: context.fetch,
      signal,
    });
    return reply.suggestions;
  } catch (error) {
    throw new NameServiceError('Error fetching name suggestions', error);
  }
}

export interface NameRegistration {
  coin_type: number;
  address: string;
  /** JSON text `{ name, attributes, timestamp (seconds), chainId, coinType }`, exactly as signed; coinType = coin_type. */
  message: string;
  signature: string;
}

/** POST /v1/profile/account; a failure carries the API's reason ('Name is taken', the rule broken…). */
export async function registerName(context: ApiContext, registration: NameRegistration, name: string): Promise<NameProfile> {
  try {
    return await requestJson({
      url: apiUrl(context, 'v1/profile/account'),
      method: 'POST',
      body: registration,
      schema: profileSchema,
      fetch: context.fetch,
    });
  } catch (error) {
    throw new NameServiceError(`Error registering name ${name}`, error);
  }
}

import * as z from 'zod/mini';
import { SDK_TYPE, SDK_VERSION } from '../constants';
import { requestJson } from './http';

/** Where the Portico API lives and who is asking; every call carries projectId, st and sv. */
export interface ApiContext {
  apiUrl: string;
  projectId: string;
  fetch?: typeof fetch;
}

export function apiUrl(context: ApiContext, path: string, params: Record<string, string | number | undefined> = {}): string {
  const url = new URL(path, context.apiUrl.endsWith('/') ? context.apiUrl : `${context.apiUrl}/`);
  url.searchParams.set('projectId', context.projectId);
  url.searchParams.set('st', SDK_TYPE);
  url.searchParams.set('sv', SDK_VERSION);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

const allowedOriginsSchema = z.object({ allowedOrigins: z.array(z.string()) });

export async function fetchAllowedOrigins(context: ApiContext): Promise<string[]> {
  const reply = await requestJson({
    url: apiUrl(context, `v1/projects/${encodeURIComponent(context.projectId)}/allowed-origins`),
    schema: allowedOriginsSchema,
    fetch: context.fetch,
  });
  return reply.allowedOrigins;
}

import { startApi, type RunningApi, type StartApiOptions } from '../src/server';

export const PROJECT = 'portico-demo';

export async function start(options: StartApiOptions = {}): Promise<RunningApi> {
  return startApi({ port: 0, logLevel: 'warn', ...options });
}

export interface WalletsBody {
  count: number;
  data: {
    id: string;
    name: string;
    image_id: string;
    image_url: string;
    chains: string[];
    badge_type: string;
    order: number | null;
    injected: { namespace: string; injected_id: string }[] | null;
    [k: string]: unknown;
  }[];
}

export async function getJson<T = any>(url: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }> {
  const res = await fetch(url, init);
  const body = (await res.json()) as T;
  return { status: res.status, body, res };
}

export function walletsUrl(api: RunningApi, params: Record<string, string> = {}) {
  const u = new URL('/v1/wallets', api.url);
  u.searchParams.set('projectId', PROJECT);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

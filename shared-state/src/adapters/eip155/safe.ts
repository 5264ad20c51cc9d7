/**
 * The Safe connector (spec §3 connector id `safe`): the page is open as a Safe App inside the Safe web app, whose
 * Safe account is then the wallet. Safe's own SDK and provider speak to the Safe through postMessage with the parent
 * frame. Only a parent on one of the host's Safe origins (`safeAppOrigins`, exact origins) is ever spoken to: the SDK
 * posts its requests to '*', so the parent's origin is checked before the first request, and the SDK checks it again
 * on every answer. Ordinary pages load none of it.
 */
import * as z from 'zod/mini';
import { CONNECTOR_IDS } from '../../constants';
import { safeInteger } from '../../zod-parts';
import type { Connector } from '../types';
import type { Eip1193Provider } from './discovery';

/** How long the parent has to answer `getSafeInfo` before the page is taken not to be in a Safe. */
export const SAFE_INFO_TIMEOUT_MS = 1_000;

export interface SafeSettings {
  /** The parent frame's origin, one of the host's `safeAppOrigins` (default SAFE_APP_ORIGINS, constants.ts). */
  parentOrigin: string;
  /** The connector's logo (served by the API). */
  imageUrl?: string;
}

/** What the Safe answers about itself: only its account and chain are used. */
const safeInfoSchema = z.looseObject({
  safeAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')),
  chainId: z.number().check(safeInteger, z.gte(1)),
});

export function safeConnector(settings: SafeSettings): Connector {
  return {
    id: CONNECTOR_IDS.safe,
    name: 'Safe',
    type: 'INJECTED',
    chain: 'eip155',
    installed: true,
    ...(settings.imageUrl && { imageUrl: settings.imageUrl }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Asks the parent frame for its Safe; the Safe's provider, or undefined when no Safe answers within
 * SAFE_INFO_TIMEOUT_MS or its answer is not a Safe's. The page already holds the Safe's account (the Safe opened
 * it), so asking for accounts asks nothing of the person.
 */
export async function detectSafe({ parentOrigin }: SafeSettings, timeoutMs = SAFE_INFO_TIMEOUT_MS): Promise<Eip1193Provider | undefined> {
  const [{ default: SafeAppsSDK }, { SafeAppProvider }] = await Promise.all([import('@safe-global/safe-apps-sdk'), import('@safe-global/safe-apps-provider')]);
  const sdk = new SafeAppsSDK({ allowedDomains: [new RegExp(`^${escapeRegExp(parentOrigin)}$`)] });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const info = await Promise.race([
    sdk.safe.getInfo().catch(() => undefined),
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  const safe = safeInfoSchema.safeParse(info);
  if (!safe.success) return undefined;
  const provider = new SafeAppProvider(info as ConstructorParameters<typeof SafeAppProvider>[0], sdk);
  return {
    request: ({ method, params }) => provider.request({ method: method === 'eth_requestAccounts' ? 'eth_accounts' : method, params: params as never }),
    on: (event, listener) => provider.on(event, listener),
    removeListener: (event, listener) => provider.removeListener(event, listener),
  };
}

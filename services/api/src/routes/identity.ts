/**
 * GET /v1/identity/:address?chainId=&sender= → { name, avatar }: the newest entry of the `names`
 * table for the address (on that chain or on every chain), else the chain's ENS reverse record
 * when the chain config names an ENS Universal Resolver (cached 5 min), else nulls.
 */
import { Hono } from 'hono';
import { createPublicClient, http, type Address } from 'viem';
import type { AppEnv } from '../app';
import type { ChainEntry } from '../chains/runtime';
import { chainNumber } from '../chains/config';
import { z } from 'zod';
import { addressParams, evmAddress, requireChain } from '../http/chain';
import { optionalParam } from '../http/params';
import { endpoint } from '../http/validate';

const ENS_CACHE_MS = 5 * 60_000;

export function identityRoutes() {
  const app = new Hono<AppEnv>();
  const ensCache = new Map<string, { at: number; value: { name: string | null; avatar: string | null } }>();

  const identityQuery = z.object({ sender: optionalParam(evmAddress), chainId: optionalParam(z.string()) });

  app.get('/v1/identity/:address', endpoint({ params: addressParams, query: identityQuery }, async (c, { params: { address }, query }) => {
    const { db, chains } = c.var.ctx;
    const entry = query.chainId ? requireChain(chains, query.chainId) : undefined;

    const { rows } = await db.query<{ name: string; avatar: string | null }>(
      `SELECT name, avatar FROM names WHERE lower(address) = $1 AND (chain_id IS NULL OR $2::text IS NULL OR chain_id = $2)
       ORDER BY updated_at DESC, name LIMIT 1`,
      [address.toLowerCase(), entry?.config.caipNetworkId ?? null],
    );
    if (rows[0]) return c.json({ name: rows[0].name, avatar: rows[0].avatar ?? null });
    if (entry?.config.ensUniversalResolver) {
      const key = `${entry.config.caipNetworkId}|${address}`;
      const hit = ensCache.get(key);
      if (hit && Date.now() - hit.at < ENS_CACHE_MS) return c.json(hit.value);
      const value = await ensIdentity(entry, address, chains.rpcTimeoutMs).catch(() => null);
      if (value) {
        ensCache.set(key, { at: Date.now(), value });
        return c.json(value);
      }
    }
    return c.json({ name: null, avatar: null });
  }));

  return app;
}

async function ensIdentity(entry: ChainEntry, address: Address, timeout: number) {
  const client = createPublicClient({
    chain: {
      id: chainNumber(entry.config),
      name: entry.config.name,
      nativeCurrency: entry.config.nativeCurrency,
      rpcUrls: { default: { http: [entry.config.rpcUrl] } },
    },
    transport: http(entry.config.rpcUrl, { timeout, retryCount: 0 }),
  });
  const universalResolverAddress = entry.config.ensUniversalResolver!;
  const name = await client.getEnsName({ address, universalResolverAddress });
  if (!name) return { name: null, avatar: null };
  const avatar = await client.getEnsText({ name, key: 'avatar', universalResolverAddress }).catch(() => null);
  return { name, avatar: avatar && /^(https?:|data:image\/)/i.test(avatar) ? avatar : null };
}

/**
 * Contract info (name / symbol / decimals) and NFT metadata (tokenURI / uri), read from the chain
 * once and cached in `token_contracts` / `nft_metadata`. Configured tokens never hit the chain.
 * NFT metadata: see metadata-fetch.ts (data: decoded, http(s) from public addresses only unless
 * the operator opts in); anything else (ipfs:, hosts not allowed) is stored as 'skipped'. Errors are
 * retried after 10 min.
 */
import { decodeAbiParameters, decodeFunctionResult, encodeFunctionData, erc1155Abi, erc20Abi, erc721Abi, type Hex } from 'viem';
import { fetchMetadata, mapLimit, METADATA_FETCH_CONCURRENCY } from './metadata-fetch';
import type { ChainEntry, ChainRuntime } from './runtime';


export interface ContractInfo {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

const RETRY_ERRORS_MS = 10 * 60_000;

/** The string that ERC-20 name/symbol, ERC-721 tokenURI and ERC-1155 uri all return (calls encoded with viem's erc20Abi, erc721Abi, erc1155Abi). */
function decodeString(data: unknown): string | null {
  if (typeof data !== 'string' || data === '0x') return null;
  try {
    return decodeAbiParameters([{ type: 'string' }], data as Hex)[0];
  } catch {
    return null;
  }
}

/** name/symbol/decimals for lower-case contract addresses (config → table → chain). */
export async function contractInfo(rt: ChainRuntime, entry: ChainEntry, addresses: string[]): Promise<Map<string, ContractInfo>> {
  const out = new Map<string, ContractInfo>();
  const chainId = entry.config.caipNetworkId;
  for (const t of entry.config.tokens) {
    const a = t.address.toLowerCase();
    if (addresses.includes(a)) out.set(a, { name: t.name, symbol: t.symbol, decimals: t.decimals });
  }
  let missing = [...new Set(addresses)].filter((a) => !out.has(a));
  if (missing.length === 0) return out;
  const { rows } = await rt.db.query<{ address: string; name: string | null; symbol: string | null; decimals: number | null }>(
    'SELECT address, name, symbol, decimals FROM token_contracts WHERE chain_id = $1 AND address = ANY($2::text[])',
    [chainId, missing],
  );
  for (const r of rows) out.set(r.address, { name: r.name, symbol: r.symbol, decimals: r.decimals });
  missing = missing.filter((a) => !out.has(a));
  if (missing.length === 0) return out;
  try {
    const calls = missing.flatMap((a) =>
      (['name', 'symbol', 'decimals'] as const).map((fn) => ({ method: 'eth_call', params: [{ to: a, data: encodeFunctionData({ abi: erc20Abi, functionName: fn }) }, 'latest'] })),
    );
    const res = await entry.rpc.batch(calls);
    const fetched = missing.map((a, i) => {
      const [n, s, d] = res.slice(i * 3, i * 3 + 3).map((o) => ('result' in o ? o.result : null));
      let decimals: number | null = null;
      if (typeof d === 'string' && d.length >= 66) {
        try {
          decimals = Number(decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: d as Hex }));
        } catch {
          decimals = null;
        }
      }
      return { address: a, name: decodeString(n), symbol: decodeString(s), decimals };
    });
    await rt.db.query(
      `INSERT INTO token_contracts (chain_id, address, name, symbol, decimals)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) ON CONFLICT DO NOTHING`,
      [chainId, fetched.map((f) => f.address), fetched.map((f) => f.name), fetched.map((f) => f.symbol), fetched.map((f) => f.decimals)],
    );
    for (const f of fetched) out.set(f.address, { name: f.name, symbol: f.symbol, decimals: f.decimals });
  } catch (err) {
    rt.log.debug('contract info unavailable', { chainId, error: String(err) });
    for (const a of missing) out.set(a, { name: null, symbol: null, decimals: null });
  }
  return out;
}

export interface NftRef {
  contract: string; // lower-case
  tokenId: string; // decimal
  standard: 'erc721' | 'erc1155';
}
export interface NftMeta {
  name: string | null;
  imageUrl: string | null;
}

const key = (r: { contract: string; tokenId: string }) => `${r.contract}|${r.tokenId}`;

/** Metadata for NFTs, from the cache or the chain (and the URI it names). */
export async function nftMetadata(rt: ChainRuntime, entry: ChainEntry, refs: NftRef[]): Promise<Map<string, NftMeta>> {
  const out = new Map<string, NftMeta>();
  const chainId = entry.config.caipNetworkId;
  const unique = [...new Map(refs.map((r) => [key(r), r])).values()];
  if (unique.length === 0) return out;
  const { rows } = await rt.db.query<{ contract: string; token_id: string; name: string | null; image_url: string | null; status: string; fetched_at: string | Date }>(
    `SELECT contract, token_id::text AS token_id, name, image_url, status, fetched_at FROM nft_metadata
     WHERE chain_id = $1 AND (contract, token_id) IN (SELECT * FROM unnest($2::text[], $3::numeric[]))`,
    [chainId, unique.map((r) => r.contract), unique.map((r) => r.tokenId)],
  );
  const fresh = new Set<string>();
  for (const r of rows) {
    out.set(key({ contract: r.contract, tokenId: r.token_id }), { name: r.name, imageUrl: r.image_url });
    if (r.status !== 'error' || Date.now() - new Date(r.fetched_at).getTime() < RETRY_ERRORS_MS) fresh.add(key({ contract: r.contract, tokenId: r.token_id }));
  }
  const todo = unique.filter((r) => !fresh.has(key(r)));
  if (todo.length === 0) return out;
  let uris: (string | null)[];
  try {
    const res = await entry.rpc.batch(
      todo.map((r) => {
        const data =
          r.standard === 'erc721'
            ? encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [BigInt(r.tokenId)] })
            : encodeFunctionData({ abi: erc1155Abi, functionName: 'uri', args: [BigInt(r.tokenId)] });
        return { method: 'eth_call', params: [{ to: r.contract, data }, 'latest'] };
      }),
    );
    uris = res.map((o, i) => ('result' in o ? decodeString(o.result) : null));
  } catch (err) {
    rt.log.debug('nft metadata: node unavailable', { chainId, error: String(err) });
    return out; // not cached: try again next time
  }
  const results = await mapLimit(todo, METADATA_FETCH_CONCURRENCY, async (r, i) => {
    let uri = uris[i];
    if (!uri) return { ref: r, status: 'error', error: 'no token URI', name: null, imageUrl: null };
    if (r.standard === 'erc1155') uri = uri.replace(/\{id\}/g, BigInt(r.tokenId).toString(16).padStart(64, '0'));
    try {
      const json = await fetchMetadata(uri, rt.nftMetadata);
      if (json === null) return { ref: r, status: 'skipped', error: 'host not allowed', name: null, imageUrl: null };
      return { ref: r, status: 'ok', error: null, ...pickMeta(json) };
    } catch (err) {
      return { ref: r, status: 'error', error: String((err as Error)?.message ?? err).slice(0, 200), name: null, imageUrl: null };
    }
  });
  await rt.db.query(
    `INSERT INTO nft_metadata (chain_id, contract, token_id, name, image_url, status, error, fetched_at)
     SELECT $1, c, t, n, i, s, e, now() FROM unnest($2::text[], $3::numeric[], $4::text[], $5::text[], $6::text[], $7::text[]) AS u(c, t, n, i, s, e)
     ON CONFLICT (chain_id, contract, token_id) DO UPDATE SET name = EXCLUDED.name, image_url = EXCLUDED.image_url,
       status = EXCLUDED.status, error = EXCLUDED.error, fetched_at = now()`,
    [chainId, results.map((x) => x.ref.contract), results.map((x) => x.ref.tokenId), results.map((x) => x.name), results.map((x) => x.imageUrl),
      results.map((x) => x.status), results.map((x) => x.error)],
  );
  for (const x of results) out.set(key(x.ref), { name: x.name, imageUrl: x.imageUrl });
  return out;
}

export const nftKey = key;

function pickMeta(json: unknown): NftMeta {
  if (typeof json !== 'object' || json === null) return { name: null, imageUrl: null };
  const j = json as Record<string, unknown>;
  const name = typeof j.name === 'string' ? j.name.slice(0, 256) : null;
  let image = [j.image, j.image_url, j.imageUrl].find((v): v is string => typeof v === 'string' && /^(https?:|data:image\/)/i.test(v)) ?? null;
  if (!image && typeof j.image_data === 'string' && j.image_data.trimStart().startsWith('<svg')) {
    image = `data:image/svg+xml;base64,${Buffer.from(j.image_data).toString('base64')}`;
  }
  return { name, imageUrl: image };
}

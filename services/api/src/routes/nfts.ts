/**
 * GET /v1/account/:address/nfts?chainId= — ERC-721 tokens whose latest indexed transfer went to
 * the account and ERC-1155 tokens with a positive indexed balance, with tokenURI/uri metadata.
 */
import { Hono } from 'hono';
import { getAddress } from 'viem';
import type { AppEnv } from '../app';
import { contractInfo, nftKey, nftMetadata, type NftRef } from '../chains/metadata';
import { z } from 'zod';
import { addressParams, requireChain } from '../http/chain';
import { endpoint } from '../http/validate';

export const MAX_NFTS = 1000;

export function nftRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/account/:address/nfts', endpoint({ params: addressParams, query: z.object({ chainId: z.string().optional() }) }, async (c, { params, query }) => {
    const { db, chains } = c.var.ctx;
    const account = params.address.toLowerCase();
    const entry = requireChain(chains, query.chainId);
    const chainId = entry.config.caipNetworkId;

    const { rows } = await db.query<{ contract: string; token_id: string; standard: 'erc721' | 'erc1155'; amount: string }>(
      `WITH touched AS (
         SELECT DISTINCT contract, token_id FROM chain_transfers
         WHERE chain_id = $1 AND standard = 'erc721' AND (to_address = $2 OR from_address = $2)
       ), latest AS (
         SELECT DISTINCT ON (t.contract, t.token_id) t.contract, t.token_id, t.to_address
         FROM chain_transfers t JOIN touched USING (contract, token_id)
         WHERE t.chain_id = $1 AND t.standard = 'erc721'
         ORDER BY t.contract, t.token_id, t.block_number DESC, t.tx_index DESC, t.log_index DESC
       )
       SELECT contract, token_id::text AS token_id, 'erc721' AS standard, '1' AS amount FROM latest WHERE to_address = $2
       UNION ALL
       SELECT contract, token_id::text, 'erc1155', (SUM(CASE WHEN to_address = $2 THEN amount ELSE 0 END)
                                                  - SUM(CASE WHEN from_address = $2 THEN amount ELSE 0 END))::text
       FROM chain_transfers WHERE chain_id = $1 AND standard = 'erc1155' AND (to_address = $2 OR from_address = $2)
       GROUP BY contract, token_id
       HAVING SUM(CASE WHEN to_address = $2 THEN amount ELSE 0 END) > SUM(CASE WHEN from_address = $2 THEN amount ELSE 0 END)
       ORDER BY 1, 2
       LIMIT ${MAX_NFTS}`,
      [chainId, account],
    );
    const refs: NftRef[] = rows.map((r) => ({ contract: r.contract, tokenId: r.token_id, standard: r.standard }));
    const [info, metas, spam] = await Promise.all([
      contractInfo(chains, entry, [...new Set(rows.map((r) => r.contract))]),
      nftMetadata(chains, entry, refs),
      chains.spamSet(entry),
    ]);
    rows.sort((a, b) => (a.contract === b.contract ? (BigInt(a.token_id) < BigInt(b.token_id) ? -1 : 1) : a.contract < b.contract ? -1 : 1));
    return c.json({
      data: rows.map((r) => {
        const meta = metas.get(nftKey({ contract: r.contract, tokenId: r.token_id }));
        const collection = info.get(r.contract)?.name ?? null;
        return {
          contract: `${chainId}:${getAddress(r.contract)}`,
          tokenId: r.token_id,
          standard: r.standard,
          amount: r.amount,
          name: meta?.name ?? `${collection ?? 'NFT'} #${r.token_id}`,
          collection,
          imageUrl: meta?.imageUrl ?? null,
          isSpam: spam.has(r.contract),
        };
      }),
    });
  }));

  return app;
}

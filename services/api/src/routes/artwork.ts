/**
 * Network, connector and token artwork (spec §7 "network, connector, currency and token images"), from the
 * committed artwork (src/artwork/library.ts). Public, as an <img> sends no project id. The URLs name a thing,
 * not bytes: a day's cache, then the ETag revalidates.
 *
 * - GET /v1/network-images/:imageId — the CAIP-2 id with its ':' written '-' (shared-state's `networkImageId`).
 *   A chain this API serves without artwork of its own (a local devchain, the local Solana) shows its native
 *   currency's icon; an unknown network is a 404, and the modal falls back to its own placeholder.
 * - GET /v1/connector-images/:connectorId — `walletConnect`.
 * - GET /v1/token-images/:symbol — the token's icon, else a coin-shaped monogram of the symbol.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { picture, type ArtworkLibrary, type Picture } from '../artwork/library';
import type { ChainRuntime } from '../chains/runtime';
import { HttpError } from '../http/errors';
import { CACHE_ONE_DAY, imageResponse } from '../http/images';
import { endpoint } from '../http/validate';
import { tokenIconSvg } from '../seed/icons';

/** A token's icon, or its monogram. */
export function tokenPicture(artwork: ArtworkLibrary, symbol: string): Picture {
  return artwork.token(symbol) ?? picture(Buffer.from(tokenIconSvg(symbol), 'utf8'), 'image/svg+xml');
}

/** A network's icon; a chain served here without one has its native currency's. */
export function networkPicture(artwork: ArtworkLibrary, chains: ChainRuntime, caipNetworkId: string): Picture | undefined {
  const served = chains.get(caipNetworkId) ?? chains.getSolana(caipNetworkId);
  return artwork.network(caipNetworkId) ?? (served && tokenPicture(artwork, served.config.nativeCurrency.symbol));
}

// Real namespaces have no '-' (CAIP-2 allows it; none uses it), so the first '-' is the ':'.
const networkImageParams = z.object({
  imageId: z.string().regex(/^[a-z0-9]{3,8}-[-_a-zA-Z0-9]{1,32}$/, "must be a CAIP-2 network id with '-' for ':' (eip155-1)"),
});
const connectorImageParams = z.object({ connectorId: z.string().regex(/^[A-Za-z]{1,32}$/, 'must be a connector id') });
const tokenImageParams = z.object({ symbol: z.string().regex(/^[\p{L}\p{N} ._-]{1,32}$/u, 'must be a token symbol') });

export function artworkRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/network-images/:imageId', endpoint({ project: 'none', params: networkImageParams }, (c, { params: { imageId } }) => {
    const found = networkPicture(c.var.ctx.artwork, c.var.ctx.chains, imageId.replace('-', ':'));
    if (!found) throw new HttpError(404, 'imageId: not found');
    return imageResponse(c, found, CACHE_ONE_DAY);
  }));

  app.get('/v1/connector-images/:connectorId', endpoint({ project: 'none', params: connectorImageParams }, (c, { params: { connectorId } }) => {
    const found = c.var.ctx.artwork.connector(connectorId);
    if (!found) throw new HttpError(404, 'connectorId: not found');
    return imageResponse(c, found, CACHE_ONE_DAY);
  }));

  app.get('/v1/token-images/:symbol', endpoint({ project: 'none', params: tokenImageParams }, (c, { params: { symbol } }) =>
    imageResponse(c, tokenPicture(c.var.ctx.artwork, symbol), CACHE_ONE_DAY),
  ));

  return app;
}

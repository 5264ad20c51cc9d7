/**
 * Where the modal's artwork lives (spec §7 "GET wallet, network, connector, currency and token images by
 * id"): URLs on the Portico API, so a self-hosted deployment serves its own files and the browser caches
 * them (the API marks them immutable). Views build image URLs only through these helpers.
 */

/** A network's image id: its CAIP-2 id with ':' written as '-' ("eip155-1", "solana-5eykt…"), URL-safe. */
export function networkImageId(caipNetworkId: string): string {
  return caipNetworkId.replace(':', '-');
}

/** The network's icon on the API, or undefined without an API. */
export function networkImageUrl(apiUrl: string | undefined, caipNetworkId: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/network-images/${networkImageId(caipNetworkId)}`;
}

/** A token's icon by symbol (the API draws a distinct monogram for a symbol it has no artwork for). */
export function tokenImageUrl(apiUrl: string | undefined, symbol: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/token-images/${encodeURIComponent(symbol)}`;
}

/** A connector's logo on the API (`walletConnect`), or undefined without an API. */
export function connectorImageUrl(apiUrl: string | undefined, connectorId: string): string | undefined {
  return apiUrl === undefined ? undefined : `${apiUrl.replace(/\/$/, '')}/v1/connector-images/${encodeURIComponent(connectorId)}`;
}

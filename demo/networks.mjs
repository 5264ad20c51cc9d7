// The demo's networks as Portico network options: its local EVM chains (anvil) and the local SVM
// (services/solana-rpc). Shared by demo/server.mjs and e2e's fixtures, so both describe a local chain one way.
// Local chains are marked testnet: no identity lookups, no registry chain filter.

/** How long the demo waits for the Solana node to say its genesis hash before it gives up starting. */
export const SOLANA_GENESIS_TIMEOUT_MS = 5000;

/**
 * @param {{ rpcUrl: string, chainId: number, name: string }} chain
 */
export function evmNetwork({ rpcUrl, chainId, name }) {
  return {
    id: chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  };
}

/**
 * @param {{ rpcUrl: string, caipNetworkId: string, name: string }} chain
 *   caipNetworkId: `solana:` and the chain's genesis hash's first 32 characters (CAIP-30).
 */
export function solanaNetwork({ rpcUrl, caipNetworkId, name }) {
  return {
    id: caipNetworkId.slice('solana:'.length),
    name,
    chainNamespace: 'solana',
    caipNetworkId,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  };
}

const BASE58_HASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** The CAIP-2 id of the Solana chain behind `rpcUrl`, from its genesis hash (getGenesisHash). */
export async function solanaCaipNetworkId(rpcUrl, timeoutMs = SOLANA_GENESIS_TIMEOUT_MS) {
  let result;
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    ({ result } = await response.json());
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error);
    throw new Error(`the Solana node at ${rpcUrl} did not give its genesis hash (${why})`, { cause: error });
  }
  if (typeof result !== 'string' || !BASE58_HASH.test(result)) throw new Error(`${rpcUrl} answered getGenesisHash with ${JSON.stringify(result)}`);
  return `solana:${result.slice(0, 32)}`;
}

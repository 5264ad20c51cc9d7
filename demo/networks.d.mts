// Types of networks.mjs for its TypeScript importers (e2e's fixtures).

export declare const SOLANA_GENESIS_TIMEOUT_MS: number;

export interface EvmNetwork {
  id: number;
  name: string;
  nativeCurrency: { name: 'Ether'; symbol: 'ETH'; decimals: 18 };
  rpcUrls: { default: { http: [string] } };
  testnet: true;
}

export interface SolanaNetwork {
  id: string;
  name: string;
  chainNamespace: 'solana';
  caipNetworkId: string;
  nativeCurrency: { name: 'Solana'; symbol: 'SOL'; decimals: 9 };
  rpcUrls: { default: { http: [string] } };
  testnet: true;
}

export declare function evmNetwork(chain: { rpcUrl: string; chainId: number; name: string }): EvmNetwork;
export declare function solanaNetwork(chain: { rpcUrl: string; caipNetworkId: string; name: string }): SolanaNetwork;
export declare function solanaCaipNetworkId(rpcUrl: string, timeoutMs?: number): Promise<string>;

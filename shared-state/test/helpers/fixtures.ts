/** Shared test fixtures: a minimal valid host config and networks. */
export const anvil = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Local', url: 'https://explorer.example/' } },
};

export const mainnet = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example'] } },
};

export function minimalOptions(overrides: Record<string, unknown> = {}) {
  return {
    projectId: 'test-project',
    metadata: { name: 'Test dapp', description: 'A test', url: 'https://dapp.example', icons: [] },
    networks: [anvil],
    ...overrides,
  };
}

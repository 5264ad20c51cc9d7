import { createMemoryStorage, createPorticoCore, type PorticoCore } from '@portico/shared-state';

export const anvilNetwork = {
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
};

export const baseOptions = {
  projectId: 'portico-test',
  metadata: { name: 'Test host', description: 'unit tests', url: 'http://127.0.0.1', icons: [] },
  networks: [anvilNetwork],
  remotes: { connect: 'http://127.0.0.1:1/remoteEntry.js', account: 'http://127.0.0.1:1/remoteEntry.js' },
};

/** A core with no wallets in reach: views that need a remote are not rendered by these tests. */
export function testCore(overrides: Record<string, unknown> = {}): PorticoCore {
  return createPorticoCore({ ...baseOptions, ...overrides }, {
    storage: createMemoryStorage(),
    eventTarget: new EventTarget(),
    isMobile: false,
  });
}

/** Written by demo/server.mjs as GET /portico-config.js (loaded before the app bundle). */
export type DemoConfig = {
  shellUrl: string;
  remotes: Record<string, string>;
  rpcUrl: string;
  chainId: number;
};

declare global {
  interface Window {
    PORTICO_DEMO_CONFIG?: DemoConfig;
  }
}

export function getConfig(): DemoConfig {
  const config = window.PORTICO_DEMO_CONFIG;
  if (!config) throw new Error('window.PORTICO_DEMO_CONFIG is missing: serve the demo with demo/server.mjs');
  return config;
}

/** AppKit-style options both demo pages pass to createPortico (plain.html builds the same object). */
export function hostOptions(config: DemoConfig) {
  return {
    projectId: 'portico-demo',
    metadata: { name: 'Portico demo', description: 'Portico demo host', url: location.origin, icons: [] as string[] },
    networks: [
      {
        id: config.chainId,
        name: 'Anvil Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [config.rpcUrl] } },
        testnet: true,
      },
    ],
    remotes: config.remotes,
    themeMode: 'dark' as const,
  };
}

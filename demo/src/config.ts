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
    /** AppKit-style options for createPortico, built by /portico-config.js. */
    PORTICO_DEMO_OPTIONS?: unknown;
  }
}

export function getConfig(): { config: DemoConfig; options: unknown } {
  const config = window.PORTICO_DEMO_CONFIG;
  if (!config) throw new Error('window.PORTICO_DEMO_CONFIG is missing: serve the demo with demo/server.mjs');
  return { config, options: window.PORTICO_DEMO_OPTIONS };
}

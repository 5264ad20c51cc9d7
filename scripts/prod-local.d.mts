// Types of prod-local.mjs for its TypeScript importers (e2e's prod-topology spec, bench:services).

export interface ProdTopologyPorts {
  api: number;
  relay: number;
  secureSite: number;
  cdn: number;
  relayNodes: [number, number];
}

export interface ProdTopology {
  urls: { api: string; relay: string; relayNodes: [string, string]; secureSite: string; cdn: string };
  caCertPath: string;
  metricsToken: string;
  databaseUrl: string;
  killApiReplica(index: 0 | 1): Promise<void>;
  killRelayNode(index: 0 | 1): Promise<void>;
  stop(): Promise<void>;
}

/** `ports`: 0 for a free one (default: those of `pnpm prod:local`). */
export declare function startProdTopology(options?: {
  ports?: Partial<ProdTopologyPorts>;
  devchainRpcUrl?: string;
  siteOrigins?: string[];
  /** More environment for the API replicas (bench:services raises the per-project limit). */
  apiEnv?: Record<string, string>;
}): Promise<ProdTopology>;

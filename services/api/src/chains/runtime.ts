/**
 * The blockchain side of the API at run time: per configured chain its config, upstream RPC
 * client, spam set and indexer; plus the price source, NFT metadata policy and small caches.
 */
import type { Db } from '../db/client';
import type { Logger } from '../log';
import { ChainIndexer, type IndexerOptions } from '../indexer/indexer';
import type { ChainConfig, SolanaChainConfig } from './config';
import { DEFAULT_PRICES, staticPriceSource, type PriceSource } from './prices';
import { MAX_METADATA_BYTES } from './metadata-fetch';
import { createRpcClient, type RpcClient } from './rpc';
import { createSolanaEntry, type SolanaChainEntry } from './solana';

export interface NftMetadataOptions {
  /** Host names the API may fetch http(s) token metadata from. Default '*' (any public host). data: URIs are always decoded. */
  allowedHosts?: string[] | '*';
  /** Also fetch from loopback, private and link-local addresses (development, tests). Default false. */
  allowPrivateNetworks?: boolean;
  /** Per-fetch timeout (ms). Default 3000. */
  timeoutMs?: number;
  /** Largest metadata body (bytes); a longer one is cut off and refused. Default 256 kB. */
  maxBytes?: number;
}

export interface ChainsOptions {
  chains?: ChainConfig[];
  /** Solana chains, their CAIP-2 ids resolved (resolveSolanaChains). */
  solanaChains?: SolanaChainConfig[];
  /** Static USD prices by symbol, merged over DEFAULT_PRICES. Ignored when `priceSource` is given. */
  prices?: Record<string, number>;
  priceSource?: PriceSource;
  /** Upstream RPC timeout (ms). Default 10000. */
  rpcTimeoutMs?: number;
  /** Indexer settings; `enabled: false` turns it off (history/NFTs then serve what is stored). */
  indexer?: IndexerOptions & { enabled?: boolean };
  nftMetadata?: NftMetadataOptions;
  /** Balance cache lifetime (ms). Default 30000. */
  balanceCacheMs?: number;
}

export interface ChainEntry {
  config: ChainConfig;
  rpc: RpcClient;
  /** Lower-case addresses of the config's spam contracts (the spam_contracts table adds more). */
  spam: Set<string>;
  indexer?: ChainIndexer;
}

export class ChainRuntime {
  /** eip155 chains: what `get`/`list` answer (the eip155-only routes see only these). */
  readonly entries = new Map<string, ChainEntry>();
  /** Solana chains: balances, history and the JSON-RPC endpoint serve them (getSolana). */
  readonly solana = new Map<string, SolanaChainEntry>();
  readonly priceSource: PriceSource;
  readonly nftMetadata: Required<NftMetadataOptions>;
  readonly balanceCacheMs: number;
  readonly rpcTimeoutMs: number;
  readonly balanceCache = new Map<string, { at: number; body: unknown }>();

  constructor(
    readonly db: Db,
    readonly log: Logger,
    options: ChainsOptions,
  ) {
    this.rpcTimeoutMs = options.rpcTimeoutMs ?? 10_000;
    this.priceSource = options.priceSource ?? staticPriceSource({ ...DEFAULT_PRICES, ...options.prices });
    this.nftMetadata = {
      allowedHosts: options.nftMetadata?.allowedHosts ?? '*',
      allowPrivateNetworks: options.nftMetadata?.allowPrivateNetworks ?? false,
      timeoutMs: options.nftMetadata?.timeoutMs ?? 3000,
      maxBytes: options.nftMetadata?.maxBytes ?? MAX_METADATA_BYTES,
    };
    this.balanceCacheMs = options.balanceCacheMs ?? 30_000;
    const indexerOn = options.indexer?.enabled ?? true;
    for (const config of options.chains ?? []) {
      const rpc = createRpcClient(config.rpcUrl, this.rpcTimeoutMs);
      const entry: ChainEntry = { config, rpc, spam: new Set(config.spamContracts.map((a) => a.toLowerCase())) };
      if (indexerOn) entry.indexer = new ChainIndexer(db, config, rpc, log, options.indexer);
      this.entries.set(config.caipNetworkId, entry);
    }
    for (const config of options.solanaChains ?? []) this.solana.set(config.caipNetworkId, createSolanaEntry(config));
  }

  getSolana(caipNetworkId: string): SolanaChainEntry | undefined {
    return this.solana.get(caipNetworkId);
  }

  /** Every served CAIP-2 id, eip155 first. */
  ids(): string[] {
    return [...this.entries.keys(), ...this.solana.keys()];
  }

  get(caipNetworkId: string): ChainEntry | undefined {
    return this.entries.get(caipNetworkId);
  }

  list(): ChainEntry[] {
    return [...this.entries.values()];
  }

  start() {
    for (const e of this.entries.values()) e.indexer?.start();
  }

  async stop() {
    await Promise.all([...this.entries.values()].map((e) => e.indexer?.stop()));
  }

  /** Lower-case spam contract addresses for a chain: config ∪ spam_contracts table. */
  async spamSet(entry: ChainEntry): Promise<Set<string>> {
    const { rows } = await this.db.query<{ address: string }>('SELECT address FROM spam_contracts WHERE chain_id = $1', [entry.config.caipNetworkId]);
    if (rows.length === 0) return entry.spam;
    return new Set([...entry.spam, ...rows.map((r) => r.address.toLowerCase())]);
  }
}

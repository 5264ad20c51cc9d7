// What every adapter over the Wallet Standard (solana, bip122) shares: the page's wallet registry, wallet features,
// connectors and the sessions of connected wallets. Loaded with those adapters only (lazily), never by the page itself.
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import * as z from 'zod/mini';
import { CONNECTOR_IDS, type ChainNamespace } from '../constants';
import { ConnectorNotFoundError } from '../errors';
import type { Connector, WalletEventHandlers } from './types';
import { normalizeConnectorName } from '../connectors';
import { MAX_ANNOUNCED_WALLETS, safeWalletIcon, walletNameSchema } from './wallet-info';

/** At most this many accounts of one wallet are used (the embedded wallet's limit too); the rest are ignored. */
export const MAX_WALLET_ACCOUNTS = 16;

/** How long a silent reconnect waits for the stored wallet to register after a reload. */
export const RECONNECT_REGISTER_WAIT_MS = 1_000;

export const functionSchema = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function');
export const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

// A wallet's name is its connector id: never one of Portico's own (`walletConnect`, `ID_AUTH`, …), which the adapters
// and the connection controller take for their own connectors, as an EIP-6963 rdns never is.
const PORTICO_CONNECTOR_IDS: ReadonlySet<string> = new Set(Object.values(CONNECTOR_IDS));

/**
 * A registered wallet as an adapter needs it: named as an EIP-6963 wallet must be (`walletNameSchema`: the name comes
 * out as `visibleWalletName` has it) and not as one of Portico's connectors, with a chain of the namespace
 * (`chainPrefix`, e.g. 'solana:') and a connect feature (`connectFeature`, e.g. 'standard:connect').
 */
export function walletSchema(chainPrefix: string, connectFeature: string) {
  return z.object({
    name: walletNameSchema.check(z.refine((name) => !PORTICO_CONNECTOR_IDS.has(name), "one of Portico's connector ids")),
    icon: z.string(),
    chains: z.array(z.string()).check(z.refine((chains) => chains.some((chain) => chain.startsWith(chainPrefix)), `no ${chainPrefix} chain`)),
    features: z.object({ [connectFeature]: z.object({ connect: functionSchema }) }),
  });
}
export type WalletSchema = ReturnType<typeof walletSchema>;

/**
 * The connector for a Wallet Standard wallet listed as `name`. Its type is ANNOUNCED: like an EIP-6963 wallet it
 * announces itself (the register handshake) with its own name and icon, and many may be present at once; INJECTED is
 * the one legacy global (`window.ethereum`). Its id is the name, the standard's only stable identity; the name shown
 * is normalised as an EIP-6963 wallet's is.
 */
const walletConnector = (wallet: Wallet, name: string, chain: ChainNamespace): Connector => ({
  id: name,
  name: normalizeConnectorName(name),
  type: 'ANNOUNCED',
  chain,
  imageUrl: safeWalletIcon(wallet.icon),
  installed: true,
});

/** The method `method` of the wallet's feature `name`, when the wallet has it. */
export function featureMethod<T extends (...args: never[]) => unknown>(wallet: Wallet, name: string, method: string): T | undefined {
  const feature = (wallet.features as Record<string, Record<string, unknown> | undefined>)[name];
  const fn = feature?.[method];
  return typeof fn === 'function' ? (fn.bind(feature) as T) : undefined;
}

/** The Wallet Standard wallets one adapter speaks to, as the page's registry (`@wallet-standard/app`) holds them. */
export interface WalletRegistry {
  /**
   * The matching wallets by connector id: the wallet's name as `visibleWalletName` has it (the first registered
   * under a name keeps it, so an invisible character cannot make a second "Phantom"), at most MAX_ANNOUNCED_WALLETS.
   */
  walletsById(): Map<string, Wallet>;
  /** @throws {ConnectorNotFoundError} no matching wallet has this id */
  walletFor(connectorId: string): Wallet;
  /** Calls `listener` after every register and unregister; returns a function that stops it. */
  onChange(listener: () => void): () => void;
  /** The ChainAdapter's watchConnectors: the matching wallets' connectors now and after every change. */
  watchConnectors(onChange: (connectors: Connector[]) => void): () => void;
  /** Resolves true once a matching wallet with this id is registered (after a reload extensions register late), false after RECONNECT_REGISTER_WAIT_MS. */
  waitFor(connectorId: string): Promise<boolean>;
}

/** `schema` (a `walletSchema`) picks the wallets of `namespace` (a chain of it and its connect feature) and names them. */
export function watchWalletRegistry(namespace: ChainNamespace, schema: WalletSchema): WalletRegistry {
  const registry = getWallets();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  registry.on('register', notify);
  registry.on('unregister', notify);

  // In the order they registered: wallets past the cap are ignored while it is full.
  function walletsById(): Map<string, Wallet> {
    const byId = new Map<string, Wallet>();
    for (const wallet of registry.get()) {
      if (byId.size >= MAX_ANNOUNCED_WALLETS) break;
      const parsed = schema.safeParse(wallet);
      if (parsed.success && !byId.has(parsed.data.name)) byId.set(parsed.data.name, wallet);
    }
    return byId;
  }

  function walletFor(connectorId: string): Wallet {
    const wallet = walletsById().get(connectorId);
    if (!wallet) throw new ConnectorNotFoundError(connectorId);
    return wallet;
  }

  function onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  async function waitFor(connectorId: string): Promise<boolean> {
    if (walletsById().has(connectorId)) return true;
    return new Promise((resolve) => {
      const done = (found: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(found);
      };
      const stop = onChange(() => walletsById().has(connectorId) && done(true));
      const timer = setTimeout(() => done(false), RECONNECT_REGISTER_WAIT_MS);
    });
  }

  function watchConnectors(onConnectors: (connectors: Connector[]) => void): () => void {
    const emit = () => onConnectors([...walletsById()].map(([name, wallet]) => walletConnector(wallet, name, namespace)));
    const stop = onChange(emit);
    emit();
    return stop;
  }

  return { walletsById, walletFor, onChange, watchConnectors, waitFor };
}

/** A connected wallet as an adapter keeps it: the wallet, and the connection's handlers while it watches. */
export interface WalletSession {
  wallet: Wallet;
  handlers?: WalletEventHandlers;
}

/** What a wallet's `standard:events` 'change' event says changed. */
export type WalletChange = { accounts?: unknown; chains?: unknown };

/** The sessions of one adapter's connected wallets, by connector id. */
export interface WalletSessions<S extends WalletSession> {
  get(connectorId: string): S | undefined;
  /** @throws {ConnectorNotFoundError} the wallet is not connected */
  require(connectorId: string): S;
  /** Makes `session` the wallet's; a reconnect's new session keeps the handlers watching the old one. */
  open(connectorId: string, session: S): void;
  /** Forgets the session; `standard:disconnect` where the wallet has it (its failure does not keep the modal connected). */
  end(connectorId: string): Promise<void>;
  /** Hands each `standard:events` change to `onChange` with the connection's handlers; returns the unsubscribe. */
  watch(connectorId: string, handlers: WalletEventHandlers, onChange: (change: WalletChange, session: S) => void): () => void;
}

/** Sessions over `registry`: a connected wallet that goes away (extension disabled, unregistered) ends its session. */
export function walletSessions<S extends WalletSession>(registry: WalletRegistry): WalletSessions<S> {
  const sessions = new Map<string, S>();
  registry.onChange(() => {
    const present = registry.walletsById();
    for (const [connectorId, session] of sessions) {
      if (present.get(connectorId) !== session.wallet) session.handlers?.disconnect();
    }
  });

  function require(connectorId: string): S {
    const session = sessions.get(connectorId);
    if (!session) throw new ConnectorNotFoundError(connectorId);
    return session;
  }

  return {
    get: (connectorId) => sessions.get(connectorId),
    require,
    open(connectorId, session) {
      sessions.set(connectorId, { ...session, handlers: sessions.get(connectorId)?.handlers });
    },
    async end(connectorId) {
      const session = sessions.get(connectorId);
      sessions.delete(connectorId);
      const disconnect = session && featureMethod<() => Promise<void>>(session.wallet, 'standard:disconnect', 'disconnect');
      await disconnect?.().catch(() => undefined);
    },
    watch(connectorId, handlers, onChange) {
      const session = require(connectorId);
      session.handlers = handlers;
      const on = featureMethod<(event: 'change', listener: (change: WalletChange) => void) => () => void>(session.wallet, 'standard:events', 'on');
      const off = on?.('change', (change) => onChange(change, session));
      return () => {
        off?.();
        if (session.handlers === handlers) session.handlers = undefined;
      };
    },
  };
}

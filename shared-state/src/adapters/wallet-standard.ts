// What every adapter over the Wallet Standard (solana, bip122) shares: the page's wallet registry, wallet features,
// connectors and the sessions of connected wallets. Loaded with those adapters only (lazily), never by the page itself.
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import * as z from 'zod/mini';
import type { ChainNamespace } from '../constants';
import { ConnectorNotFoundError } from '../errors';
import { safeWalletIcon } from './eip155/discovery';
import type { Connector, WalletEventHandlers } from './types';

/** At most this many accounts of one wallet are used (the embedded wallet's limit too); the rest are ignored. */
export const MAX_WALLET_ACCOUNTS = 16;

/** How long a silent reconnect waits for the stored wallet to register after a reload. */
export const RECONNECT_REGISTER_WAIT_MS = 1_000;

export const functionSchema = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function');
export const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/**
 * A registered wallet as an adapter needs it: named, with a chain of the namespace (`chainPrefix`, e.g. 'solana:')
 * and a connect feature (`connectFeature`, e.g. 'standard:connect').
 */
export function walletSchema(chainPrefix: string, connectFeature: string) {
  return z.object({
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    icon: z.string(),
    chains: z.array(z.string()).check(z.refine((chains) => chains.some((chain) => chain.startsWith(chainPrefix)), `no ${chainPrefix} chain`)),
    features: z.object({ [connectFeature]: z.object({ connect: functionSchema }) }),
  });
}

/**
 * The connector for a Wallet Standard wallet. Its type is ANNOUNCED: like an EIP-6963 wallet it announces
 * itself (the register handshake) with its own name and icon, and many may be present at once; INJECTED is
 * the one legacy global (`window.ethereum`). Its id is the wallet's name, the standard's only stable identity.
 */
const walletConnector = (wallet: Wallet, chain: ChainNamespace): Connector => ({
  id: wallet.name,
  name: wallet.name,
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
  /** The matching wallets by connector id: the wallet's name (the first registered under a name keeps it). */
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

/** `isWallet` picks the wallets of `namespace` (a chain of it and its connect feature). */
export function watchWalletRegistry(namespace: ChainNamespace, isWallet: (wallet: Wallet) => boolean): WalletRegistry {
  const registry = getWallets();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  registry.on('register', notify);
  registry.on('unregister', notify);

  function walletsById(): Map<string, Wallet> {
    const byId = new Map<string, Wallet>();
    for (const wallet of registry.get()) {
      if (isWallet(wallet) && !byId.has(wallet.name)) byId.set(wallet.name, wallet);
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
    const emit = () => onConnectors([...walletsById().values()].map((wallet) => walletConnector(wallet, namespace)));
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

import type { Eip1193Provider } from '../adapters/eip155/discovery';
import type { ConnectedAccount, WalletEventHandlers } from '../adapters/types';
import type { ChainNamespace } from '../constants';
import type { CaipNetwork } from '../network';
import type { SIWXConfig } from '../siwx/types';
import { lazyLoaded } from '../lazy';

/** How the modal reaches the WalletConnect relay; defaults suit the hosted relay, self-hosters point it home. */
export interface WalletConnectSettings {
  projectId: string;
  relayUrl: string;
  metadata: { name: string; description: string; url: string; icons: string[] };
  networks: readonly CaipNetwork[];
  /**
   * The hosted verify iframe and telemetry hang or leak offline; a self-hosted deployment turns
   * both off and then makes no outbound call at all.
   */
  verify: boolean;
  telemetry: boolean;
  /**
   * The host's sign-in, when enabled: pairing then asks the wallet to connect and sign in at once
   * (wc_sessionAuthenticate) when every requested chain is eip155 (spec sections 5, 7).
   */
  siwx?: () => Promise<SIWXConfig | undefined>;
}

/**
 * One WalletConnect session as every adapter needs it: it spans each namespace the host configured networks in
 * (eip155, solana, polkadot, cosmos, bip122). Loaded lazily: the SDK is large.
 */
export interface WalletConnectSource {
  /**
   * Starts a pairing; `onUri` receives each `wc:` URI to show, or undefined when the shown one can no
   * longer work (the relay connection dropped) and a fresh one is on its way. Resolves when the wallet approves,
   * with the primary namespace's account (eip155 when granted) carrying the other namespaces' (`otherNamespaces`).
   */
  connect(onUri: (uri: string | undefined) => void): Promise<ConnectedAccount>;
  /** After a reload: the live session's account in `namespace` (default eip155), with no prompt; undefined when there is none. */
  restore(namespace?: ChainNamespace): Promise<ConnectedAccount | undefined>;
  /** Ends the session, in every namespace at once. */
  disconnect(): Promise<void>;
  /**
   * A wallet request in one namespace of the session, e.g. `('solana:5eykt…', 'solana_signMessage', { message, pubkey })`;
   * the wallet's answer as it sent it (callers check it). A decline rejects with the wallet's error.
   */
  request(caipNetworkId: string, method: string, params: unknown): Promise<unknown>;
  /** The UniversalProvider once loaded: EIP-1193 style `request(args)` for eip155, `request(args, caipNetworkId)` for any namespace. */
  provider(): Eip1193Provider | undefined;
  /** Session events for `namespace` (default eip155); returns an unsubscribe function. */
  watch(handlers: WalletEventHandlers, namespace?: ChainNamespace): () => void;
  /** Starts loading and connecting the client in the background, so the first QR shows sooner. */
  preload(): void;
}

export function createWalletConnectSource(settings: WalletConnectSettings): WalletConnectSource {
  const session = lazyLoaded(
    () => import('./universal').then(({ createUniversalSource }) => createUniversalSource(settings)),
    ['connect', 'restore', 'disconnect', 'request'],
  );
  return {
    ...session,
    // A failed preload is not kept: the next real attempt loads again.
    preload: () => void session.load().catch(() => undefined),
    provider: () => session.current()?.provider(),
    // The adapter watches only after connect or restore, which loaded the client.
    watch: (handlers, namespace) => session.current()?.watch(handlers, namespace) ?? (() => undefined),
  };
}

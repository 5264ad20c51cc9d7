import type { ChainNamespace } from '../../constants';
import type { CaipNetwork } from '../../network';
import type { WalletConnectSource } from '../../walletconnect/source';
import type { ConnectedAccount, WalletEventHandlers } from '../types';
import { walletRequest } from '../wallet-request';

/** The WalletConnect session as an adapter reaches it: the shared source and where pairing URIs are shown. */
export interface WalletConnectAccess {
  source: WalletConnectSource;
  onUri(uri: string | undefined): void;
}

/** One namespace's share of the WalletConnect session: the parts of a ChainAdapter its WalletConnect connector needs. */
export interface NamespaceSession {
  /** Pairs; resolves with the session's connection (every namespace it grants, ConnectedAccount.otherNamespaces). */
  connect(): Promise<ConnectedAccount>;
  /** The live session's account in this namespace after a reload, with no prompt; undefined when there is none. */
  reconnect(): Promise<ConnectedAccount | undefined>;
  /** Ends the session (in every namespace: it is one pairing). */
  disconnect(): Promise<void>;
  /** The session holds every chain it granted: a switch is the modal's own, reported back as chainChanged. */
  switchNetwork(network: CaipNetwork): void;
  watch(handlers: WalletEventHandlers): () => void;
  /** A wallet request on this namespace's current chain; a decline rejects with UserRejectedRequestError. */
  request(method: string, params: unknown): Promise<unknown>;
  /** The UniversalProvider: hosts call `request({ method, params }, caipNetworkId)` on it, as AppKit hosts do. */
  provider(): unknown;
}

export function namespaceSession(namespace: ChainNamespace, { source, onUri }: WalletConnectAccess): NamespaceSession {
  let chainReference: string | undefined;
  let handlers: WalletEventHandlers | undefined;
  /** Remembers the chain the session granted this namespace's account on; the account itself is passed on. */
  const track = (account: ConnectedAccount | undefined) => {
    if (account) chainReference = account.chainReference;
    return account;
  };

  return {
    async connect() {
      const connected = await walletRequest(() => source.connect(onUri));
      track((connected.namespace ?? 'eip155') === namespace ? connected : connected.otherNamespaces?.[namespace]);
      return connected;
    },
    async reconnect() {
      return track(await source.restore(namespace));
    },
    disconnect: () => source.disconnect(),
    switchNetwork(network) {
      chainReference = network.caipNetworkId.split(':')[1];
      if (chainReference) handlers?.chainChanged(chainReference);
    },
    watch(next) {
      handlers = next;
      const stop = source.watch(next, namespace);
      return () => {
        stop();
        if (handlers === next) handlers = undefined;
      };
    },
    async request(method, params) {
      // Connected through another namespace's connector (WalletConnect is listed under eip155): the session knows the chain.
      const reference = chainReference ?? (await source.restore(namespace))?.chainReference;
      if (!reference) throw new Error(`The WalletConnect session has no ${namespace} account.`);
      return walletRequest(() => source.request(`${namespace}:${reference}`, method, params));
    },
    provider: () => source.provider(),
  };
}

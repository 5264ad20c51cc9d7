import type { Connector } from './adapters/types';
import type { ChainNamespace } from './constants';

/** Anything that names a wallet: a connector, a registry entry, a recent wallet. */
export interface WalletIdentity {
  id?: string | null;
  rdns?: string | null;
  name: string;
}

/** Spec section 3: connector names are normalised (Trust Wallet becomes Trust), in every namespace. */
export function normalizeConnectorName(name: string): string {
  return name === 'Trust Wallet' ? 'Trust' : name;
}

/** A name as wallets are matched by it: normalised as connector names are (spec §3), any case. */
const matchedName = (name: string) => normalizeConnectorName(name).toLowerCase();

/**
 * Spec section 2: wallets match by rdns, id or case-insensitive name. Names are compared normalised, so a listed
 * connector ("Trust") still matches the registry's entry and recent wallets ("Trust Wallet").
 */
export function isSameWallet(a: WalletIdentity, b: WalletIdentity): boolean {
  if (a.rdns && b.rdns && a.rdns === b.rdns) return true;
  if (a.id && b.id && a.id === b.id) return true;
  return matchedName(a.name) === matchedName(b.name);
}

/**
 * How a connector is compared with registry entries and with other connectors: rdns and name only. Connector ids
 * (`injected`, an rdns on eip155, a name on solana) live in another namespace than registry ids and must never match one.
 */
export const connectorIdentity = (connector: Connector): WalletIdentity => ({
  rdns: connector.info?.rdns,
  name: connector.name,
});

/** Connectors for wallets present in this browser (EIP-6963 and Wallet Standard announced, legacy injected). */
export const isInstalledConnector = (connector: Connector): boolean => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED';

/**
 * `connector` with its adapter's provider as `provider` (spec §3): read when asked, so an SDK that loads later has
 * one then; not enumerable, so it is never serialized.
 */
export const withProvider = (connector: Connector, providerOf: (connectorId: string) => unknown): Connector =>
  Object.defineProperty({ ...connector }, 'provider', { get: () => providerOf(connector.id) });

/** A registry wallet as far as `mergeMultiChainConnectors` reads it. */
export interface RegistryIdentity extends WalletIdentity {
  id: string;
  image_id?: string | null;
}

export interface MultiChainContext {
  /**
   * The namespaces the host configured networks in, in the order a MULTI_CHAIN connector lists its children (the
   * active one first, say). With fewer than two, nothing is merged.
   */
  namespaces: readonly ChainNamespace[];
  /** The registry wallets the modal holds: a connector one of them is gets its `explorerId` (and `imageId`). */
  registry?: readonly RegistryIdentity[];
}

/** A copy of `connector` with `fields` (the provider stays as it was: not enumerable, so a spread would drop it). */
function withFields(connector: Connector, fields: Partial<Connector>): Connector {
  const defined = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (defined.length === 0) return connector;
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(connector), ...Object.getOwnPropertyDescriptors(Object.fromEntries(defined)) }) as Connector;
}

/** The registry's id and image id for the wallet `connector` is, when the modal holds it. */
function withRegistryIds(connector: Connector, registry: readonly RegistryIdentity[]): Connector {
  if (connector.type === 'WALLET_CONNECT' || connector.type === 'AUTH') return connector;
  const known = registry.find((wallet) => isSameWallet({ rdns: wallet.rdns, name: wallet.name }, connectorIdentity(connector)));
  if (!known) return connector;
  return withFields(connector, { explorerId: known.id, imageId: connector.imageUrl ? undefined : (known.image_id ?? undefined) });
}

/**
 * AppKit's ConnectorController.mergeMultiChainConnectors for Portico (spec §3's MULTI_CHAIN): the same wallet
 * (`isSameWallet` by rdns or name) installed in several of the host's namespaces — an EIP-6963 wallet on eip155 and a
 * Wallet Standard wallet of that name on solana — becomes one connector of type MULTI_CHAIN, in the place of its first
 * one, whose `connectors` are its connectors in `namespaces` order, one per namespace. Two connectors of one
 * namespace never merge (two wallets of one name stay two). Every connector the registry knows carries its
 * `explorerId` (and `imageId` when it has no image of its own). The connection still connects the children by id.
 */
export function mergeMultiChainConnectors(connectors: readonly Connector[], context: MultiChainContext): Connector[] {
  const namespaces = [...new Set(context.namespaces)];
  const annotated = connectors.map((connector) => withRegistryIds(connector, context.registry ?? []));
  if (namespaces.length < 2) return annotated;

  const mergeable = (connector: Connector) => isInstalledConnector(connector) && namespaces.includes(connector.chain);
  const groups: Connector[][] = [];
  for (const connector of annotated) {
    const group = mergeable(connector)
      ? groups.find(
          (members) =>
            mergeable(members[0]!) &&
            !members.some((member) => member.chain === connector.chain) &&
            isSameWallet(connectorIdentity(members[0]!), connectorIdentity(connector)),
        )
      : undefined;
    if (group) group.push(connector);
    else groups.push([connector]);
  }
  return groups.map((members) => (members.length === 1 ? members[0]! : multiChainConnector(members, namespaces)));
}

/** One MULTI_CHAIN connector for a wallet's connectors in several namespaces; its id is its first-found connector's. */
function multiChainConnector(members: readonly Connector[], namespaces: readonly ChainNamespace[]): Connector {
  const children = [...members].sort((a, b) => namespaces.indexOf(a.chain) - namespaces.indexOf(b.chain));
  const first = children[0]!;
  const rdns = children.find((child) => child.info?.rdns)?.info?.rdns;
  const imageUrl = children.find((child) => child.imageUrl)?.imageUrl;
  const imageId = imageUrl ? undefined : children.find((child) => child.imageId)?.imageId;
  const explorerId = children.find((child) => child.explorerId)?.explorerId;
  return {
    id: members[0]!.id,
    name: first.name,
    type: 'MULTI_CHAIN',
    // AppKit's placeholder: the view that opens for it lists each child's namespace.
    chain: first.chain,
    ...(imageUrl && { imageUrl }),
    ...(imageId && { imageId }),
    ...(explorerId && { explorerId }),
    ...(rdns && { info: { rdns } }),
    installed: true,
    connectors: children,
  };
}

/** The namespaces of the host's networks, `first` (the active one) first, then in the order the host first named each. */
export function configuredNamespaces(networks: readonly { chainNamespace: ChainNamespace }[], first?: ChainNamespace): ChainNamespace[] {
  const namespaces = [...new Set(networks.map((network) => network.chainNamespace))];
  return first && namespaces.includes(first) ? [first, ...namespaces.filter((namespace) => namespace !== first)] : namespaces;
}

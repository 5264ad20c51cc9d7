/**
 * @portico/wagmi: wagmi over Portico. `portico()` is a wagmi connector whose connection is Portico's
 * eip155 connection; `WagmiAdapter` is AppKit's adapter class of that name, with a real `wagmiConfig`.
 */
export { portico, type PorticoConnectorProperties, type PorticoParameters, type PorticoSource } from './connector.js';
export {
  WagmiAdapter,
  toWagmiChains,
  type AppKitNetworkLike,
  type PorticoAttachable,
  type WagmiAdapterParameters,
} from './adapter.js';
export type {
  Eip155Namespace,
  PorticoLike,
  PorticoLikeAccount,
  PorticoLikeNetwork,
  PorticoLikeNetworkInput,
  PorticoLikeState,
} from './portico-like.js';

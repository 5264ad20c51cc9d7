export { createEip155Adapter, type Eip155AdapterEnvironment } from './adapter';
export { watchAnnouncedWallets, normalizeConnectorName, safeWalletIcon, type Eip1193Provider, type AnnouncedWallet } from './discovery';

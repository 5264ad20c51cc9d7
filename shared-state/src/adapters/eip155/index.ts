export { createEip155Adapter, type Eip155AdapterEnvironment } from './adapter';
export { watchAnnouncedWallets, normalizeConnectorName, type Eip1193Provider, type AnnouncedWallet } from './discovery';
export { safeWalletIcon, MAX_ANNOUNCED_WALLETS } from '../wallet-info';

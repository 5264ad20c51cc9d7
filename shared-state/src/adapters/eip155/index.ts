export { createEip155Adapter, type Eip155AdapterEnvironment } from './adapter';
export { watchAnnouncedWallets, type Eip1193Provider, type AnnouncedWallet } from './discovery';
export { normalizeConnectorName } from '../../connectors';
export { safeWalletIcon, MAX_ANNOUNCED_WALLETS } from '../wallet-info';

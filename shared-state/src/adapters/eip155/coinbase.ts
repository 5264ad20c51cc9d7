/**
 * The Coinbase Wallet SDK connector (spec §3 `coinbaseWalletSDK`, connector type EXTERNAL): Coinbase's own EIP-1193
 * provider, which connects and signs in Coinbase's keys window (a popup on keys.coinbase.com) when the extension is
 * not installed. Listed without loading anything: the SDK is imported when the person picks it, or when a session it
 * kept is restored after a reload. When the Coinbase extension announces itself (EIP-6963), the adapter lists that
 * instead: one Coinbase row.
 */
import { CONNECTOR_IDS } from '../../constants';
import type { Connector } from '../types';
import type { Eip1193Provider } from './discovery';

/** The extension's EIP-6963 rdns, which is also the registry's for the wallet. */
export const COINBASE_RDNS = 'com.coinbase.wallet';

export interface CoinbaseSettings {
  /** The site as Coinbase's window names it (the host's `metadata`). */
  appName: string;
  appLogoUrl?: string;
  /** The host's eip155 networks. */
  appChainIds: number[];
  /** The connector's logo (served by the API). */
  imageUrl?: string;
}

export function coinbaseConnector(settings: CoinbaseSettings): Connector {
  return {
    id: CONNECTOR_IDS.coinbaseWalletSDK,
    name: 'Coinbase Wallet',
    type: 'EXTERNAL',
    chain: 'eip155',
    installed: false,
    info: { rdns: COINBASE_RDNS },
    ...(settings.imageUrl && { imageUrl: settings.imageUrl }),
  };
}

/** Loads the SDK and makes its provider: EOA or smart wallet, as the person chooses in Coinbase's window. */
export async function createCoinbaseProvider({ appName, appLogoUrl, appChainIds }: CoinbaseSettings): Promise<Eip1193Provider> {
  const { createCoinbaseWalletSDK } = await import('@coinbase/wallet-sdk');
  const sdk = createCoinbaseWalletSDK({ appName, appLogoUrl, appChainIds, preference: { options: 'all' } });
  return sdk.getProvider() as unknown as Eip1193Provider;
}

import type { PorticoCore, RegistryWallet } from '@portico/shared-state';
import { useConnectMessages } from '../messages';
import { WalletName } from './WalletName';

/** "Don't have <wallet>? Get": opens the wallet's store links (GetWallet). */
export function GetWalletLink({ portico, wallet }: { portico: PorticoCore; wallet: RegistryWallet }) {
  const t = useConnectMessages();
  return (
    <p className="portico-get-wallet-row">
      <span className="portico-muted">
        <WalletName name={wallet.name} within={(name) => t('get.dontHave', { name })} />
      </span>
      <button
        type="button"
        className="portico-button portico-get-wallet-button"
        aria-label={t('get.title', { name: wallet.name })}
        onClick={() => portico.router.push('GetWallet', { wallet })}
      >
        {t('get.button')}
      </button>
    </p>
  );
}

import { walletDeepLink, type PorticoCore, type RegistryWallet } from '@portico/shared-state';
import { mobileWalletLink } from '@portico/shared-state/wallet-list';
import { WalletIcon } from '@portico/ui';
import { useId } from 'react';
import { isTelegram } from '../environment';
import { useConnectMessages } from '../messages';
import { WalletName } from './WalletName';

/** How many of the registry's wallets a phone is offered (featured, then recommended). */
const SHOWN = 6;

/**
 * On a phone, instead of a QR code to scan: the registry's mobile wallets, each a deep link carrying the pairing URI
 * (`walletDeepLink`); the choice is remembered (`openDeepLink`). Until the URI is ready the rows are not links.
 */
export function MobileWallets({ portico, wallets, uri }: { portico: PorticoCore; wallets: readonly RegistryWallet[]; uri?: string }) {
  const t = useConnectMessages();
  const telegram = isTelegram();
  const headingId = useId();
  return (
    <>
      <p id={headingId} className="portico-section-label">
        {t('wc.chooseApp')}
      </p>
      <ul className="portico-list" aria-labelledby={headingId}>
        {wallets.slice(0, SHOWN).map((wallet) => {
          const link = mobileWalletLink(wallet)!;
          const deepLink = uri ? walletDeepLink(link, uri, { isTelegram: telegram }) : undefined;
          return (
            <li key={wallet.id}>
              <a
                className="portico-list-item"
                href={deepLink?.href}
                aria-disabled={deepLink ? undefined : true}
                target={deepLink?.target}
                rel="noopener noreferrer"
                onClick={() => void portico.walletConnect.openDeepLink(wallet, { isTelegram: telegram })}
              >
                <WalletIcon src={wallet.image_url} lazy />
                <span>
                  <WalletName name={wallet.name} />
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

import { routerAtom, type PorticoViewProps } from '@portico/shared-state';
import { storeLinksFor, storePlatform } from '@portico/shared-state/wallet-list';
import { EmptyState, WalletIcon } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { StoreMark } from '../components/StoreMark';
import { WalletName } from '../components/WalletName';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * "Get <wallet>": the registry's store pages for this platform (`storeLinksFor`), each a row with the store's mark,
 * named for what it does ("Get MetaMask on the App Store") and opening in a new tab. The header names the wallet
 * (router data `wallet`).
 */
export default function GetWallet({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const wallet = useAtomValue(routerAtom).data?.wallet;
  if (!wallet) return <EmptyState>{t('get.none')}</EmptyState>;

  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const links = storeLinksFor(wallet, storePlatform(userAgent, portico.environment.isMobile));
  return (
    <div className="portico-stack">
      <div className="portico-center">
        <WalletIcon src={wallet.image_url} large />
        <p className="portico-muted">
          <WalletName name={wallet.name} within={(name) => t('get.intro', { name })} />
        </p>
      </div>
      {links.length === 0 ? (
        <EmptyState>{t('get.none')}</EmptyState>
      ) : (
        <ul className="portico-list" aria-label={t('get.title', { name: wallet.name })}>
          {links.map((link) => (
            <li key={link.kind}>
              <a
                className="portico-list-item portico-store-link"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(`get.link.${link.kind}`, { name: wallet.name })}
              >
                <StoreMark kind={link.kind} />
                <span>{t(`get.${link.kind}`)}</span>
                <svg className="portico-trailing" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M4.5 11.5l7-7M5.5 4.5h6v6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { connectAttemptAtom, connectorsAtom, registryAtom, routerAtom, type PorticoViewProps } from '@portico/shared-state';
import { connectorIdentity, isSameWallet } from '@portico/shared-state/wallet-list';
import { ErrorPanel } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { ConnectingLogo } from '../components/ConnectingLogo';
import { GetWalletLink } from '../components/GetWalletLink';
import { WalletName } from '../components/WalletName';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Waits for the wallet's answer (its logo in a turning ring, Cancel goes back); a decline or failure stays here with
 * Try again. The wallet is named as its row in Connect named it (`WalletName`). A wallet that is not installed, and
 * that the registry knows, offers its store links (GetWallet).
 */
export default function ConnectingExternal({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const { data } = useAtomValue(routerAtom);
  const attempt = useAtomValue(connectAttemptAtom);
  const registry = useAtomValue(registryAtom);
  const connector = useAtomValue(connectorsAtom).find((candidate) => candidate.id === data?.connectorId);

  if (!connector) return <ErrorPanel message={t('external.unavailable')} />;

  const failed = attempt.connectorId === connector.id && (attempt.status === 'rejected' || attempt.status === 'failed');
  const known = connector.installed
    ? undefined
    : [...registry.featured, ...registry.recommended, ...registry.wallets].find((wallet) => isSameWallet(wallet, connectorIdentity(connector)));
  return (
    <div className="portico-center">
      <ConnectingLogo src={connector.imageUrl} state={failed ? 'failed' : 'waiting'} />
      {failed ? (
        <ErrorPanel
          message={attempt.status === 'rejected' ? t('connection.declined') : t('connection.failed')}
          detail={attempt.status === 'rejected' ? t('connection.declinedDetail') : attempt.errorMessage}
          onRetry={() => void portico.connectExternal(connector.id)}
          retryLabel={t('tryAgain')}
        />
      ) : (
        <>
          <div className="portico-stack">
            <p className="portico-title">
              <WalletName name={connector.name} within={(name) => t('connection.continueIn', { name })} />
            </p>
            <p className="portico-muted" role="status">
              {t('connection.accept')}
            </p>
          </div>
          <button type="button" className="portico-button portico-button-secondary" onClick={() => portico.router.goBack()}>
            {t('connecting.cancel')}
          </button>
        </>
      )}
      {known && <GetWalletLink portico={portico} wallet={known} />}
    </div>
  );
}

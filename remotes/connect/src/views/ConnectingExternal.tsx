import { connectAttemptAtom, connectorsAtom, routerAtom, type PorticoViewProps } from '@portico/shared-state';
import { ErrorPanel, WalletIcon } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { WalletName } from '../components/WalletName';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Waits for the wallet's answer; a decline or failure stays here with a way to try again. The wallet is named as its
 * row in Connect named it (`WalletName`).
 */
export default function ConnectingExternal({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const { data } = useAtomValue(routerAtom);
  const attempt = useAtomValue(connectAttemptAtom);
  const connector = useAtomValue(connectorsAtom).find((candidate) => candidate.id === data?.connectorId);

  if (!connector) return <ErrorPanel message={t('external.unavailable')} />;

  const failed = attempt.connectorId === connector.id && (attempt.status === 'rejected' || attempt.status === 'failed');
  return (
    <div className="portico-center">
      <WalletIcon src={connector.imageUrl} large />
      {failed ? (
        <ErrorPanel
          message={attempt.status === 'rejected' ? t('connection.declined') : t('connection.failed')}
          detail={attempt.status === 'rejected' ? t('connection.declinedDetail') : attempt.errorMessage}
          onRetry={() => void portico.connectExternal(connector.id)}
          retryLabel={t('tryAgain')}
        />
      ) : (
        <div className="portico-stack">
          <p className="portico-title">
            <WalletName name={connector.name} within={(name) => t('connection.continueIn', { name })} />
          </p>
          <p className="portico-muted" role="status">
            {t('connection.accept')}
          </p>
        </div>
      )}
    </div>
  );
}

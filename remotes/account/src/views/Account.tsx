import { activeAccountAtom, activeNetworkAtom, CONNECTOR_IDS, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { AccountActions } from '../components/AccountActions';
import { AccountHeader } from '../components/AccountHeader';
import { AccountTabs } from '../components/AccountTabs';
import { DisconnectButton } from '../components/DisconnectButton';
import { EmbeddedLogin } from '../components/EmbeddedLogin';
import { useAccountMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The connected account: identity, native balance, network (and who is signed in to the embedded wallet), actions,
 * then tokens, NFTs and activity.
 */
export default function Account({ portico }: PorticoViewProps) {
  const t = useAccountMessages();
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const connected = account.status === 'connected' && account.address !== undefined;
  const embedded = account.connectorId === CONNECTOR_IDS.auth;

  useEffect(() => {
    void portico.connection.refreshBalance();
  }, [portico, account.address]);

  useEffect(() => {
    if (connected) void portico.accountData.syncIdentity();
  }, [portico, connected, account.address, network?.caipNetworkId]);

  return (
    <ConnectionGuard message={t('account.notConnected')} onConnect={() => portico.router.reset('Connect')}>
      {(address) => (
        <div className="portico-center">
          <AccountHeader portico={portico} address={address} />
          {embedded && <EmbeddedLogin portico={portico} />}
          <AccountActions portico={portico} />
          {network && <AccountTabs portico={portico} address={address} caipAddress={`${network.caipNetworkId}:${address}`} />}
          <DisconnectButton portico={portico} embedded={embedded} />
        </div>
      )}
    </ConnectionGuard>
  );
}

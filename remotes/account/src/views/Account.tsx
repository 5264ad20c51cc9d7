import { activeAccountAtom, activeNetworkAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { AccountActions } from '../components/AccountActions';
import { AccountHeader } from '../components/AccountHeader';
import { AccountTabs } from '../components/AccountTabs';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The connected account: identity, native balance, network, actions, then tokens, NFTs and activity. */
export default function Account({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const connected = account.status === 'connected' && account.address !== undefined;

  useEffect(() => {
    void portico.connection.refreshBalance();
  }, [portico, account.address]);

  useEffect(() => {
    if (connected) void portico.accountData.syncIdentity();
  }, [portico, connected, account.address, network?.caipNetworkId]);

  return (
    <ConnectionGuard message="No wallet is connected." onConnect={() => portico.router.reset('Connect')}>
      {(address) => (
        <div className="portico-center">
          <AccountHeader portico={portico} address={address} />
          <AccountActions portico={portico} />
          {network && <AccountTabs portico={portico} address={address} caipAddress={`${network.caipNetworkId}:${address}`} />}
          <div className="portico-stack portico-full-width">
            <button
              type="button"
              className="portico-list-item"
              onClick={() =>
                void portico.connection
                  .disconnect()
                  .then(() => portico.modal.close(true))
                  .catch(() => portico.toast.show('error', 'Failed to disconnect'))
              }
            >
              Disconnect
            </button>
          </div>
        </div>
      )}
    </ConnectionGuard>
  );
}

import { activeNetworkAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { ActivityPanel } from '../components/ActivityPanel';
import { useAccountMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The history view (spec §2, feature `history`): the Account view's Activity list on its own, for a site that opens
 * it with `open({ view: 'Transactions' })`. The header titles it (Activity); the list is the tab's own component.
 */
export default function Transactions({ portico }: PorticoViewProps) {
  const t = useAccountMessages();
  const network = useAtomValue(activeNetworkAtom);
  return (
    <ConnectionGuard message={t('account.notConnected')} onConnect={() => portico.router.reset('Connect')}>
      {(address) =>
        network && <ActivityPanel portico={portico} address={address} caipAddress={`${network.caipNetworkId}:${address}`} />
      }
    </ConnectionGuard>
  );
}

import { activeAccountAtom, CONNECTOR_IDS, type PorticoViewProps } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { DisconnectButton } from '../components/DisconnectButton';
import { useAccountMessages } from '../messages';
import Networks from './Networks';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The wallet sits on a chain this site does not support: offer the supported ones, or to disconnect. */
export default function UnsupportedChain({ portico }: PorticoViewProps) {
  const t = useAccountMessages();
  const { connectorId } = useAtomValue(activeAccountAtom);
  return (
    <div className="portico-stack">
      <p className="portico-muted" role="alert">
        {t('unsupportedChain')}
      </p>
      <Networks portico={portico} />
      <DisconnectButton portico={portico} embedded={connectorId === CONNECTOR_IDS.auth} />
    </div>
  );
}

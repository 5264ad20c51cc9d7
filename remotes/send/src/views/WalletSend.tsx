import { activeAccountAtom, activeNetworkAtom, sendAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { SendForm } from '../components/SendForm';
import { SendPreview } from '../components/SendPreview';
import { SendStatus } from '../components/SendStatus';
import { useSendMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Send (spec sections 3-5): pick a token, an amount and a receiver, preview with the network fee,
 * then the wallet signs. Every step is a call on `portico.send`; this view only renders `sendAtom`.
 */
export default function WalletSend({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const t = useSendMessages();

  useEffect(() => {
    void portico.accountData.refreshTokens();
  }, [portico, account.address, network?.caipNetworkId]);

  // A success screen left open when the modal closed is not shown again on the next visit.
  useEffect(() => {
    if (portico.store.get(sendAtom).status === 'success') portico.send.reset();
  }, [portico]);

  return (
    <ConnectionGuard message={t('guard.connect')}>
      <SendStep portico={portico} />
    </ConnectionGuard>
  );
}

function SendStep({ portico }: PorticoViewProps) {
  const { status } = useAtomValue(sendAtom);
  if (status === 'preview') return <SendPreview portico={portico} />;
  if (status === 'editing' || status === 'estimating') return <SendForm portico={portico} />;
  return <SendStatus portico={portico} />;
}

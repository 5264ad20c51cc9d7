import { activeAccountAtom, activeNetworkAtom, swapAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { SwapForm } from '../components/SwapForm';
import { SwapStatus } from '../components/SwapStatus';
import { useSwapMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Swap (spec sections 3, 7–9): pick the tokens, an amount, see the live quote (you receive, price
 * impact, fee) and the slippage; approve the token when its allowance is short, then swap. Every
 * step is a call on `portico.swap`; this view only renders `swapAtom`.
 */
export default function Swap({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const t = useSwapMessages();

  useEffect(() => {
    if (account.status !== 'connected') return;
    void portico.swap.loadTokens();
    void portico.accountData.refreshTokens();
  }, [portico, account.status, account.address, network?.caipNetworkId]);

  // A result left open when the modal closed is not shown again on the next visit.
  useEffect(() => {
    const { status } = portico.store.get(swapAtom);
    if (status === 'success' || status === 'failed') portico.swap.reset();
  }, [portico]);

  return (
    <ConnectionGuard message={t('guard.connect')}>
      <SwapStep portico={portico} />
    </ConnectionGuard>
  );
}

function SwapStep({ portico }: PorticoViewProps) {
  const { status } = useAtomValue(swapAtom);
  return status === 'editing' ? <SwapForm portico={portico} /> : <SwapStatus portico={portico} />;
}

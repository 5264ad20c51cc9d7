import { activeAccountAtom, activeNetworkAtom, swapAtom, type PorticoViewProps, type SwapState } from '@portico/shared-state';
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
 * Swap (spec sections 3, 7–9): "You pay" and "You receive" cards, the live quote under them (rate, minimum
 * received, fee, price impact), slippage in its settings popover; approve the token when its allowance is short,
 * then swap, as two steps in place. Every step is a call on `portico.swap`; this view only renders `swapAtom`.
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

/** Results take the screen; approving and swapping stay on the form, where the steps show their progress. */
const RESULTS: readonly SwapState['status'][] = ['success', 'failed', 'unconfirmed'];

function SwapStep({ portico }: PorticoViewProps) {
  const { status } = useAtomValue(swapAtom);
  return RESULTS.includes(status) ? <SwapStatus portico={portico} /> : <SwapForm portico={portico} />;
}

import type { PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate } from '@portico/ui';
import { ApprovalFrameSlot, NothingToApprove } from '../components/ApprovalFrameSlot';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The embedded wallet's approval gate (spec section 6; issue 28): the secure site's own approval screen, shown in
 * its frame. The embedded controller opens this view when the frame asks to be seen and leaves it when the frame is done.
 */
export default function ApproveTransaction({ portico }: PorticoViewProps) {
  return (
    <EmbeddedWalletGate portico={portico} off={<NothingToApprove />}>
      {(wallet) => <ApprovalFrameSlot approval={wallet.approval} />}
    </EmbeddedWalletGate>
  );
}

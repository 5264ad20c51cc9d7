import type { PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate } from '@portico/ui';
import { ApprovalPrompt, NothingToApprove } from '../components/ApprovalPrompt';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The embedded wallet's approval gate (spec section 6): what a request will sign or send, shown before
 * the person approves or rejects it. The embedded controller opens this view for each request.
 */
export default function ApproveTransaction({ portico }: PorticoViewProps) {
  return (
    <EmbeddedWalletGate portico={portico} off={<NothingToApprove />}>
      {(wallet) => <ApprovalPrompt approval={wallet.approval} />}
    </EmbeddedWalletGate>
  );
}

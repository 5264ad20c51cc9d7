import type { PorticoViewProps } from '@portico/shared-state';
import { ErrorPanel, LoadingPanel, useEmbeddedWallet } from '@portico/ui';
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
  const embedded = useEmbeddedWallet(portico);
  switch (embedded.status) {
    case 'loading':
      return <LoadingPanel />;
    case 'failed':
      return <ErrorPanel message={embedded.message} />;
    case 'off':
      return <NothingToApprove />;
    case 'ready':
      return <ApprovalPrompt approval={embedded.wallet.approval} />;
  }
}

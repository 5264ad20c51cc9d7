import { shortenAddress } from '@portico/shared-state';
import type { ReactNode } from 'react';
import { sayKnown, useKitMessages } from './messages';

/** One step of a transaction as the person sees it. */
export type TransactionPhase = 'wallet' | 'pending' | 'success' | 'failed' | 'unconfirmed';

export interface TransactionAction {
  label: string;
  onClick: () => void;
  /** Drawn as a secondary (quieter) button. */
  secondary?: boolean;
}

export interface TransactionStatusProps {
  phase: TransactionPhase;
  /**
   * The headline: "Confirm the transaction in your wallet" (wallet), "Sending…" (pending),
   * "Sent" (success), "Transaction failed" (failed), "Transaction sent, not yet confirmed" (unconfirmed).
   */
  title: string;
  /** A muted line under the title: what is awaited, or the error's reason (shared state's English is translated). */
  detail?: string;
  /** The transaction's hash once the wallet returned one: "Transaction 0x1234…abcd" (full hash as its title). */
  hash?: string;
  /** success: what happened, under the title (e.g. "1 ETH to 0x12…34"). */
  children?: ReactNode;
  /** success: a "View on block explorer" link. */
  explorerUrl?: string;
  /** failed: a "Try again" button. */
  onTryAgain?: () => void;
  /** failed: an "Edit" button (back to the form with its values). */
  onEdit?: () => void;
  /** unconfirmed: a "Check again" button (reads the same hash's receipt; never a second send). */
  onCheckAgain?: () => void;
  /** Further buttons at the bottom (success: "Done", "Swap again"). */
  actions?: TransactionAction[];
}

/**
 * A transaction's progress in one panel: wallet → pending → success (with explorer link) / failed
 * (with Try again) / unconfirmed ("sent, not yet confirmed" with Check again). wallet, pending and
 * success are a status (`role="status"`, with the spinner while waiting); failed and unconfirmed
 * are an alert.
 *
 * @example
 * <TransactionStatus phase="pending" title="Sending…" detail="Waiting for the network to confirm the transaction." hash={send.pendingHash} />
 * <TransactionStatus phase="failed" title="Transaction failed" detail={send.error}
 *   onTryAgain={() => void portico.send.preview()} onEdit={() => portico.send.edit()} />
 * <TransactionStatus phase="success" title="Sent" explorerUrl={tx.explorerUrl} actions={[{ label: 'Done', onClick: done }]}>
 *   {tx.amount} {tx.symbol} to {shortenAddress(tx.receiver)}
 * </TransactionStatus>
 */
export function TransactionStatus(props: TransactionStatusProps) {
  const { phase, title, hash } = props;
  const t = useKitMessages();
  const detail = props.detail && sayKnown(t)(props.detail);
  const hashLine = hash && (
    <p className="portico-muted" title={hash}>
      {t('transactionHash', { hash: shortenAddress(hash) })}
    </p>
  );

  if (phase === 'wallet' || phase === 'pending') {
    return (
      <div className="portico-panel" role="status">
        <span className="portico-spinner" aria-hidden="true" />
        <p>{title}</p>
        {detail && <p className="portico-muted">{detail}</p>}
        {hashLine}
      </div>
    );
  }

  const buttons: TransactionAction[] = [
    ...(phase === 'unconfirmed' && props.onCheckAgain ? [{ label: t('checkAgain'), onClick: props.onCheckAgain }] : []),
    ...(phase === 'failed' && props.onTryAgain ? [{ label: t('tryAgain'), onClick: props.onTryAgain }] : []),
    ...(phase === 'failed' && props.onEdit ? [{ label: t('edit'), onClick: props.onEdit, secondary: true }] : []),
    ...(props.actions ?? []),
  ];
  const actionButtons = buttons.map((action) => (
    <button
      key={action.label}
      type="button"
      className={action.secondary ? 'portico-button portico-button-secondary portico-button-block' : 'portico-button portico-button-block'}
      onClick={action.onClick}
    >
      {action.label}
    </button>
  ));

  if (phase === 'success') {
    return (
      <div className="portico-panel">
        <div role="status" className="portico-stack">
          <p className="portico-balance">{title}</p>
          {props.children && <p>{props.children}</p>}
        </div>
        {props.explorerUrl && (
          <a className="portico-muted" href={props.explorerUrl} target="_blank" rel="noreferrer">
            {t('viewOnExplorer')}
          </a>
        )}
        {actionButtons}
      </div>
    );
  }

  return (
    <div className="portico-panel">
      <div role="alert" className="portico-stack">
        <p className={phase === 'failed' ? 'portico-error-text' : undefined}>{title}</p>
        {detail && <p className="portico-muted">{detail}</p>}
        {hashLine}
      </div>
      <div className="portico-stack portico-full-width">{actionButtons}</div>
    </div>
  );
}

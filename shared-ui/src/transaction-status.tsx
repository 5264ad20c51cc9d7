import type { PorticoCore } from '@portico/shared-state';
import type { ReactNode } from 'react';
import { AddressText } from './address-text';
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
  /** What it is; a node for words that need their own line breaks (a name that breaks at its dots). */
  title: ReactNode;
  /** A muted line under the title: what is awaited, or the error's reason (shared state's English is translated). */
  detail?: string;
  /** The transaction's hash once the wallet returned one: "Transaction 0x1234…abcd" (full hash as its title). */
  hash?: string;
  /** With the core, the hash gets a copy button. */
  portico?: PorticoCore;
  /** The amount, large, under the icon (success and failed: "100 PUSD"). */
  amount?: ReactNode;
  /** What happened, under the title (e.g. "to alice.portico.eth"). */
  children?: ReactNode;
  /** A "View on block explorer" link (the network's explorer), in every phase that has a hash. */
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
  const { phase, title, hash, explorerUrl } = props;
  const t = useKitMessages();
  const detail = props.detail && sayKnown(t)(props.detail);
  const proof = (hash || explorerUrl) && (
    <div className="portico-tx-proof">
      {hash && (
        <span className="portico-tx-hash">
          <span className="portico-muted">{t('transaction')}</span>
          <AddressText value={hash} portico={props.portico} copyLabel={t('copyHash')} copiedMessage={t('hashCopied')} />
        </span>
      )}
      {explorerUrl && (
        <a href={explorerUrl} target="_blank" rel="noreferrer">
          {t('viewOnExplorer')}
        </a>
      )}
    </div>
  );

  if (phase === 'wallet' || phase === 'pending') {
    return (
      <div className="portico-panel">
        <div role="status" className="portico-stack portico-tx-head">
          <span className="portico-spinner portico-tx-spinner" aria-hidden="true" />
          <p className="portico-tx-title">{title}</p>
          {detail && <p className="portico-muted">{detail}</p>}
        </div>
        {proof}
      </div>
    );
  }

  const buttons: TransactionAction[] = [
    ...(phase === 'unconfirmed' && props.onCheckAgain ? [{ label: t('checkAgain'), onClick: props.onCheckAgain }] : []),
    ...(phase === 'failed' && props.onTryAgain ? [{ label: t('tryAgain'), onClick: props.onTryAgain }] : []),
    ...(phase === 'failed' && props.onEdit ? [{ label: t('edit'), onClick: props.onEdit, secondary: true }] : []),
    ...(props.actions ?? []),
  ];

  return (
    <div className="portico-panel" data-phase={phase}>
      {/* Success is news (a status); a failure or an unconfirmed transaction needs attention (an alert). */}
      <div role={phase === 'success' ? 'status' : 'alert'} className="portico-stack portico-tx-head">
        <PhaseIcon phase={phase} />
        <p className="portico-tx-title">{title}</p>
        {props.amount && <p className="portico-tx-amount">{props.amount}</p>}
        {props.children && <p>{props.children}</p>}
        {detail && <p className="portico-muted">{detail}</p>}
      </div>
      {proof}
      <div className="portico-stack portico-full-width">
        {buttons.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.secondary ? 'portico-button portico-button-secondary portico-button-block' : 'portico-button portico-button-block'}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** A tick in a green disc, a cross in a red one, or a clock for "sent, not yet confirmed". */
function PhaseIcon({ phase }: { phase: 'success' | 'failed' | 'unconfirmed' }) {
  const mark = {
    success: <path d="m7 12.5 3.2 3.2L17 9" />,
    failed: <path d="m8.5 8.5 7 7m0-7-7 7" />,
    unconfirmed: <path d="M12 7.5V12l3 2" />,
  }[phase];
  return (
    <svg className="portico-tx-icon" data-phase={phase} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" />
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {mark}
      </g>
    </svg>
  );
}

import { useId, useRef, type ReactNode } from 'react';
import { useKitMessages } from './messages';

export interface AmountInputProps {
  /** The visible label, also the input's accessible name; "Amount" (in the modal's locale) unless given. */
  label?: string;
  value: string;
  /** Without it the amount is shown read-only (a quote's "You receive"). */
  onChange?(value: string): void;
  /** Fills in the whole balance; focus then returns to the input. No Max button without it. */
  onMax?(): void;
  /** Max is disabled (no token picked, no balance). */
  maxDisabled?: boolean;
  /** The token beside the amount: a `TokenButton`. */
  token?: ReactNode;
  /** The amount's value under it ("≈ $1,234.50"). */
  fiat?: string;
  /** The balance under it ("Balance 25,000"), or what stands in for it (balances loading). */
  balance?: ReactNode;
  /**
   * What is wrong with the amount, in the modal's locale: shown under the card (role="alert"), which then
   * describes the input and marks it invalid.
   */
  error?: string;
  placeholder?: string;
}

/**
 * An amount card: the label, a large decimal amount with the token button beside it, then its value and
 * the balance with Max under it, and the field's error under the card.
 *
 * @example
 * <AmountInput label="Amount" value={send.sendTokenAmount} onChange={(v) => portico.send.setAmount(v)}
 *   onMax={() => portico.send.setMax()} maxDisabled={!send.token} token={<TokenButton … />}
 *   fiat="≈ $12.50" balance="Balance 25,000" error={amountMessage} />
 */
export function AmountInput({ label, value, onChange, onMax, maxDisabled = false, token, fiat, balance, error, placeholder = '0' }: AmountInputProps) {
  const t = useKitMessages();
  const id = useId();
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="portico-amount">
      <div className="portico-amount-card" data-invalid={Boolean(error) || undefined}>
        <label htmlFor={id} className="portico-muted">
          {label ?? t('amount')}
        </label>
        <div className="portico-amount-row">
          <input
            id={id}
            ref={inputRef}
            className="portico-amount-input"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={value}
            readOnly={!onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange?.(event.target.value)}
          />
          {token}
        </div>
        {(fiat || balance || onMax) && (
          <div className="portico-amount-meta">
            <span>{fiat}</span>
            <span className="portico-amount-balance">
              {balance}
              {onMax && (
                <button
                  type="button"
                  className="portico-max-button"
                  disabled={maxDisabled}
                  onClick={() => {
                    onMax();
                    inputRef.current?.focus();
                  }}
                >
                  {t('max')}
                </button>
              )}
            </span>
          </div>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="portico-error-text portico-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

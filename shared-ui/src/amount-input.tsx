import { useId, useRef } from 'react';
import { useKitMessages } from './messages';

export interface AmountInputProps {
  /** The visible label; "Amount" (in the modal's locale) unless given. */
  label?: string;
  value: string;
  onChange(value: string): void;
  /** Fills in the whole balance; focus then returns to the input. */
  onMax(): void;
  /** Max is disabled (no token picked, no balance). */
  maxDisabled?: boolean;
  /** Ids of the elements describing the input (an error line). */
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
}

/**
 * A decimal amount field with its label and a Max button beside it.
 *
 * @example
 * <AmountInput value={send.sendTokenAmount} onChange={(v) => portico.send.setAmount(v)} onMax={() => portico.send.setMax()}
 *   maxDisabled={!send.token} describedBy={send.error ? errorId : undefined} invalid={isAmountError(send.error)} />
 */
export function AmountInput({
  label,
  value,
  onChange,
  onMax,
  maxDisabled = false,
  describedBy,
  invalid = false,
  placeholder = '0.0',
}: AmountInputProps) {
  const t = useKitMessages();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <label htmlFor={id} className="portico-muted">
        {label ?? t('amount')}
      </label>
      <div className="portico-row">
        <input
          id={id}
          ref={inputRef}
          className="portico-search"
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="portico-button portico-button-secondary"
          disabled={maxDisabled}
          onClick={() => {
            onMax();
            inputRef.current?.focus();
          }}
        >
          {t('max')}
        </button>
      </div>
    </>
  );
}

import { useId, type InputHTMLAttributes } from 'react';
import { sayKnown, useKitMessages } from './messages';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'> {
  /** The visible label, which is also the input's accessible name ("Receiver address", "Search tokens"). */
  label: string;
  value: string;
  onChange(value: string): void;
  /**
   * A refusal to show under the field (role="alert"), which then describes it and marks it invalid; shared state's
   * English (the spec's wording) is shown in the modal's locale.
   */
  error?: string;
}

/**
 * A labelled one-line text input (a search box with `type="search"`). Takes any input attribute
 * (`placeholder`, `inputMode`, `spellCheck`, `aria-describedby`, `aria-invalid`, …); autocomplete is
 * off unless given. For an amount with a Max button, use `AmountInput`.
 *
 * @example
 * <TextField label="Receiver address" placeholder="0x…" spellCheck={false} value={send.receiverAddress}
 *   onChange={(v) => portico.send.setReceiver(v)} aria-describedby={errorId} aria-invalid={invalid || undefined} />
 */
export function TextField({ label, value, onChange, className, error, ...input }: TextFieldProps) {
  const t = useKitMessages();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id} className="portico-muted">
        {label}
      </label>
      <input
        autoComplete="off"
        {...input}
        id={id}
        className={className ? `portico-search ${className}` : 'portico-search'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      />
      {error && (
        <p id={errorId} role="alert" className="portico-error-text">
          {sayKnown(t)(error)}
        </p>
      )}
    </>
  );
}

import { TextField } from '@portico/ui';
import { useId, useState, type FormEvent } from 'react';

/** A login code's length (the secure site mails 6 digits). */
const CODE_LENGTH = 6;

export interface EmailCodeFormProps {
  /** The address the code was mailed to. */
  sentTo: string;
  /** The login store's error, shown under the field. */
  error?: string;
  busy: boolean;
  onSubmit(code: string): void;
  onCancel(): void;
}

/** One mailed code: "Enter the code we sent to …", the Code field (submits by itself at 6 digits), Confirm and Cancel. */
export function EmailCodeForm({ sentTo, error, busy, onSubmit, onCancel }: EmailCodeFormProps) {
  const [code, setCode] = useState('');
  const errorId = useId();
  const change = (typed: string) => {
    // Digits only: a pasted "123 456" or "123-456" is the same code.
    const digits = typed.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    if (digits.length === CODE_LENGTH && !busy) onSubmit(digits);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(code);
  };
  return (
    <form className="portico-stack portico-full-width" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p>Enter the code we sent to {sentTo}</p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={code}
        onChange={change}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="portico-error-text">
          {error}
        </p>
      )}
      <button type="submit" className="portico-button portico-button-block" disabled={busy}>
        Confirm
      </button>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

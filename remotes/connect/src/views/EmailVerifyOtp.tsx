import type { EmbeddedWallet, PorticoViewProps } from '@portico/shared-state';
import { TextField, useStoreSnapshot } from '@portico/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { EmbeddedWalletGate } from '../components/EmbeddedWalletGate';
import { SubmitButton } from '../components/SubmitButton';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

const CODE_LENGTH = 6;

/**
 * The one-time code from the login mail (spec sections 4, 5, 8): it is sent as soon as 6 digits are
 * in, or with Confirm. The controller moves on after a good code; a refused one ('Invalid code', the
 * 30 s throttle on Resend) shows under the field, which keeps focus with the code selected to retype.
 */
export default function EmailVerifyOtp({ portico }: PorticoViewProps) {
  return <EmbeddedWalletGate portico={portico}>{(wallet) => <CodeForm wallet={wallet} />}</EmbeddedWalletGate>;
}

function CodeForm({ wallet: { login } }: { wallet: EmbeddedWallet }) {
  const state = useStoreSnapshot(login);
  const [code, setCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();

  const send = async (value: string) => {
    await login.submitCode(value);
    // A refused code: the next keystroke replaces it.
    if (login.getSnapshot().error) (formRef.current?.elements.namedItem('code') as HTMLInputElement | null)?.select();
  };
  const type = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    if (digits.length === CODE_LENGTH && digits !== code) void send(digits);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(code);
  };

  return (
    <form ref={formRef} className="portico-stack" onSubmit={submit} noValidate aria-busy={state.busy || undefined}>
      <p className="portico-muted">Enter the code we sent to {state.email ?? 'your email'}</p>
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        className="portico-code-input"
        value={code}
        onChange={type}
        // Read-only rather than disabled while checking: a disabled field would lose focus.
        readOnly={state.busy}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? errorId : undefined}
      />
      {state.error && (
        <p id={errorId} role="alert" className="portico-error-text">
          {state.error}
        </p>
      )}
      <SubmitButton busy={state.busy}>Confirm</SubmitButton>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" disabled={state.busy} onClick={() => void login.resendCode()}>
        Resend code
      </button>
    </form>
  );
}

import type { EmbeddedWallet, PorticoCore } from '@portico/shared-state';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { ErrorPanel, LoadingPanel } from './localized-panels';
import { useKitMessages } from './messages';
import { TextField } from './text-field';

/** What `useEmbeddedWallet` reports: the loaded wallet, or why there is none yet. */
export type EmbeddedWalletStatus =
  | { status: 'loading' }
  | { status: 'ready'; wallet: EmbeddedWallet }
  | { status: 'failed'; message: string }
  | { status: 'off' };

/**
 * Loads the embedded wallet (`portico.embedded.load()`) for a view; 'off' when the site has none.
 *
 * @example
 * const embedded = useEmbeddedWallet(portico);
 * if (embedded.status === 'ready') console.log(embedded.wallet.login.getSnapshot().step);
 */
export function useEmbeddedWallet(portico: PorticoCore): EmbeddedWalletStatus {
  const [state, setState] = useState<EmbeddedWalletStatus>(() => (portico.embedded ? { status: 'loading' } : { status: 'off' }));
  useEffect(() => {
    if (!portico.embedded) return;
    let current = true;
    portico.embedded.load().then(
      (wallet) => current && setState({ status: 'ready', wallet }),
      (error: unknown) => current && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [portico]);
  return state;
}

/** A framework-free store's current snapshot (the login store, the approval queue), re-rendering on change. */
export function useStoreSnapshot<T>(store: { getSnapshot(): T; subscribe(listener: () => void): () => void }): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export interface EmbeddedWalletGateProps {
  portico: PorticoCore;
  /** What to show when the site has no embedded wallet (no `embeddedWallet` option, or the `email` feature off). */
  off: ReactNode;
  /** The view, once the embedded wallet has loaded. */
  children: (wallet: EmbeddedWallet) => ReactNode;
}

/**
 * An embedded-wallet view's frame: the loading panel while the wallet loads, its failure ('Network Error -
 * Could not load embedded wallet', …; in the modal's locale where Portico knows it) as an error panel, `off`
 * without one, else the view.
 *
 * @example
 * <EmbeddedWalletGate portico={portico} off={<p>Email login is not enabled</p>}>
 *   {(wallet) => <CodeStep login={wallet.login} />}
 * </EmbeddedWalletGate>
 */
export function EmbeddedWalletGate({ portico, off, children }: EmbeddedWalletGateProps) {
  const embedded = useEmbeddedWallet(portico);
  switch (embedded.status) {
    case 'off':
      return off;
    case 'loading':
      return <LoadingPanel />;
    case 'failed':
      return <ErrorPanel message={embedded.message} />;
    case 'ready':
      return children(embedded.wallet);
  }
}

/**
 * A form's full-width submit button. While `busy` it is disabled with a spinner and `aria-busy`, and keeps
 * its text: its accessible name stays the same while the request is out.
 */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: string }) {
  return (
    <button type="submit" className="portico-button portico-button-block" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <span className="portico-spinner portico-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A mailed one-time code's length (spec section 5). */
const CODE_LENGTH = 6;

export interface OneTimeCodeFormProps {
  /** The address the code was mailed to ("Enter the code we sent to …"). */
  sentTo: string;
  /** The refusal to show under the field (the store's error), with role="alert". */
  error?: string;
  busy: boolean;
  /** Called with 6 digits: by itself when the sixth is typed, or by Confirm. */
  onSubmit(code: string): Promise<void> | void;
  /** The buttons under Confirm (Resend code, Cancel). */
  children?: ReactNode;
}

/**
 * One mailed code: the text naming the address, the "Code" field (digits only, a pasted "123 456" is the same
 * code; read-only rather than disabled while checking, so it keeps focus), the error, Confirm, then `children`.
 * A refused code is selected so the next keystroke replaces it.
 *
 * @example
 * <OneTimeCodeForm sentTo={state.email} error={state.error} busy={state.busy} onSubmit={(code) => login.submitCode(code)}>
 *   <button type="button" onClick={() => void login.resendCode()}>Resend code</button>
 * </OneTimeCodeForm>
 */
export function OneTimeCodeForm({ sentTo, error, busy, onSubmit, children }: OneTimeCodeFormProps) {
  const t = useKitMessages();
  const [code, setCode] = useState('');
  const fieldRef = useRef<HTMLFormElement>(null);
  const send = async (value: string) => {
    await onSubmit(value);
    (fieldRef.current?.elements.namedItem('code') as HTMLInputElement | null)?.select();
  };
  const type = (typed: string) => {
    const digits = typed.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    if (digits.length === CODE_LENGTH && digits !== code && !busy) void send(digits);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void send(code);
  };
  return (
    <form ref={fieldRef} className="portico-stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p className="portico-muted">{t('codeSentTo', { email: sentTo })}</p>
      <TextField
        label={t('code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        className="portico-code-input"
        value={code}
        onChange={type}
        readOnly={busy}
        error={error}
      />
      <SubmitButton busy={busy}>{t('confirm')}</SubmitButton>
      {children}
    </form>
  );
}

import type { EmailLoginState, EmbeddedWallet, EmbeddedWalletHandle } from '@portico/shared-state';
import { ErrorPanel, SubmitButton, TextField, useStoreSnapshot } from '@portico/ui';
import { useState, type FormEvent } from 'react';
import { useConnectMessages } from '../messages';

export interface EmailFormProps {
  handle: EmbeddedWalletHandle;
  /** The wallet when the view already loaded it; otherwise it loads on the first submit. */
  wallet?: EmbeddedWallet;
  /** The field is off and nothing is sent (the legal checkbox is not ticked). */
  disabled?: boolean;
}

const notLoadedState: EmailLoginState = { step: 'email', busy: false };
/** Stands in for the login store until the wallet has loaded: idle, no error. */
const notLoaded = { getSnapshot: () => notLoadedState, subscribe: () => () => undefined };

/**
 * The email login's first step (spec section 4): the address, then Continue loads the embedded
 * wallet (its code and the secure site's iframe, warmed up when the field gets focus) and sends
 * CONNECT_EMAIL. The controller moves to the verify views by itself; failures (the store's `error`,
 * or the wallet that did not load) show under the field and the address stays.
 */
export function EmailForm({ handle, wallet: loadedWallet, disabled = false }: EmailFormProps) {
  const t = useConnectMessages();
  const [email, setEmail] = useState('');
  const [wallet, setWallet] = useState(loadedWallet);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const login = useStoreSnapshot(wallet?.login ?? notLoaded);
  const busy = loading || login.busy;
  const error = loadError ?? login.error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    setLoadError(undefined);
    setLoading(true);
    let current: EmbeddedWallet;
    try {
      current = await handle.load();
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : String(failure));
      return;
    } finally {
      setLoading(false);
    }
    setWallet(current);
    await current.login.submitEmail(email);
  };

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <TextField
        label={t('email.label')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        value={email}
        onChange={setEmail}
        onFocus={() => handle.preload()}
        error={error}
        disabled={disabled}
      />
      <SubmitButton busy={busy} disabled={disabled}>
        {t('email.continue')}
      </SubmitButton>
    </form>
  );
}

/** What the email views show on a site without the embedded wallet (no `embeddedWallet` option, or `email` off). */
export function EmailLoginOff() {
  const t = useConnectMessages();
  return <ErrorPanel message={t('email.off')} />;
}

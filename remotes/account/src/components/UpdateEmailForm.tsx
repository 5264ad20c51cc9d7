import type { EmailLogin, PorticoCore } from '@portico/shared-state';
import { OneTimeCodeForm, SubmitButton, TextField, useStoreSnapshot } from '@portico/ui';
import { useState, type FormEvent } from 'react';
import { useAccountMessages } from '../messages';

/**
 * Changes the signed-in email over the login store: the new address, then the code mailed to the current
 * address, then the one mailed to the new address (the store skips a step the secure site does not ask for).
 */
export function UpdateEmailForm({ portico, login }: { portico: PorticoCore; login: EmailLogin }) {
  const t = useAccountMessages();
  const state = useStoreSnapshot(login);
  const [updatedTo, setUpdatedTo] = useState<string>();
  const cancel = () => {
    login.back();
    portico.router.goBack();
  };
  const submitCode = async (code: string) => {
    await login.submitUpdateCode(code);
    // Actions never throw: back at 'connected' means the secure site took the last code.
    const after = login.getSnapshot();
    if (after.step === 'connected' && after.email) setUpdatedTo(after.email);
  };

  switch (state.step) {
    case 'connected':
      return updatedTo ? (
        <div className="portico-stack portico-full-width">
          <p role="status">{t('email.updatedTo', { email: updatedTo })}</p>
          <button type="button" className="portico-button portico-button-block" onClick={() => portico.router.goBack()}>
            {t('email.done')}
          </button>
        </div>
      ) : (
        <NewEmailForm error={state.error} busy={state.busy} onSubmit={(email) => void login.startUpdateEmail(email)} />
      );
    case 'update-primary':
    case 'update-secondary':
      return (
        <OneTimeCodeForm
          // A new step starts with an empty field.
          key={state.step}
          sentTo={(state.step === 'update-primary' ? state.email : state.newEmail) ?? ''}
          error={state.error}
          busy={state.busy}
          onSubmit={submitCode}
        >
          <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={cancel}>
            {t('email.cancel')}
          </button>
        </OneTimeCodeForm>
      );
    default:
      return <NotSignedIn />;
  }
}

function NewEmailForm({ error, busy, onSubmit }: { error?: string; busy: boolean; onSubmit(email: string): void }) {
  const t = useAccountMessages();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(email);
  };
  return (
    <form className="portico-stack portico-full-width" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <TextField
        label={t('email.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={error}
      />
      <SubmitButton busy={busy}>{t('email.continue')}</SubmitButton>
    </form>
  );
}

/** The site has no embedded wallet, or no one is signed in with an email. */
export function NotSignedIn() {
  const t = useAccountMessages();
  return <p className="portico-muted">{t('email.notSignedIn')}</p>;
}

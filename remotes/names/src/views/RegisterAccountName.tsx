import { NAME_ZONE, namesAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard, StatusLine } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, type FormEvent } from 'react';
import { availabilityClass, availabilityText } from '../components/availability';
import { NameSuggestions } from '../components/NameSuggestions';
import { useNamesMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * RegisterAccountName (spec sections 2, 4, 5): a name for the connected account, checked as the
 * person types (500 ms debounce, in `portico.names`), with free suggestions; Register asks the
 * wallet to sign the registration, then the success view shows. Failures stay here with the reason.
 */
export default function RegisterAccountName({ portico }: PorticoViewProps) {
  const t = useNamesMessages();
  // A new visit starts empty, unless a registration is still running or just failed.
  useEffect(() => {
    const { registration } = portico.store.get(namesAtom);
    if (registration === 'idle') portico.names.reset();
  }, [portico]);

  return (
    <ConnectionGuard message={t('guard.connect')}>
      <NameForm portico={portico} />
    </ConnectionGuard>
  );
}

function NameForm({ portico }: PorticoViewProps) {
  const names = useAtomValue(namesAtom);
  const t = useNamesMessages();
  const ids = { input: useId(), zone: useId(), status: useId(), error: useId() };
  const busy = names.registration === 'signing' || names.registration === 'submitting';
  const statusClass = availabilityClass(names);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && names.availability === 'available') void portico.names.register();
  };

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p className="portico-muted">{t('form.intro')}</p>
      <label htmlFor={ids.input} className="portico-muted">
        {t('form.name')}
      </label>
      <div className="portico-row">
        <input
          id={ids.input}
          className="portico-search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={80}
          placeholder={t('form.placeholder')}
          value={names.label}
          disabled={busy}
          aria-describedby={`${ids.zone} ${ids.status}${names.registrationError ? ` ${ids.error}` : ''}`}
          aria-invalid={statusClass === 'portico-error-text' || undefined}
          onChange={(event) => portico.names.setLabel(event.target.value)}
        />
        <span id={ids.zone} className="portico-muted">
          .{NAME_ZONE}
        </span>
      </div>

      <p id={ids.status} role="status" aria-live="polite" className={`portico-name-status ${statusClass}`}>
        {availabilityText(names, t)}
      </p>
      <NameSuggestions portico={portico} disabled={busy} />

      {names.registrationError && (
        <p id={ids.error} role="alert" className="portico-error-text">
          {names.registrationError}
        </p>
      )}
      {busy && <StatusLine>{names.registration === 'signing' ? t('register.signing') : t('register.submitting')}</StatusLine>}

      <button type="submit" className="portico-button portico-button-block" disabled={busy || names.availability !== 'available'}>
        {t('register.button')}
      </button>
    </form>
  );
}

import {
  activeAccountAtom,
  fullName,
  NAME_ZONE,
  namesAtom,
  type NamesState,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useId, type FormEvent } from 'react';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** What the status line says about the name typed (spec sections 5, 8). */
function availabilityText(state: NamesState): string {
  switch (state.availability) {
    case 'pending':
    case 'checking':
      return 'Checking…';
    case 'available':
      return 'Available';
    case 'taken':
      return 'Name is taken';
    case 'invalid':
    case 'error':
      return state.availabilityMessage ?? '';
    default:
      return '';
  }
}

/**
 * RegisterAccountName (spec sections 2, 4, 5): a name for the connected account, checked as the
 * person types (500 ms debounce, in `portico.names`), with free suggestions; Register asks the
 * wallet to sign the registration, then the success view shows. Failures stay here with the reason.
 */
export default function RegisterAccountName({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const names = useAtomValue(namesAtom);
  const ids = { input: useId(), zone: useId(), status: useId(), error: useId() };

  // A new visit starts empty, unless a registration is still running or just failed.
  useEffect(() => {
    const { registration } = portico.store.get(namesAtom);
    if (registration === 'idle') portico.names.reset();
  }, [portico]);

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{account.status === 'connecting' ? 'Reconnecting…' : 'Connect a wallet to choose a name.'}</p>
      </div>
    );
  }

  const busy = names.registration === 'signing' || names.registration === 'submitting';
  const status = availabilityText(names);
  const problem = names.availability === 'invalid' || names.availability === 'taken' || names.availability === 'error';
  const current = names.label.trim() ? fullName(names.label) : undefined;
  const suggestions = names.suggestions.filter((suggestion) => !suggestion.registered && suggestion.name !== current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && names.availability === 'available') void portico.names.register();
  };

  return (
    <form className="portico-stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <p className="portico-muted">Choose a name others can use instead of your address.</p>
      <label htmlFor={ids.input} className="portico-muted">
        Name
      </label>
      <div className="portico-row">
        <input
          id={ids.input}
          className="portico-search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={80}
          placeholder="yourname"
          value={names.label}
          disabled={busy}
          aria-describedby={`${ids.zone} ${ids.status}${names.registrationError ? ` ${ids.error}` : ''}`}
          aria-invalid={problem || undefined}
          onChange={(event) => portico.names.setLabel(event.target.value)}
        />
        <span id={ids.zone} className="portico-muted">
          .{NAME_ZONE}
        </span>
      </div>

      <p
        id={ids.status}
        role="status"
        aria-live="polite"
        className={problem ? 'portico-error-text' : names.availability === 'available' ? 'portico-success' : 'portico-muted'}
        style={{ minHeight: '1.4em', margin: 0 }}
      >
        {status}
      </p>

      {suggestions.length > 0 && (
        <div className="portico-stack">
          <p id={`${ids.input}-suggestions`} className="portico-muted" style={{ margin: 0 }}>
            Suggestions
          </p>
          <ul className="portico-list" aria-labelledby={`${ids.input}-suggestions`} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="portico-list-item"
                  style={{ width: '100%' }}
                  disabled={busy}
                  onClick={() => portico.names.chooseSuggestion(suggestion.name)}
                >
                  {suggestion.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {names.registrationError && (
        <p id={ids.error} role="alert" className="portico-error-text">
          {names.registrationError}
        </p>
      )}
      {busy && (
        <p role="status" className="portico-muted">
          <span className="portico-spinner" aria-hidden="true" />{' '}
          {names.registration === 'signing' ? 'Confirm the registration in your wallet' : 'Registering…'}
        </p>
      )}

      <button type="submit" className="portico-button portico-button-block" disabled={busy || names.availability !== 'available'}>
        Register
      </button>
    </form>
  );
}

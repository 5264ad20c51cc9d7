import type { NamesState } from '@portico/shared-state';
import type { NamesMessages } from '../messages';

/** What the status line says about the name typed (spec sections 5, 8); the store's own reasons stay in its words. */
export function availabilityText(state: NamesState, t: NamesMessages): string {
  switch (state.availability) {
    case 'pending':
    case 'checking':
      return t('availability.checking');
    case 'available':
      return t('availability.available');
    case 'taken':
      return t('availability.taken');
    case 'invalid':
    case 'error':
      return state.availabilityMessage ?? '';
    default:
      return '';
  }
}

/** The status line's class: an error for a name that cannot be registered, success when it can. */
export function availabilityClass(state: NamesState): string {
  if (state.availability === 'invalid' || state.availability === 'taken' || state.availability === 'error') return 'portico-error-text';
  return state.availability === 'available' ? 'portico-success' : 'portico-muted';
}

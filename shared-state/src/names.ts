import { atom } from 'jotai/vanilla';

/**
 * Name registration's always-loaded part: the zone and the state the RegisterAccountName views
 * render. The rules (name-rules.ts), the API client and the signing flow load on first use.
 */

/** Names are `<label>.portico.eth`. */
export const NAME_ZONE = 'portico.eth';
/** 'Alice' → 'alice.portico.eth'; a name that already carries the zone keeps it. */
export function fullName(label: string): string {
  const lower = label.trim().toLowerCase();
  return lower.endsWith(`.${NAME_ZONE}`) ? lower : `${lower}.${NAME_ZONE}`;
}

/** 'alice.portico.eth' → 'alice'. */
export const nameLabel = (name: string): string => name.replace(new RegExp(`\\.${NAME_ZONE.replace('.', '\\.')}$`, 'i'), '');

export type NameAvailability = 'idle' | 'pending' | 'invalid' | 'checking' | 'available' | 'taken' | 'error';

export interface NameSuggestion {
  name: string;
  registered: boolean;
}

export interface NamesState {
  /** The label as typed (without the zone). */
  label: string;
  /** Where the check of `label` stands: pending while the 500 ms debounce runs. */
  availability: NameAvailability;
  /** The rule broken ('invalid') or the lookup error ('error'). */
  availabilityMessage?: string;
  suggestions: NameSuggestion[];
  suggestionsError?: string;
  /** Registration: waiting for the wallet's signature, then for the API. */
  registration: 'idle' | 'signing' | 'submitting' | 'failed';
  /** 'Error registering name {x}: {reason}' after a failure. */
  registrationError?: string;
  /** The name registered last (the success view shows it). */
  registeredName?: string;
  /**
   * Names registered in this session per CAIP-10 account. Identity sync (spec section 4) looks
   * names up only on eip155 mainnets; on test networks the header shows this name instead of none.
   */
  accountNames: Record<string, string>;
}

export const initialNamesState: NamesState = {
  label: '',
  availability: 'idle',
  suggestions: [],
  registration: 'idle',
  accountNames: {},
};
export const namesAtom = atom<NamesState>(initialNamesState);

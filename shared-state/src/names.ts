import { atom } from 'jotai/vanilla';

/**
 * Name registration's always-loaded part: the name rules (spec section 5), the zone, and the state
 * the RegisterAccountName views render. The API client and the signing flow load on first use.
 */

/** Names are `<label>.portico.eth`. */
export const NAME_ZONE = 'portico.eth';
export const NAME_MIN_LENGTH = 4;
/** A DNS label's limit (the spec sets no maximum); the API refuses longer labels too. */
export const NAME_MAX_LENGTH = 63;

/**
 * Spec section 5: at least 4 characters; only letters, digits and hyphens. Like the API
 * (services/api/src/profile/name-rules.ts) and DNS: at most 63, no hyphen at either end, no two in
 * a row (which refuses IDNA `xn--` labels too). Non-ASCII is refused as typed, before any case
 * folding: 'K' (U+212A KELVIN SIGN) would otherwise fold into 'k', and NFC alone maps it to 'K'.
 * Undefined when fine.
 */
export function nameRuleProblem(label: string): string | undefined {
  if (label.length < NAME_MIN_LENGTH) return `Name must be at least ${NAME_MIN_LENGTH} characters`;
  if (label.normalize('NFC') !== label || !/^[A-Za-z0-9-]+$/.test(label)) return 'Name can only contain letters, numbers and hyphens';
  if (label.length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters`;
  if (label.startsWith('-') || label.endsWith('-')) return 'Name cannot start or end with a hyphen';
  if (label.includes('--')) return 'Name cannot contain two hyphens in a row';
  return undefined;
}

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

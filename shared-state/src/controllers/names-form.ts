import type { Store } from 'jotai/vanilla';
import type { NameProfile } from '../api/names';
import { DEBOUNCE_DEFAULT_MS } from '../constants';
import { initialNamesState, nameLabel, namesAtom, type NameAvailability, type NamesState } from '../names';

export interface NamesController {
  /** The Name input changed: state updates at once; the check runs after the spec's 500 ms debounce. */
  setLabel(label: string): void;
  /** A suggestion was picked: it becomes the label and is checked without waiting. */
  chooseSuggestion(name: string): void;
  /** Clears the form (keeps the names registered in this session). */
  reset(): void;
  /** Rules (spec section 5), then `GET /v1/profile/account/{name}` and suggestions; the state follows. */
  checkAvailability(label: string): Promise<NameAvailability>;
  /**
   * Builds the registration message, asks the connected wallet to sign it (personal_sign), posts it.
   * Success → RegisterAccountNameSuccess and the account shows the name; failure → RegisterAccountName
   * with 'Error registering name {x}: {reason}'.
   */
  register(): Promise<boolean>;
  /** The names of an address (reverse lookup), newest first; the active account's by default. */
  namesForAddress(address?: string): Promise<NameProfile[]>;
}

export type NamesFlow = Pick<NamesController, 'checkAvailability' | 'register' | 'namesForAddress'>;

/** The always-loaded half: input state and the debounce. The flow (API, wallet) loads on first check. */
export function createNamesForm(store: Store, flow: NamesFlow, debounceMs = DEBOUNCE_DEFAULT_MS): Omit<NamesController, keyof NamesFlow> & NamesFlow {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patch = (next: Partial<NamesState>) => store.set(namesAtom, { ...store.get(namesAtom), ...next });
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const input = (label: string): Partial<NamesState> => ({
    label,
    availability: label.trim() ? 'pending' : 'idle',
    availabilityMessage: undefined,
    registration: 'idle',
    registrationError: undefined,
  });

  return {
    ...flow,
    setLabel(label) {
      cancel();
      patch({ ...input(label), ...(label.trim() ? {} : { suggestions: [], suggestionsError: undefined }) });
      if (!label.trim()) return;
      timer = setTimeout(() => {
        timer = undefined;
        void flow.checkAvailability(label.trim()).catch(() => undefined);
      }, debounceMs);
    },
    chooseSuggestion(name) {
      cancel();
      const label = nameLabel(name);
      patch(input(label));
      void flow.checkAvailability(label).catch(() => undefined);
    },
    reset() {
      cancel();
      store.set(namesAtom, { ...initialNamesState, accountNames: store.get(namesAtom).accountNames });
    },
  };
}

import type { PorticoCore } from '@portico/shared-state';
import { legalConsentLinks } from '@portico/shared-state/wallet-list';
import { atom, useAtom } from 'jotai';

/** Ticked once, the box stays ticked while the page lives (as AppKit's), across closing and reopening the modal. */
const legalConsentAtom = atom(false);

/**
 * The legal checkbox of the Connect view (feature `legalCheckbox` with `termsConditionsUrl` or `privacyPolicyUrl`):
 * its links, whether it is ticked, and `locked`: the wallets and logins wait for the tick.
 */
export function useLegalConsent(portico: PorticoCore) {
  const links = legalConsentLinks(portico.options);
  const [accepted, setAccepted] = useAtom(legalConsentAtom);
  return { links, accepted, setAccepted, locked: Boolean(links) && !accepted };
}

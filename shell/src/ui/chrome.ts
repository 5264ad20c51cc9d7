import type { PorticoCore } from '@portico/shared-state';
import { resolveLocale } from '@portico/shared-state/locales';
import type { ShellChrome } from '@portico/ui';
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { importKit } from './kit';

/** The chrome once it has arrived (per instance: each has its own store), for the outlet and the live region too. */
export const shellChromeAtom = atom<ShellChrome>();

/**
 * The dialog's words, `lang` and `dir` in the modal's locale, from the UI kit (`loadChrome`): asked for when the
 * modal opens (the kit loads with the first view anyway), so no page loads the kit or a catalogue before then, and
 * asked again at an open after the page changed its `lang` to another locale (the views follow it as they render).
 * Until it answers (or if the kit fails to load) the header, the outlet and the live region speak the shell's English.
 */
export function useShellChrome(core: PorticoCore, open: boolean): ShellChrome | undefined {
  const [chrome, setChrome] = useAtom(shellChromeAtom);
  useEffect(() => {
    if (!open) return;
    // The rule `instance.getLocale()` and the kit follow: the option, else the page's lang as it is now.
    if (chrome?.locale === resolveLocale(core.options.locale, document.documentElement.lang)) return;
    let current = true;
    // Asked again on the next open if the kit failed to load; the store keeps what arrives.
    importKit()
      .then((ui) => ui.loadChrome(core.options.locale))
      .then((next) => current && setChrome(next), () => undefined);
    return () => {
      current = false;
    };
  }, [core, open, chrome, setChrome]);
  return chrome;
}

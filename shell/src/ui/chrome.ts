import type { PorticoCore } from '@portico/shared-state';
import { resolveLocale } from '@portico/shared-state/locales';
import type { ShellChrome } from '@portico/ui';
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { importKit } from './kit';

/** The chrome once it has arrived (per instance: each has its own store), for the outlet and the live region too. */
export const shellChromeAtom = atom<ShellChrome>();

/**
 * Loads the dialog's words (`loadChrome`, from the UI kit) for the modal's locale into the instance's store. The
 * idle prefetch calls it once it has loaded the kit (`create-portico.ts`), so the first open draws the header in
 * its words at once, with no second render after the click; a page without that prefetch gets them at the open.
 * @throws the kit's load error (the shell's English stays)
 */
export function loadShellChrome(core: PorticoCore): Promise<void> {
  return importKit()
    .then((ui) => ui.loadChrome(core.options.locale))
    .then((chrome) => core.store.set(shellChromeAtom, chrome));
}

/**
 * The dialog's words, `lang` and `dir` in the modal's locale: asked for at an open when they have not arrived yet
 * (no idle prefetch, or the kit failed to load), or after the page changed its `lang` to another locale (the views
 * follow it as they render). Until they arrive the header, the outlet and the live region speak the shell's English.
 */
export function useShellChrome(core: PorticoCore, open: boolean): ShellChrome | undefined {
  const chrome = useAtomValue(shellChromeAtom);
  useEffect(() => {
    if (!open) return;
    // The rule `instance.getLocale()` and the kit follow: the option, else the page's lang as it is now.
    if (chrome?.locale === resolveLocale(core.options.locale, document.documentElement.lang)) return;
    // Asked again on the next open if the kit failed to load; the store keeps what arrives.
    loadShellChrome(core).catch(() => undefined);
  }, [core, open, chrome]);
  return chrome;
}

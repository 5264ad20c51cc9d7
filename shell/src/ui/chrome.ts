import type { PorticoCore } from '@portico/shared-state';
import type { ShellChrome } from '@portico/ui';
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { importKit } from './kit';

/** The chrome once it has arrived (per instance: each has its own store), for the outlet and the live region too. */
export const shellChromeAtom = atom<ShellChrome>();

/**
 * The dialog's words, `lang` and `dir` in the modal's locale, from the UI kit (`loadChrome`): asked for when the
 * dialog's tree renders (the page is idle, the Connect prefetch loads the kit then anyway; or the first open), so
 * the first open finds them and draws once. Until they answer (or if the kit fails to load) the header, the outlet
 * and the live region speak the shell's English.
 */
export function useShellChrome(core: PorticoCore, open: boolean): ShellChrome | undefined {
  const [chrome, setChrome] = useAtom(shellChromeAtom);
  useEffect(() => {
    // Asked again at the next open if the kit failed to load; the store keeps what arrives.
    if (!chrome) importKit().then((ui) => ui.loadChrome(core.options.locale)).then(setChrome, () => undefined);
  }, [core, open, chrome, setChrome]);
  return chrome;
}

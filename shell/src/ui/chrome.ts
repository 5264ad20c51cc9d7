import type { PorticoCore } from '@portico/shared-state';
import type { ShellChrome } from '@portico/ui';
import { useEffect, useState } from 'react';
import { importKit } from './kit';

/**
 * The dialog's words, `lang` and `dir` in the modal's locale, from the UI kit (`loadChrome`): asked for when the
 * modal opens (the kit loads with the first view anyway), so no page loads the kit or a catalogue before then.
 * Until it answers (or if the kit fails to load) the header speaks the shell's English.
 */
export function useShellChrome(core: PorticoCore, open: boolean): ShellChrome | undefined {
  const [chrome, setChrome] = useState<ShellChrome>();
  const asked = open || chrome !== undefined;
  useEffect(() => {
    if (!asked) return;
    let current = true;
    importKit()
      .then((ui) => ui.loadChrome(core.options.locale))
      .then((loaded) => current && setChrome(loaded), () => undefined);
    return () => {
      current = false;
    };
  }, [core, asked]);
  return chrome;
}

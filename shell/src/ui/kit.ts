/**
 * The UI kit (`@portico/ui`) as the shell uses it: never before the first remote view. The remote
 * loader loads it in parallel with the first remote module, for the view outlet or the idle
 * prefetch (the remotes render with its parts, and its stylesheet must be in the shadow root before
 * they do). In the MF build the import goes
 * through the share scope (the kit is a shared singleton); in the plain-page build it is one async
 * chunk, which `federation-runtime.ts` also offers the remotes through `importKit` (one import()
 * site, so the bundler makes one chunk, not one per caller).
 */
import { adoptStylesheet } from '../element';

type UiKit = typeof import('@portico/ui');

let kitModule: Promise<UiKit> | undefined;

/** The kit's module, fetched once; a failed fetch is tried again on the next call. */
export function importKit(): Promise<UiKit> {
  kitModule ??= import('@portico/ui').catch((error: unknown) => {
    kitModule = undefined;
    throw error;
  });
  return kitModule;
}

/** Loads the kit and adopts its stylesheet into every <portico-modal> (now and later ones). */
export function loadKit(): Promise<void> {
  return importKit().then((ui) => adoptStylesheet('kit', ui.kitStylesheetText));
}

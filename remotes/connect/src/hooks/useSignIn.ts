import { errorText, signInAtom, type PorticoCore } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useState } from 'react';

/** The core's sign-in (present only when the host set `siwx` or `siweConfig`). */
export type SignIn = NonNullable<PorticoCore['siwx']>;

/**
 * The sign-in state (`signInAtom`) and the prompt's two answers. The controller's code loads on the
 * first call; if that load fails, the flow never writes its state, so the failure is kept here and
 * shown like the flow's own errors instead of being lost.
 * @example const { signing, error, signIn, cancel } = useSignIn(portico.siwx);
 */
export function useSignIn(siwx: SignIn) {
  const state = useAtomValue(signInAtom);
  const [loadFailure, setLoadFailure] = useState<string>();
  const run = (action: () => Promise<unknown>) => {
    setLoadFailure(undefined);
    action().catch((error: unknown) => setLoadFailure(errorText(error)));
  };
  return {
    signing: state.status === 'signing',
    /** The controller's words ('Signature declined') or the server's reason ('Message expired'). */
    error: loadFailure ?? (state.status === 'error' ? (state.error ?? errorText(undefined)) : undefined),
    /** Required mode: Cancel disconnects and the modal cannot be closed. */
    required: state.closeDisabled,
    signIn: () => run(() => siwx.signIn()),
    cancel: () => run(() => siwx.cancel()),
  };
}

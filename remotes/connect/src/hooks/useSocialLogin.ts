import { errorText, type PorticoCore, type Social, type SocialLoginState } from '@portico/shared-state';
import { useEmbeddedWallet, useStoreSnapshot } from '@portico/ui';
import { useState } from 'react';

const notLoadedState: SocialLoginState = { step: 'idle' };
/** Stands in for the social login store until the wallet has loaded: idle, no error. */
const notLoaded = { getSnapshot: () => notLoadedState, subscribe: () => () => undefined };

/**
 * The social buttons' action. Rendering them loads the embedded wallet (`useEmbeddedWallet`), so that a click
 * can call `social.start` synchronously: the store opens the popup first, inside the click's user activation,
 * where no pop-up blocker steps in. A click before the load finished awaits it and then starts (Chromium keeps
 * a click's activation for about 5 s). The error is the failed load's, or the store's own when it could not
 * open the window (the controller moves to ConnectingSocial only once the popup is open, and then shows the
 * sign-in's errors itself). Farcaster signs in with a QR code rather than a popup: its button only opens
 * ConnectingFarcaster, which starts the sign-in and shows its errors.
 *
 * @example
 * const { start, error } = useSocialLogin(portico);
 * <button onClick={() => start('github')}>Continue with GitHub</button>
 */
export function useSocialLogin(portico: PorticoCore) {
  const embedded = useEmbeddedWallet(portico);
  const wallet = embedded.status === 'ready' ? embedded.wallet : undefined;
  const social = useStoreSnapshot(wallet?.social ?? notLoaded);
  const [loadFailure, setLoadFailure] = useState<string>();
  // Only a sign-in started from this view shows its error here: one that ConnectingSocial already showed stays there.
  const [started, setStarted] = useState(false);

  const start = (provider: Social) => {
    if (provider === 'farcaster') return portico.router.push('ConnectingFarcaster');
    setLoadFailure(undefined);
    setStarted(true);
    if (wallet) return wallet.social.start(provider);
    portico.embedded?.load().then(
      (loaded) => loaded.social.start(provider),
      (failure: unknown) => setLoadFailure(errorText(failure)),
    );
  };

  return { start, error: loadFailure ?? (started && social.step === 'idle' ? social.error : undefined) };
}

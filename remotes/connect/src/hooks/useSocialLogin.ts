import { errorText, type EmbeddedWallet, type EmbeddedWalletHandle, type PorticoCore, type Social, type SocialLoginState } from '@portico/shared-state';
import { useStoreSnapshot } from '@portico/ui';
import { useState } from 'react';

const notLoadedState: SocialLoginState = { step: 'idle' };
/** Stands in for the social login store until the wallet has loaded: idle, no error. */
const notLoaded = { getSnapshot: () => notLoadedState, subscribe: () => () => undefined };

/**
 * The social buttons' actions. Showing them loads nothing: the embedded wallet (its code and the secure site's
 * iframe) loads when the person turns to them (`prepare`: pointer over or focus in the group), so a visitor who
 * connects another way never pays for it. A click on a loaded wallet calls `social.start` synchronously: the store
 * opens the popup first, inside the click's user activation, where no pop-up blocker steps in. A click before the
 * load finished opens the blank popup itself in the click, awaits the load and hands the popup to the store. The
 * error is the failed load's, or the store's own when it could not open the window (the controller moves to
 * ConnectingSocial only once the popup is open, and then shows the sign-in's errors itself). Farcaster signs in
 * with a QR code rather than a popup: its button only opens ConnectingFarcaster, which starts the sign-in and
 * shows its errors.
 *
 * @example
 * const { start, prepare, error } = useSocialLogin(portico);
 * <div onPointerEnter={prepare} onFocus={prepare}><button onClick={() => start('github')}>Continue with GitHub</button></div>
 */
export function useSocialLogin(portico: PorticoCore) {
  const handle = portico.embedded;
  const [wallet, setWallet] = useState<EmbeddedWallet | undefined>(() => handle?.current());
  const social = useStoreSnapshot(wallet?.social ?? notLoaded);
  const [loadFailure, setLoadFailure] = useState<string>();
  // Only a sign-in started from this view shows its error here: one that ConnectingSocial already showed stays there.
  const [started, setStarted] = useState(false);

  const load = (from: EmbeddedWalletHandle) => from.load().then((loaded) => (setWallet(loaded), loaded));

  const prepare = () => {
    if (handle && !wallet) load(handle).catch(() => undefined);
  };

  const start = (provider: Social) => {
    if (provider === 'farcaster') return portico.router.push('ConnectingFarcaster');
    if (!handle) return;
    setLoadFailure(undefined);
    setStarted(true);
    if (wallet) return wallet.social.start(provider);
    const popup = handle.openSocialWindow();
    load(handle).then(
      (loaded) => loaded.social.start(provider, popup),
      (failure: unknown) => {
        popup?.close();
        setLoadFailure(errorText(failure));
      },
    );
  };

  return { start, prepare, error: loadFailure ?? (started && social.step === 'idle' ? social.error : undefined) };
}

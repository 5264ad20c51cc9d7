import { activeAccountAtom, optionsAtom, shortenAddress, type PorticoCore } from '@portico/shared-state';
import { DetailList, ErrorPanel, StatusLine, WalletIcon } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSignIn, type SignIn } from '../hooks/useSignIn';

export interface SignInPromptProps {
  portico: PorticoCore;
  siwx: SignIn;
  /** The connected address that signs. */
  address: string;
}

/**
 * Asks the connected account to sign the app's sign-in message: who asks (the app's name and icon),
 * for which site (the page's host), what signing means, and Sign / Cancel with the pending and
 * error states (spec sections 2, 4, 8).
 */
export function SignInPrompt({ portico, siwx, address }: SignInPromptProps) {
  const { metadata } = useAtomValue(optionsAtom) ?? portico.options;
  const walletName = useAtomValue(activeAccountAtom).connectedWalletInfo?.name ?? 'your wallet';
  const { signing, error, required, signIn, cancel } = useSignIn(siwx);
  const domain = window.location.host;

  return (
    <div className="portico-stack">
      <div className="portico-center">
        <WalletIcon src={metadata.icons[0]} large />
        <p className="portico-title">{metadata.name} asks you to sign in</p>
        <p className="portico-muted">Sign this message to prove you own this wallet. It costs nothing and sends no transaction.</p>
      </div>
      <DetailList
        label="Sign-in request"
        rows={[
          { term: 'App', detail: metadata.name },
          { term: 'Domain', detail: domain },
          { term: 'Account', detail: shortenAddress(address), exact: address },
        ]}
      />
      {required && <p className="portico-muted">This site requires signing in. Cancel disconnects the wallet.</p>}
      {signing && <StatusLine>{`Authenticating... Continue in ${walletName}`}</StatusLine>}
      {error && <ErrorPanel message={error} />}
      <div className="portico-row">
        <button type="button" className="portico-button portico-button-secondary" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="portico-button" onClick={signIn} disabled={signing} aria-busy={signing}>
          {error ? 'Try again' : 'Sign'}
        </button>
      </div>
    </div>
  );
}

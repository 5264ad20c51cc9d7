import { activeAccountAtom, optionsAtom, shortenAddress, type PorticoCore } from '@portico/shared-state';
import { DetailList, ErrorPanel, RoundIcon, StatusLine } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useSignIn, type SignIn } from '../hooks/useSignIn';
import { useConnectMessages } from '../messages';

export interface SignInPromptProps {
  portico: PorticoCore;
  siwx: SignIn;
  /** The connected address that signs. */
  address: string;
}

/**
 * Asks the connected account to sign the app's sign-in message: who asks (the app's name and icon,
 * or its monogram when it has none), for which site (the page's host), what signing means, and
 * Sign / Cancel with the pending and error states (spec sections 2, 4, 8). Sign is described by the
 * title, so a screen reader hears whom the signature is for.
 */
export function SignInPrompt({ portico, siwx, address }: SignInPromptProps) {
  const t = useConnectMessages();
  const { metadata } = useAtomValue(optionsAtom) ?? portico.options;
  const walletName = useAtomValue(activeAccountAtom).connectedWalletInfo?.name ?? t('siwx.yourWallet');
  const { signing, error, required, signIn, cancel } = useSignIn(siwx);
  const domain = window.location.host;
  const titleId = useId();

  return (
    <div className="portico-stack">
      <div className="portico-center">
        <RoundIcon src={metadata.icons[0]} text={metadata.name} size={80} />
        <p id={titleId} className="portico-title">
          {t('siwx.wantsSignIn', { app: metadata.name })}
        </p>
        <p className="portico-muted">{t('siwx.explain')}</p>
      </div>
      <DetailList
        label={t('siwx.request')}
        rows={[
          { term: t('siwx.app'), detail: metadata.name },
          { term: t('siwx.domain'), detail: domain },
          { term: t('siwx.account'), detail: shortenAddress(address), exact: address },
        ]}
      />
      {required && <p className="portico-muted">{t('siwx.required')}</p>}
      {signing && <StatusLine>{t('siwx.authenticating', { wallet: walletName })}</StatusLine>}
      {error && <ErrorPanel message={error} />}
      <div className="portico-row">
        <button type="button" className="portico-button portico-button-secondary" onClick={cancel}>
          {t('siwx.cancel')}
        </button>
        <button type="button" className="portico-button" onClick={signIn} disabled={signing} aria-busy={signing} aria-describedby={titleId}>
          {error ? t('tryAgain') : t('siwx.sign')}
        </button>
      </div>
    </div>
  );
}
